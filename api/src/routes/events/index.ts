/**
 * Live updates (issue 31, item 3; docs/live.md): `POST /events/ticket` (signed in) and
 * `GET /events` (a ticket or the Authorization header), the stream itself.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isApiTokenWorking } from '../../db/repositories/api-tokens';
import { spendEventTicket } from '../../db/repositories/event-tickets';
import { nowIso } from '../../lib/dates';
import { unauthorized } from '../../lib/http-errors';
import { HEARTBEAT_MS, startEventStream, type StreamOwner } from '../../live/event-stream';
import { issueTicket, readTicket } from '../../live/tickets';
import { createTicketSchema, LAST_EVENT_ID_MAX, streamSchema } from './schema';

/**
 * Where the client was: `last_event_id` (a new EventSource, opened with a new ticket, cannot
 * set the header) or the `Last-Event-ID` header (EventSource's own reconnection, or a client
 * that sends headers). A header that is no id is treated as an unknown one (a reset).
 */
function lastEventIdOf(query: string | undefined, header: string | string[] | undefined) {
  if (query !== undefined) return query;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  return value.slice(0, LAST_EVENT_ID_MAX);
}

/** The ticket route: registered among the signed-in routes. */
export const eventTicketRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/events/ticket', { schema: createTicketSchema }, async (request) => {
    const { caller } = request;
    const ticket = issueTicket(
      {
        userId: caller.id,
        organizationId: caller.organization_id,
        role: caller.role,
        tokenVersion: caller.token_version,
      },
      fastify.config.jwtSecret,
    );
    return { ticket };
  });
};

/** The stream: registered outside the signed-in routes, since a ticket may open it. */
export const eventStreamRoutes: FastifyPluginAsyncTypebox<{ heartbeatMs?: number }> = async (
  fastify,
  { heartbeatMs = HEARTBEAT_MS },
) => {
  async function ownerOfTicket(ticket: string): Promise<StreamOwner & { tokenVersion: number }> {
    const claims = readTicket(ticket, fastify.config.jwtSecret);
    if (!claims) throw unauthorized('This ticket is not valid or has expired; ask for a new one');
    const firstUse = await spendEventTicket(
      fastify.db,
      {
        organizationId: claims.organizationId,
        nonce: claims.nonce,
        expiresAt: new Date(claims.expiresAt).toISOString(),
      },
      new Date().toISOString(),
    );
    if (!firstUse) throw unauthorized('This ticket was already used; ask for a new one');
    return claims;
  }

  fastify.get('/events', { schema: streamSchema }, async (request, reply) => {
    let owner: StreamOwner & { tokenVersion: number };
    if (request.query.ticket !== undefined) {
      owner = await ownerOfTicket(request.query.ticket);
    } else {
      await fastify.authenticate(request, reply);
      const { caller } = request;
      owner = {
        userId: caller.id,
        organizationId: caller.organization_id,
        role: caller.role,
        tokenVersion: caller.token_version,
        ...(caller.credential.kind === 'api_token' && {
          apiTokenId: caller.credential.token_id,
        }),
      };
    }
    const { apiTokenId } = owner;
    const stillSignedIn = async () => {
      const current = await fastify.tokenVersions.current(owner.organizationId, owner.userId);
      if (current === undefined || owner.tokenVersion < current) return false;
      // A token is read afresh: revoked or expired since the stream opened ends it.
      return (
        apiTokenId === undefined ||
        (await isApiTokenWorking(fastify.db, owner.organizationId, apiTokenId, nowIso()))
      );
    };
    if (!(await stillSignedIn())) throw unauthorized('Your session has ended. Sign in again.');

    reply.hijack();
    const end = startEventStream(reply.raw, {
      owner,
      feed: fastify.changeFeed,
      heartbeatMs,
      stillSignedIn,
      headers: reply.getHeaders(),
      lastEventId: lastEventIdOf(request.query.last_event_id, request.headers['last-event-id']),
    });
    fastify.liveStreams.add(end);
    reply.raw.on('close', () => fastify.liveStreams.delete(end));
  });
};
