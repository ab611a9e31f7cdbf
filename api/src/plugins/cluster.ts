/**
 * `fastify.databaseListener`: on PostgreSQL, this instance's connection that hears what other
 * instances changed (cluster/database-listener.ts); undefined on SQLite, where one instance
 * owns the file and learns its own changes directly. Closed with the server.
 */
import fp from 'fastify-plugin';
import { DatabaseListener } from '../cluster/database-listener';
import { postgresConnectionStringOf } from '../db/connection';

declare module 'fastify' {
  interface FastifyInstance {
    databaseListener: DatabaseListener | undefined;
  }
}

export default fp(
  async (fastify) => {
    const pooled = postgresConnectionStringOf(fastify.db);
    if (pooled === undefined) {
      fastify.decorate('databaseListener', undefined);
      return;
    }
    const listener = new DatabaseListener(fastify.config.databaseDirectUrl ?? pooled, fastify.log);
    fastify.decorate('databaseListener', listener);
    fastify.addHook('onClose', () => listener.close());
    await listener.start();
  },
  { name: 'cluster', dependencies: ['config', 'db'] },
);
