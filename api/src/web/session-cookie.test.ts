import { rmSync } from 'node:fs';

import type { FastifyInstance } from 'fastify';

import {
  createOrganization,
  openTestDatabase,
  testDatabases,
  tokenFor,
  TEST_JWT_SECRET,
  type TestDatabase,
  type TestOrganization,
} from '../../test/helper';
import { dulyWithWeb, webOptionsFor, webRootWithShell } from '../../test/web-app';
import { signToken } from '../lib/jwt';
import { SESSION_COOKIE, SESSION_COOKIE_PATH, TOKEN_TAIL_LENGTH } from './session-cookie';

/** The session token mirrored into a cookie for the HTML route (issue 32, increment 1). */

/** The attributes of a Set-Cookie header, lower-cased names: `{ duly_session: '…', path: '/' }`. */
function cookieAttributes(header: string): Record<string, string> {
  return Object.fromEntries(
    header.split(';').map((part) => {
      const [name, ...value] = part.trim().split('=');
      return [name!.toLowerCase(), value.join('=')];
    }),
  );
}

function bootOf(html: string): { session?: { path: string; cookie: string | null } } {
  const json = /<script type="application\/json" id="duly-boot">([\s\S]*?)<\/script>/.exec(html);
  if (!json) throw new Error(`no boot data in ${html}`);
  return JSON.parse(json[1]!);
}

describe.each(testDatabases())('the session cookie (%s)', (kind) => {
  let database: TestDatabase;
  let root: string;
  let app: FastifyInstance;
  let org: TestOrganization;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    root = webRootWithShell('duly-session-cookie-');
    app = await dulyWithWeb(database, webOptionsFor(root));
    org = await createOrganization(database.db);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('PUT with a session token sets it as an HttpOnly, SameSite=Strict cookie on / that expires with the token (not Secure on http)', async () => {
    const token = org.employee.token;
    const response = await app.inject({
      method: 'PUT',
      url: SESSION_COOKIE_PATH,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['cache-control']).toBe('no-store');
    const cookie = cookieAttributes(String(response.headers['set-cookie']));
    expect(cookie[SESSION_COOKIE]).toBe(token);
    expect(cookie.path).toBe('/');
    expect(cookie).toHaveProperty('httponly');
    expect(cookie.samesite).toBe('Strict');
    expect(cookie).not.toHaveProperty('secure');
    // tokenFor signs for an hour.
    expect(Number(cookie['max-age'])).toBeGreaterThan(3590);
    expect(Number(cookie['max-age'])).toBeLessThanOrEqual(3600);
  });

  it('the cookie is Secure on https (behind a trusted proxy)', async () => {
    const behindProxy = await dulyWithWeb(database, webOptionsFor(root), { trustProxy: 1 });
    try {
      const response = await behindProxy.inject({
        method: 'PUT',
        url: SESSION_COOKIE_PATH,
        headers: { authorization: `Bearer ${org.admin.token}`, 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(204);
      expect(cookieAttributes(String(response.headers['set-cookie']))).toHaveProperty('secure');
    } finally {
      await behindProxy.close();
    }
  });

  it.each([
    ['no bearer', undefined],
    ['a malformed token', 'Bearer not-a-token'],
    ['a token signed with another secret', `Bearer ${tokenFor(otherSubject(), 'x'.repeat(40))}`],
    ['an expired token', `Bearer ${expiredToken()}`],
    ['a personal API token', 'Bearer duly_pat_0123456789abcdef0123456789abcdef'],
  ])('PUT with %s is a 401 in the JSON shape and sets nothing', async (_label, authorization) => {
    const response = await app.inject({
      method: 'PUT',
      url: SESSION_COOKIE_PATH,
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      message: expect.any(String),
      code: expect.any(String),
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('DELETE clears the cookie (empty, Max-Age=0, same attributes)', async () => {
    const response = await app.inject({ method: 'DELETE', url: SESSION_COOKIE_PATH });
    expect(response.statusCode).toBe(204);
    const cookie = cookieAttributes(String(response.headers['set-cookie']));
    expect(cookie[SESSION_COOKIE]).toBe('');
    expect(cookie['max-age']).toBe('0');
    expect(cookie.path).toBe('/');
  });

  it("the API's auth never reads the cookie: with the cookie and no Authorization header, a 401", async () => {
    const cookie = `${SESSION_COOKIE}=${org.admin.token}`;
    for (const url of ['/api/v1/tasks/', '/api/v1/employees/', '/api/v1/profile/']) {
      const response = await app.inject({ url, headers: { cookie } });
      expect(response.statusCode).toBe(401);
    }
    // The same token as a bearer is accepted: the 401 is the cookie's, not the token's.
    const bearer = await app.inject({
      url: '/api/v1/tasks/',
      headers: { authorization: `Bearer ${org.admin.token}` },
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('a page navigation to /web/session is the JSON 404, never the app page', async () => {
    const response = await app.inject({
      url: SESSION_COOKIE_PATH,
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'route_not_found' });
  });

  it('an app page names the endpoint and the end of the token the cookie holds (null without one)', async () => {
    const anonymous = await app.inject({ url: '/tasks', headers: { accept: 'text/html' } });
    expect(bootOf(anonymous.body).session).toEqual({ path: SESSION_COOKIE_PATH, cookie: null });
    const token = org.manager.token;
    const signedIn = await app.inject({
      url: '/tasks',
      headers: { accept: 'text/html', cookie: `theme=x; ${SESSION_COOKIE}=${token}` },
    });
    expect(bootOf(signedIn.body).session).toEqual({
      path: SESSION_COOKIE_PATH,
      cookie: token.slice(-TOKEN_TAIL_LENGTH),
    });
  });
});

/** A subject for a token signed with another secret. */
function otherSubject() {
  return {
    id: '0f8e2c1a-6a43-4a57-9f0e-4a4c7c1f2b77',
    email: 'someone@example.test',
    full_name: null,
    role: 'admin' as const,
    organization_id: '1f8e2c1a-6a43-4a57-9f0e-4a4c7c1f2b77',
  };
}

function expiredToken(): string {
  return signToken(otherSubject(), TEST_JWT_SECRET, 60, new Date(Date.now() - 3_600_000));
}
