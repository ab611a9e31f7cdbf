/** Gives every route `fastify.db`; the caller (server or test) owns its lifetime. */
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Db } from '../db/tables';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** True when the database answers a trivial query. */
    databaseAnswers(): Promise<boolean>;
  }
}

export default fp<{ db: Db }>(
  async (fastify, { db }) => {
    fastify.decorate('db', db);
    fastify.decorate('databaseAnswers', async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch (error) {
        fastify.log.error({ err: error }, 'Database health check failed');
        return false;
      }
    });
  },
  { name: 'db' },
);
