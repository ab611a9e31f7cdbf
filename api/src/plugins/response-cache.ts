/**
 * A cache of list and dashboard answers, exact on SQLite.
 *
 * An answer is kept with the database's change counter at the time it was
 * computed (db/connection.ts) and served again only while the counter is
 * unchanged: any write through the API's connection (any route, the demo
 * seed, the future scheduler) makes every kept answer stale at once; a write
 * by another process within 50 ms. Answers that depend on the clock (the
 * dashboard's "overdue") are kept at most `ttlMs`.
 *
 * Keys hold the caller (organisation, user, role) and the full URL, so an
 * answer is only ever served to the caller it was computed for.
 *
 * PostgreSQL has no such cheap counter that is safe across instances, so
 * there the cache is off and every request reads the database.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TOTAL_COUNT_HEADER } from '@duly/shared/contract';
import { changeCounterOf } from '../db/connection';

interface Entry {
  version: string;
  expiresAt: number;
  body: string;
  total: number | undefined;
}

export interface Computed {
  body: unknown;
  /** For lists: the X-Total-Count. */
  total?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers from the cache when it is still exact, else computes, answers and keeps. */
    cachedAnswer(
      request: FastifyRequest,
      reply: FastifyReply,
      ttlMs: number,
      compute: () => Promise<Computed>,
    ): Promise<FastifyReply>;
  }
}

const MAX_ENTRIES = 1000;

/** Lists do not depend on the clock; the bound only limits how long an entry may linger. */
export const LIST_TTL_MS = 60_000;
/** The dashboard counts what is past due now, so its answer may be at most a second old. */
export const DASHBOARD_TTL_MS = 1000;

function send(reply: FastifyReply, body: unknown, total: number | undefined): FastifyReply {
  if (total !== undefined) reply.header(TOTAL_COUNT_HEADER, String(total));
  return reply.send(body);
}

export default fp<{ enabled: boolean }>(
  async (fastify, { enabled }) => {
    const version = enabled ? changeCounterOf(fastify.db) : undefined;
    // A Map keeps insertion order: re-inserting on a hit makes it a small LRU.
    const entries = new Map<string, Entry>();

    fastify.decorate(
      'cachedAnswer',
      async (
        request: FastifyRequest,
        reply: FastifyReply,
        ttlMs: number,
        compute: () => Promise<Computed>,
      ) => {
        if (!version) {
          const { body, total } = await compute();
          return send(reply, body, total);
        }
        const { caller } = request;
        const key = `${caller.organization_id}|${caller.id}|${caller.role}|${request.url}`;
        const current = version();
        const now = Date.now();
        const kept = entries.get(key);
        if (kept && kept.version === current && kept.expiresAt > now) {
          entries.delete(key);
          entries.set(key, kept);
          return send(reply.type('application/json; charset=utf-8'), kept.body, kept.total);
        }

        const { body, total } = await compute();
        // Serialised once with the route's response schema, then sent as is on every hit.
        const serialized = reply.serialize(body) as string;
        entries.delete(key);
        entries.set(key, { version: current, expiresAt: now + ttlMs, body: serialized, total });
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        return send(reply.type('application/json; charset=utf-8'), serialized, total);
      },
    );
  },
  { name: 'response-cache', dependencies: ['db'] },
);
