/**
 * The session mirrored into the cookie the server's HTML route reads (issue 32: the rows in the
 * server's HTML; api/src/web/session-cookie.ts). The token stays in local storage and goes to
 * the API as a bearer; the cookie only lets the server answer a page's first requests itself.
 * Offered by the page (its inline boot data names the endpoint and the end of the token the
 * server saw in the cookie), so a static host or the dev server, which offer none, get no call.
 */
import type { SessionMirror } from '@duly/shared/core';

/** What the page says of the cookie (api/src/web/boot.ts `session`). */
export interface BootSession {
  /** Where to PUT the token (bearer) and DELETE the cookie: same origin as the page. */
  path: string;
  /** The last characters of the token the server found in the cookie; null: none. */
  cookie: string | null;
}

/** How many of a token's last characters (its signature's) the server writes into the page. */
export const TOKEN_TAIL_LENGTH = 16;

export function tokenTail(token: string): string {
  return token.slice(-TOKEN_TAIL_LENGTH);
}

/** The page's `session`, if it is well-formed. */
export function parseBootSession(raw: unknown): BootSession | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { path, cookie } = raw as Record<string, unknown>;
  // A path of this origin only: never `//host/…`, which would hand the token to another site.
  if (typeof path !== 'string' || !/^\/(?![/\\])/.test(path)) return null;
  if (cookie !== null && typeof cookie !== 'string') return null;
  return { path, cookie };
}

/** The server's endpoint (api/src/web/session-cookie.ts `SESSION_COOKIE_PATH`). */
export const SESSION_PATH = '/web/session';

/**
 * What the page offers: an app page says it in its boot data; a pre-rendered page (/login,
 * /signup: `data-prerendered` on `#root`, takeOver.tsx), which only api/src/web sends (a static
 * host sends index.html for them), carries no boot data, and is offered the endpoint with an
 * unknown cookie, so a sign-in there is mirrored at once. Any other page: no offer.
 */
export function offeredSession(bootSession: unknown, doc: Document = document): BootSession | null {
  const offer = parseBootSession(bootSession);
  if (offer) return offer;
  return doc.querySelector('#root[data-prerendered]') ? { path: SESSION_PATH, cookie: null } : null;
}

type Send = (input: string, init: RequestInit) => Promise<unknown>;

/**
 * A mirror (shared's `setSessionMirror`) that PUTs a token the cookie does not hold yet and
 * DELETEs a cookie the page had or this document set, once each. `keepalive`: a sign-out or a
 * 401 is followed at once by a page load, which must not cancel the call. A failed call changes
 * nothing but the next page, which is then served without the rows (today's page).
 */
export function sessionCookieMirror(
  session: BootSession,
  send: Send = (input, init) => fetch(input, init),
): SessionMirror {
  let held = session.cookie;
  const url = new URL(session.path, window.location.origin).href;
  return (token) => {
    if (token !== null) {
      if (held === tokenTail(token)) return;
      held = tokenTail(token);
      send(url, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
        credentials: 'same-origin',
        keepalive: true,
      }).catch(() => undefined);
      return;
    }
    if (held === null) return;
    held = null;
    send(url, {
      method: 'DELETE',
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  };
}
