/**
 * The session token mirrored into a cookie for the HTML route's use only (issue 32, the rows in
 * the server's HTML). The shell keeps its token in local storage and sends it as a bearer, as
 * before; it also hands it to `PUT /web/session` after every sign-in and token change (and at
 * start-up when the page says the server had no session), and `DELETE /web/session` at sign-out
 * or when the API refused the token. The cookie is `HttpOnly`, `SameSite=Strict`, `Path=/`,
 * `Secure` on https, and expires with the token.
 *
 * Why an endpoint of the web server rather than a `Set-Cookie` on the sign-in answers: the
 * cookie belongs to the origin that serves the HTML, which is not the API's when API_BASE_URL
 * points elsewhere; seven routes hand out tokens (sign-in, sign-up, an accepted invitation, a
 * confirmed email, a reset or changed password, a new name) and one endpoint covers them all,
 * and a token stored before this release; sign-out and a refused token end the session in the
 * browser alone, with no call to the API, so clearing needed an endpoint anyway; and the API
 * itself stays free of cookies (its auth reads the Authorization header alone: a request with
 * the cookie and no header is a 401, so no cross-site request can ride on it).
 *
 * PUT and DELETE are not methods a page of another site may send without a CORS preflight,
 * which these routes never allow; PUT also needs the token itself as its bearer.
 */
import { parse as parseCookie, serialize as serializeCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { verifyToken } from '../lib/jwt';
import { isApiToken } from '../lib/secrets';

/** The cookie's name: only this module and the HTML route (index.ts) read it. */
export const SESSION_COOKIE = 'duly_session';

/** Where the shell sends its token (same origin as the page). */
export const SESSION_COOKIE_PATH = '/web/session';

/**
 * How many of the cookie token's last characters (its signature's) the page carries, so the
 * shell can tell whether the cookie holds its own token (shell/src/app/sessionCookie.ts).
 */
export const TOKEN_TAIL_LENGTH = 16;

/** What an app page says of the cookie (api/src/web/boot.ts `session`). */
export function bootSession(request: FastifyRequest): { path: string; cookie: string | null } {
  const token = sessionCookieToken(request);
  return { path: SESSION_COOKIE_PATH, cookie: token ? token.slice(-TOKEN_TAIL_LENGTH) : null };
}

/** The session cookie's token, if the request carries one that looks like a JWT. */
export function sessionCookieToken(request: FastifyRequest): string | null {
  // The `cookie` package's parse: the first of a repeated name wins (the most specific path,
  // RFC 6265 5.4), a malformed pair is skipped.
  const token = parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE];
  return token && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token) ? token : null;
}

function bearerOf(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

function cookieHeader(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  return serializeCookie(SESSION_COOKIE, value, {
    path: '/',
    maxAge: maxAgeSeconds,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

function refuse(reply: FastifyReply, status: 400 | 401, message: string, code: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ message, code });
}

/**
 * `PUT /web/session` (the bearer: a session token, valid and unexpired, signed by this
 * server) sets the cookie to it, expiring with it; `DELETE /web/session` clears it. Both 204.
 */
export function registerSessionCookie(app: FastifyInstance, jwtSecret: string): void {
  app.put(SESSION_COOKIE_PATH, async (request, reply) => {
    const token = bearerOf(request);
    if (!token) return refuse(reply, 401, 'Send the session token as a bearer.', 'unauthorized');
    const claims = isApiToken(token) ? null : verifyToken(token, jwtSecret);
    if (!claims)
      return refuse(reply, 401, 'Invalid or expired session token', 'invalid_session_token');
    const maxAge = claims.exp - Math.floor(Date.now() / 1000);
    return reply
      .code(204)
      .header('cache-control', 'no-store')
      .header('set-cookie', cookieHeader(request, token, maxAge))
      .send();
  });
  app.delete(SESSION_COOKIE_PATH, async (request, reply) =>
    reply
      .code(204)
      .header('cache-control', 'no-store')
      .header('set-cookie', cookieHeader(request, '', 0))
      .send(),
  );
}
