/** Gives every route `fastify.mailer` (mail/mailer.ts) and closes its connections on close. */
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async (fastify) => {
    const mailer = createMailer(
      { smtpUrl: fastify.config.smtpUrl, from: fastify.config.mailFrom },
      fastify.log,
    );
    fastify.decorate('mailer', mailer);
    fastify.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', dependencies: ['config'] },
);
