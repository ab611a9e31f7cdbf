/**
 * One sign-in limiter and one password gate per instance (lib/login-limiter.ts), shared by
 * every route that checks or hashes a password (sign-in, sign-up, the profile's password
 * change), so a password check anywhere counts against the same limits; and one count of
 * the mails strangers make Duly send to each recipient (forgot password, sign-up).
 */
import fp from 'fastify-plugin';
import { LoginLimiter, PasswordGate } from '../lib/login-limiter';
import { ACCOUNT_LIMITS, RequestLimiter } from '../lib/request-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    signInLimiter: LoginLimiter;
    passwordGate: PasswordGate;
    /** Per recipient email: mails anyone can trigger (lib/request-limiter.ts). */
    mailsPerRecipient: RequestLimiter;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('signInLimiter', new LoginLimiter());
    fastify.decorate('passwordGate', new PasswordGate());
    fastify.decorate('mailsPerRecipient', new RequestLimiter(ACCOUNT_LIMITS.mailsPerRecipient));
  },
  { name: 'sign-in-limits' },
);
