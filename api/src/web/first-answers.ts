/**
 * The data in the page (issue 32, the rows in the server's HTML, increment 2): for an app path
 * whose remote declares first requests (remotes.json `firstRequests`), the HTML route answers
 * them itself, in-process (`app.inject`: the same routes, handlers, rules and limits as the
 * browser's request), with the token of the session cookie (session-cookie.ts) as the bearer,
 * and writes each answer into the page's boot JSON beside its request. BOOT_SCRIPT then hands
 * those answers to the shell (`window.dulyPrefetch`, already resolved) instead of sending the
 * requests, and the shell seeds RTK Query from them as before (firstScreen.ts).
 *
 * Any doubt gives today's page: no cookie, a token that is not valid or expired, a 401 (the
 * session was ended: a password change, a deactivation), an API elsewhere (API_BASE_URL on
 * another origin), or an answer slower than ANSWER_TIMEOUT_MS.
 */
import type { FastifyInstance } from 'fastify';

import { verifyToken } from '../lib/jwt';
import type { BootRequest, InlinedAnswer } from './boot';

/** The answers the page carries; the shell reads the ones its screens need (`toPage`). */
const KEPT_HEADERS = ['content-type', 'x-total-count', 'etag', 'last-modified'];

/** How long the page waits for its answers before it is sent without them (today's page). */
export const ANSWER_TIMEOUT_MS = 2000;

/** A first request with its answer: null when it was refused or failed (the screen asks). */
export type AnsweredRequest = BootRequest & { answer: InlinedAnswer | null };

/** What 401 means here: the session is over, the page must be today's. */
class SessionEnded extends Error {}

async function answerOf(
  app: FastifyInstance,
  request: BootRequest,
  token: string,
): Promise<InlinedAnswer | null> {
  const response = await app.inject({
    method: 'GET',
    url: request.request,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (response.statusCode === 401) throw new SessionEnded();
  if (response.statusCode < 200 || response.statusCode >= 300) return null;
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  try {
    return { status: response.statusCode, headers, data: response.json() };
  } catch {
    return null;
  }
}

/**
 * The page's first requests with their answers, asked with `token`; null (today's page) when
 * the token is not a valid session of this server, a request got a 401, a request is not for
 * this process's API, or the answers took longer than `timeoutMs`. A request the token's role
 * may not send (`roles`) is answered null, as BOOT_SCRIPT would skip it.
 */
export async function answerFirstRequests(
  app: FastifyInstance,
  requests: readonly BootRequest[],
  token: string,
  jwtSecret: string,
  timeoutMs = ANSWER_TIMEOUT_MS,
): Promise<AnsweredRequest[] | null> {
  const claims = verifyToken(token, jwtSecret);
  if (!claims || requests.length === 0) return null;
  // Only this process's API, by path (`/api/v1/…`), never a URL of another origin.
  if (!requests.every(({ request }) => /^\/(?![/\\])/.test(request))) return null;
  const role = claims.role.trim().toLowerCase();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const answered = Promise.all(
    requests.map(async (request) => ({
      ...request,
      answer:
        request.roles && !request.roles.includes(role) ? null : await answerOf(app, request, token),
    })),
  );
  try {
    return await Promise.race([answered, timedOut]);
  } catch (error) {
    if (error instanceof SessionEnded) return null;
    app.log.warn({ err: error }, 'The page was sent without its first answers');
    return null;
  } finally {
    clearTimeout(timer);
    // A late rejection after the timeout must not go unhandled.
    answered.catch(() => undefined);
  }
}
