/**
 * Personal API tokens and calendar feeds (issue 30, docs/integrations.md).
 *
 * - `tokenRoutes` and `calendarUrlRoutes` are signed-in routes (app.ts registers them behind
 *   `authenticate`): /profile/api-tokens, /api-tokens (admins), /profile/calendar-url.
 * - `calendarFeedRoutes` is public: /calendar/{secret}.ics, where the secret is the authority.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_TOKENS_PER_PERSON,
  countWorkingApiTokens,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
  type ApiTokenListed,
} from '../../db/repositories/api-tokens';
import {
  CALENDAR_ITEMS_MAX,
  calendarCertificates,
  calendarTasks,
  findCalendarFeed,
  findCalendarFeedOf,
  replaceCalendarFeed,
} from '../../db/repositories/calendar-feeds';
import { addCalendarDays, kolkataTodayAt, nowIso, parseInstant } from '../../lib/dates';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors';
import { calendar, type CalendarEvent } from '../../lib/icalendar';
import { calendarSecret, newApiToken, newNonce, secretHash } from '../../lib/secrets';
import { hasRole, requireRole, requireSession } from '../../plugins/auth';
import { addCertificateSchedule } from './schedule';
import {
  calendarFeedSchema,
  createCalendarUrlSchema,
  createTokenSchema,
  getCalendarUrlSchema,
  listOrganizationTokensSchema,
  listOwnTokensSchema,
  revokeOrganizationTokenSchema,
  revokeOwnTokenSchema,
} from './schema';

/** A token's default life when `expires_at` is left out. */
export const API_TOKEN_DEFAULT_DAYS = 90;
const DAY_MS = 86_400_000;

function listed({ user_id: _u, user_full_name: _n, user_email: _e, ...token }: ApiTokenListed) {
  return token;
}

export const tokenRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db } = fastify;

  // Every list tells its total (X-Total-Count); these are short and answered whole.
  fastify.get('/profile/api-tokens', { schema: listOwnTokensSchema }, async (request, reply) => {
    const { caller } = request;
    const tokens = await listApiTokens(db, {
      organizationId: caller.organization_id,
      userId: caller.id,
      now: nowIso(),
    });
    reply.header('x-total-count', String(tokens.length));
    return tokens.map(listed);
  });

  // Sessions only: a token that could make tokens could outlive its own revocation.
  fastify.post(
    '/profile/api-tokens',
    { schema: createTokenSchema, preHandler: requireSession },
    async (request, reply) => {
      const { caller, body } = request;
      const now = new Date();
      let expiresAt: string | null;
      if (body.expires_at === undefined) {
        expiresAt = new Date(now.getTime() + API_TOKEN_DEFAULT_DAYS * DAY_MS).toISOString();
      } else if (body.expires_at === null) {
        if (!hasRole(caller, 'admin')) {
          throw fieldError(
            'expires_at',
            'is required: only admins may make tokens that never expire',
          );
        }
        expiresAt = null;
      } else {
        expiresAt = parseInstant(body.expires_at);
        if (expiresAt === null) throw fieldError('expires_at', 'must be an ISO-8601 instant');
        if (expiresAt <= now.toISOString()) throw fieldError('expires_at', 'must be in the future');
      }
      const name = body.name.trim().replace(/\s+/g, ' ');
      if (!name) throw fieldError('name', 'is required');
      const count = await countWorkingApiTokens(
        db,
        caller.organization_id,
        caller.id,
        now.toISOString(),
      );
      if (count >= API_TOKENS_PER_PERSON) {
        throw conflict(`You already have ${API_TOKENS_PER_PERSON} tokens; revoke one first.`);
      }
      const token = newApiToken();
      const id = randomUUID();
      const createdAt = now.toISOString();
      await insertApiToken(db, {
        id,
        organizationId: caller.organization_id,
        userId: caller.id,
        name,
        tokenHash: secretHash(token),
        scope: body.scope,
        expiresAt,
        now: createdAt,
      });
      reply.code(201);
      return { id, name, scope: body.scope, created_at: createdAt, expires_at: expiresAt, token };
    },
  );

  fastify.delete(
    '/profile/api-tokens/:id',
    { schema: revokeOwnTokenSchema },
    async (request, reply) => {
      const { caller } = request;
      const revoked = await revokeApiToken(db, {
        organizationId: caller.organization_id,
        userId: caller.id,
        id: request.params.id,
        now: nowIso(),
      });
      if (!revoked) throw notFound('API token');
      tellStreamsRevoked(fastify, caller.organization_id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    '/api-tokens',
    { schema: listOrganizationTokensSchema, preHandler: requireRole('admin') },
    async (request, reply) => {
      const tokens = await listApiTokens(db, {
        organizationId: request.caller.organization_id,
        now: nowIso(),
      });
      reply.header('x-total-count', String(tokens.length));
      return tokens.map((token) => ({
        ...listed(token),
        user: { id: token.user_id, full_name: token.user_full_name, email: token.user_email },
      }));
    },
  );

  fastify.delete(
    '/api-tokens/:id',
    { schema: revokeOrganizationTokenSchema, preHandler: requireRole('admin') },
    async (request, reply) => {
      const revoked = await revokeApiToken(db, {
        organizationId: request.caller.organization_id,
        id: request.params.id,
        now: nowIso(),
      });
      if (!revoked) throw notFound('API token');
      tellStreamsRevoked(fastify, request.caller.organization_id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** Ends, on every instance, the live streams the revoked token opened (docs/live.md). */
function tellStreamsRevoked(fastify: FastifyInstance, organizationId: string, tokenId: string) {
  fastify.publishChange({ organizationId, kinds: [], ids: [], revokedTokens: [tokenId] });
}

export const calendarUrlRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, config } = fastify;

  const urlOf = (secret: string) => `${config.publicUrl}/api/v1/calendar/${secret}.ics`;

  fastify.get('/profile/calendar-url', { schema: getCalendarUrlSchema }, async (request) => {
    const { caller } = request;
    const feed = await findCalendarFeedOf(db, caller.organization_id, caller.id);
    if (!feed) return { url: null, scope: null };
    // Shown only while it still derives from this server's key and the row: after a key
    // change (or for a URL made before nonces), the person regenerates it.
    const secret = feed.secret_nonce && calendarSecret(config.jwtSecret, feed.secret_nonce);
    const current = secret && secretHash(secret) === feed.secret_hash;
    return { url: current ? urlOf(secret) : null, scope: feed.scope };
  });

  fastify.post('/profile/calendar-url', { schema: createCalendarUrlSchema }, async (request) => {
    const { caller } = request;
    const scope = request.body?.scope ?? 'mine';
    if (scope === 'organization' && !hasRole(caller, 'manager')) {
      throw forbidden('Only managers and admins may subscribe to the organisation’s calendar.');
    }
    const nonce = newNonce();
    const secret = calendarSecret(config.jwtSecret, nonce);
    await replaceCalendarFeed(db, {
      organizationId: caller.organization_id,
      userId: caller.id,
      secretHash: secretHash(secret),
      secretNonce: nonce,
      scope,
      now: nowIso(),
    });
    return { url: urlOf(secret), scope };
  });
};

/** Open tasks overdue for longer than this are left out of feeds. */
const PAST_DAYS = 30;

export const calendarFeedRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, config } = fastify;

  fastify.get('/calendar/:file', { schema: calendarFeedSchema }, async (request, reply) => {
    const match = /^([A-Za-z0-9_-]{16,})\.ics$/.exec(request.params.file);
    if (!match) throw notFound('Calendar');
    const feed = await findCalendarFeed(db, secretHash(match[1]));
    // A demoted manager's organisation feed stops rather than showing more than they may see.
    if (!feed || (feed.scope === 'organization' && feed.role === 'employee')) {
      throw notFound('Calendar');
    }
    const now = new Date();
    const today = kolkataTodayAt(now);
    const whose = feed.scope === 'mine' ? feed.user_id : undefined;
    const filter = {
      organizationId: feed.organization_id,
      userId: whose,
      limit: CALENDAR_ITEMS_MAX,
    };
    const [tasks, certificates] = await Promise.all([
      calendarTasks(db, {
        ...filter,
        from: new Date(now.getTime() - PAST_DAYS * DAY_MS).toISOString(),
      }),
      calendarCertificates(db, { ...filter, from: addCalendarDays(today, -PAST_DAYS) }),
    ]);
    const events: CalendarEvent[] = [];
    for (const task of tasks) {
      const who = whose === undefined && task.assignee_name ? ` (${task.assignee_name})` : '';
      events.push({
        uid: `task-${task.id}@duly`,
        stamp: task.updated_at,
        summary: `Task due: ${task.title}${who}`,
        description: task.description ?? undefined,
        start: { instant: task.due_date },
        url: `${config.publicUrl}/tasks/${task.id}`,
        categories: 'Task',
      });
    }
    for (const certificate of certificates) {
      const who =
        whose === undefined && certificate.incharge_name ? ` (${certificate.incharge_name})` : '';
      const url = `${config.publicUrl}/certificates/${certificate.id}`;
      events.push({
        uid: `certificate-${certificate.id}-expiry@duly`,
        stamp: certificate.updated_at,
        summary: `Certificate expires: ${certificate.name}${who}`,
        description: certificate.description ?? undefined,
        start: { date: certificate.expiry_date },
        url,
        categories: 'Certificate',
      });
      addCertificateSchedule(events, certificate, who, url, today);
    }
    const name =
      feed.scope === 'mine'
        ? `Duly: ${feed.full_name ?? 'my'} deadlines`
        : `Duly: ${feed.organization_name}`;
    const body = calendar({ name, events });
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
    const asked = request.headers['if-none-match'];
    if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send(null);
    }
    return reply.type('text/calendar; charset=utf-8').send(body);
  });
};
