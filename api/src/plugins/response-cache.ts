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
 * Answers are kept compressed too (brotli and gzip, made on the first hit that asks for
 * them), so a hit costs no compression: compressing each hit again made a cached page five
 * times slower than sending it as it is.
 *
 * PostgreSQL has no such cheap counter that is safe across instances, so
 * there the cache is off and every request reads the database.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TOTAL_COUNT_HEADER } from '@duly/shared/contract';
import { changeCounterOf } from '../db/connection';
import {
  COMPRESSION_THRESHOLD_BYTES,
  compress,
  preferredEncoding,
  type Encoding,
} from '../lib/compression';

interface Entry {
  expiresAt: number;
  body: string;
  total: number | undefined;
  /** The body compressed, per encoding, once a client asked for it. */
  encoded: Partial<Record<Encoding, Buffer>>;
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

/** Bounds on what is kept; the least recently used answers go first. */
const MAX_ENTRIES = 1000;
const MAX_CHARACTERS = 32 * 1024 * 1024;

/** Lists do not depend on the clock; the bound only limits how long an entry may linger. */
export const LIST_TTL_MS = 60_000;
/** The dashboard counts what is past due now, so its answer may be at most a second old. */
export const DASHBOARD_TTL_MS = 1000;

function send(reply: FastifyReply, body: unknown, total: number | undefined): FastifyReply {
  if (total !== undefined) reply.header(TOTAL_COUNT_HEADER, String(total));
  return reply.send(body);
}

/** What a kept answer costs in memory: its text and the compressed copies made so far. */
function sizeOf(entry: Entry): number {
  return entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);
}

export default fp<{ enabled: boolean }>(
  async (fastify, { enabled }) => {
    const version = enabled ? changeCounterOf(fastify.db) : undefined;
    // A Map keeps insertion order: re-inserting on a hit makes it a small LRU.
    const entries = new Map<string, Entry>();
    let characters = 0;
    /** The change counter the kept answers were computed at. */
    let keptAt = '';

    function forget(key: string): void {
      const entry = entries.get(key);
      if (!entry) return;
      characters -= sizeOf(entry);
      entries.delete(key);
    }

    function keep(key: string, entry: Entry): void {
      forget(key);
      entries.set(key, entry);
      characters += sizeOf(entry);
      while (entries.size > MAX_ENTRIES || characters > MAX_CHARACTERS) {
        forget(entries.keys().next().value as string);
      }
    }

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
        if (current !== keptAt) {
          // Something was written: every kept answer may be stale.
          entries.clear();
          characters = 0;
          keptAt = current;
        }
        const now = Date.now();
        const kept = entries.get(key);
        if (kept && kept.expiresAt > now) {
          entries.delete(key);
          entries.set(key, kept);
          reply.type('application/json; charset=utf-8');
          const encoding = preferredEncoding(request.headers['accept-encoding']);
          if (!encoding || kept.body.length < COMPRESSION_THRESHOLD_BYTES) {
            return send(reply, kept.body, kept.total);
          }
          let encoded = kept.encoded[encoding];
          if (!encoded) {
            encoded = compress(kept.body, encoding);
            kept.encoded[encoding] = encoded;
            characters += encoded.length;
          }
          // @fastify/compress leaves an answer that already has a Content-Encoding alone.
          reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
          return send(reply, encoded, kept.total);
        }

        const { body, total } = await compute();
        // Serialised once with the route's response schema, then sent as is on every hit.
        const serialized = reply.serialize(body) as string;
        // Kept only if nothing was written while it was computed.
        if (version() === keptAt)
          keep(key, { expiresAt: now + ttlMs, body: serialized, total, encoded: {} });
        return send(reply.type('application/json; charset=utf-8'), serialized, total);
      },
    );
  },
  { name: 'response-cache', dependencies: ['db'] },
);
