/**
 * One sign-in limiter and one password gate per instance (lib/login-limiter.ts), shared by
 * every route that checks or hashes a password (sign-in, sign-up, the profile's password
 * change), so a password check anywhere counts against the same limits; and one count of
 * the mails strangers make Duly send to each recipient (forgot password, sign-up).
 *
 * Where they count (issue 31, item 1): in Redis when REDIS_URL is set, else in PostgreSQL when
 * the database is PostgreSQL (several instances share one budget), else in this process
 * (SQLite: one instance). The password gate bounds this process's CPU, so it stays here.
 * The budget of requests per signed-in person (config.userRequests) counts in the same place.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isPostgres } from '../db/database-clock';
import { LoginLimiter, PasswordGate, SIGN_IN_LIMITS } from '../lib/login-limiter';
import { ACCOUNT_LIMITS, RequestLimiter, type RequestLimit } from '../lib/request-limiter';
import { PostgresLimitStore } from '../limits/pg-store';
import { RedisLimitStore } from '../limits/redis-store';
import type { LimitStore } from '../limits/store';
import { MemoryCounter } from '../limits/user-requests';
import { tooManyRequests } from '../lib/http-errors';

declare module 'fastify' {
  interface FastifyInstance {
    signInLimiter: LoginLimiter;
    passwordGate: PasswordGate;
    /** Per recipient email: mails anyone can trigger (lib/request-limiter.ts). */
    mailsPerRecipient: RequestLimiter;
    /** The shared store the limits count in; undefined: in this process (SQLite). */
    limitStore: LimitStore | undefined;
    /** A request limiter counting where this app's limits count, under `name`. */
    requestLimiter(name: string, limit: RequestLimit): RequestLimiter;
    /**
     * onRequest, after `authenticate`: counts the request against its person's budget
     * (config.userRequests); 429 with Retry-After when it is spent.
     */
    limitUserRequests(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export default fp(
  async (fastify) => {
    const { config, db } = fastify;
    const store: LimitStore | undefined = config.redisUrl
      ? new RedisLimitStore(config.redisUrl)
      : isPostgres(db)
        ? new PostgresLimitStore(db, (error) =>
            fastify.log.error({ err: error }, 'Could not clean old limit rows'),
          )
        : undefined;
    if (store) fastify.addHook('onClose', () => store.close());
    const requestLimiter = (name: string, limit: RequestLimit) =>
      new RequestLimiter(limit, Date.now, store && { store, name });
    fastify.decorate('limitStore', store);
    fastify.decorate('requestLimiter', requestLimiter);
    fastify.decorate(
      'signInLimiter',
      new LoginLimiter(config.signInLimits ?? SIGN_IN_LIMITS, Date.now, store),
    );
    fastify.decorate('passwordGate', new PasswordGate());
    const { max, windowMs } = config.userRequests;
    const inMemory = new MemoryCounter();
    fastify.decorate('limitUserRequests', async (request: FastifyRequest, reply: FastifyReply) => {
      if (max <= 0) return;
      const key = `user-requests:${request.caller.id}`;
      const answer = store
        ? await store.count(key, max, windowMs)
        : inMemory.count(key, max, windowMs);
      if (answer.admitted) return;
      reply.header('Retry-After', String(answer.retryAfterSeconds));
      throw tooManyRequests(
        `Too many requests. Try again in ${answer.retryAfterSeconds} second${answer.retryAfterSeconds === 1 ? '' : 's'}.`,
      );
    });
    fastify.decorate(
      'mailsPerRecipient',
      requestLimiter('mails-per-recipient', ACCOUNT_LIMITS.mailsPerRecipient),
    );
  },
  { name: 'sign-in-limits' },
);
