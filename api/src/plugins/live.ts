/**
 * Live updates (issue 31, item 3; docs/live.md): `fastify.changeFeed` carries what each
 * committed write changed to every open stream of the organisation, on this instance and,
 * on PostgreSQL, every other. Streams are ended when the server closes (an open stream would
 * otherwise hold the close until its client goes away).
 */
import fp from 'fastify-plugin';
import { ChangeFeed, type Change } from '../live/change-feed';

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
    /** Ends every open stream of this instance (their clients reconnect elsewhere). */
    liveStreams: Set<() => void>;
    /** Publishes a committed change; a failure is logged, never the writer's problem. */
    publishChange(change: Change): void;
  }
}

export default fp(
  async (fastify) => {
    const feed = await ChangeFeed.create(fastify.db, fastify.databaseListener);
    const streams = new Set<() => void>();
    fastify.decorate('changeFeed', feed);
    fastify.decorate('liveStreams', streams);
    fastify.decorate('publishChange', (change: Change) => {
      feed.publish(change).catch((error: unknown) => {
        fastify.log.warn({ err: error }, 'Could not tell open screens about a change');
      });
    });
    fastify.addHook('preClose', async () => {
      for (const end of [...streams]) end();
    });
  },
  { name: 'live', dependencies: ['db', 'cluster'] },
);
