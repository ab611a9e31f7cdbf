import { http, HttpResponse } from 'msw';
import { loggedIn, loggedOut, sessionExpired, setSessionMirror } from '@duly/shared/core';
import { TOKEN_STORAGE_KEY } from '@duly/shared';
import { makeToken, setupApiServer } from '@duly/shared/test-utils';
import { startShell } from '../startShell';
import { parseBootSession, tokenTail } from '../sessionCookie';

/** The session mirrored into the server's cookie (issue 32, increment 1). */
const server = setupApiServer();
const SESSION_URL = 'http://localhost/web/session';

/** A token with its own signature: the cookie is told apart by the signature's end. */
function tokenSigned(signature: string): string {
  return makeToken().replace(/[^.]+$/, signature);
}
const TOKEN = tokenSigned('0123456789abcdef-first-signature');
const RENEWED = tokenSigned('0123456789abcdef-second-signature');

interface Call {
  method: string;
  authorization: string | null;
  keepalive: boolean;
}

function recordCalls(): Call[] {
  const calls: Call[] = [];
  const record = ({ request }: { request: Request }) => {
    calls.push({
      method: request.method,
      authorization: request.headers.get('authorization'),
      keepalive: request.keepalive,
    });
    return new HttpResponse(null, { status: 204 });
  };
  server.use(http.put(SESSION_URL, record), http.delete(SESSION_URL, record));
  return calls;
}

/** The page's inline boot data, as api/src/web writes it. */
function servePage(session?: unknown) {
  document.body.innerHTML = `<script type="application/json" id="duly-boot">${JSON.stringify({
    config: { apiBaseUrl: 'http://localhost/api/v1', remotes: {} },
    ...(session === undefined ? {} : { session }),
  })}</script>`;
}

afterEach(() => {
  document.body.innerHTML = '';
  setSessionMirror();
});

describe('the session cookie mirror (shell/src/app/sessionCookie.ts)', () => {
  it('at start-up, sends the stored token the cookie lacks, once', async () => {
    const calls = recordCalls();
    localStorage.setItem(TOKEN_STORAGE_KEY, TOKEN);
    servePage({ path: '/web/session', cookie: null });
    const store = await startShell();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([{ method: 'PUT', authorization: `Bearer ${TOKEN}`, keepalive: true }]);
    // Storing the same token again asks nothing.
    store.dispatch(loggedIn(TOKEN));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
  });

  it('at start-up, sends nothing when the cookie holds the stored token; a renewed token and the sign-out are mirrored', async () => {
    const calls = recordCalls();
    localStorage.setItem(TOKEN_STORAGE_KEY, TOKEN);
    servePage({ path: '/web/session', cookie: tokenTail(TOKEN) });
    const store = await startShell();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);

    store.dispatch(loggedIn(RENEWED));
    store.dispatch(loggedOut());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([
      { method: 'PUT', authorization: `Bearer ${RENEWED}`, keepalive: true },
      { method: 'DELETE', authorization: null, keepalive: true },
    ]);
  });

  it('clears a cookie the page had when no valid token is stored, and after a 401 (sessionExpired)', async () => {
    const calls = recordCalls();
    const expired = makeToken({ exp: Math.floor(Date.now() / 1000) - 60 });
    localStorage.setItem(TOKEN_STORAGE_KEY, expired);
    servePage({ path: '/web/session', cookie: tokenTail(expired) });
    const store = await startShell();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map((call) => call.method)).toEqual(['DELETE']);

    store.dispatch(loggedIn(TOKEN));
    store.dispatch(sessionExpired());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map((call) => call.method)).toEqual(['DELETE', 'PUT', 'DELETE']);
  });

  it('a page that offers no cookie (a static host, the dev server) gets no call at all', async () => {
    const calls = recordCalls();
    localStorage.setItem(TOKEN_STORAGE_KEY, TOKEN);
    servePage();
    const store = await startShell();
    store.dispatch(loggedIn(RENEWED));
    store.dispatch(loggedOut());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('a pre-rendered page (/login), which only the server sends, is offered the endpoint: a sign-in there is mirrored', async () => {
    const calls = recordCalls();
    document.body.innerHTML = '<div id="root" data-prerendered="/login"><form></form></div>';
    server.use(
      http.get('http://localhost/config.json', () =>
        HttpResponse.json({ apiBaseUrl: 'http://localhost/api/v1', remotes: {} }),
      ),
    );
    const store = await startShell();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // An anonymous visitor of /login costs nothing.
    expect(calls).toEqual([]);
    store.dispatch(loggedIn(TOKEN));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([{ method: 'PUT', authorization: `Bearer ${TOKEN}`, keepalive: true }]);
  });

  it('reads only a well-formed offer', () => {
    expect(parseBootSession({ path: '/web/session', cookie: 'abc' })).toEqual({
      path: '/web/session',
      cookie: 'abc',
    });
    expect(parseBootSession({ path: 'https://elsewhere.test/x', cookie: null })).toBeNull();
    expect(parseBootSession({ path: '//elsewhere.test/x', cookie: null })).toBeNull();
    expect(parseBootSession({ path: '/\\elsewhere.test/x', cookie: null })).toBeNull();
    expect(parseBootSession({ path: '/web/session', cookie: 3 })).toBeNull();
    expect(parseBootSession('/web/session')).toBeNull();
    expect(parseBootSession(undefined)).toBeNull();
  });
});
