/**
 * Gives every route, and the reminders' scheduler (server.ts), `fastify.mailer`
 * (mail/mailer.ts): one pool of SMTP connections for the process, closed on close.
 */
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
      {
        smtpUrl: fastify.config.smtpUrl,
        from: fastify.config.mailFrom,
        poolConnections: fastify.config.smtpPoolConnections,
        poolMessages: fastify.config.smtpPoolMessages,
        ratePerMinute: fastify.config.mailRatePerMinute,
      },
      fastify.log,
    );
    fastify.decorate('mailer', mailer);
    fastify.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', dependencies: ['config'] },
);
