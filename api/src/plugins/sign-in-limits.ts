/**
 * One sign-in limiter and one password gate per instance (lib/login-limiter.ts), shared by
 * every route that checks or hashes a password (sign-in, sign-up, the profile's password
 * change), so a password check anywhere counts against the same limits.
 */
import fp from 'fastify-plugin';
import { LoginLimiter, PasswordGate } from '../lib/login-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    signInLimiter: LoginLimiter;
    passwordGate: PasswordGate;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('signInLimiter', new LoginLimiter());
    fastify.decorate('passwordGate', new PasswordGate());
  },
  { name: 'sign-in-limits' },
);
