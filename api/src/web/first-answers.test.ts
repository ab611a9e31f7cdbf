import { rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import type { FastifyInstance } from 'fastify';

import {
  createOrganization,
  createTask,
  createUser,
  openTestDatabase,
  testDatabases,
  tokenFor,
  TEST_JWT_SECRET,
  type TestDatabase,
  type TestOrganization,
} from '../../test/helper';
import { dulyWithWeb, webOptionsFor, webRootWithShell } from '../../test/web-app';
import { signToken } from '../lib/jwt';
import { answerFirstRequests } from './first-answers';
import { SESSION_COOKIE } from './session-cookie';

/**
 * The data in the page (issue 32, increment 2): the HTML route answers the page's first
 * requests (remotes.json) with the session cookie's token and writes the answers into the page.
 */

interface PageBoot {
  firstRequests?: {
    request: string;
    endpoint: string;
    roles?: string[];
    answer?: { status: number; headers: Record<string, string>; data: unknown } | null;
  }[];
  session?: { path: string; cookie: string | null };
}

const BOOT_JSON = /<script type="application\/json" id="duly-boot">([\s\S]*?)<\/script>/;

function bootOf(html: string): PageBoot {
  const json = BOOT_JSON.exec(html);
  if (!json) throw new Error(`no boot data in ${html}`);
  return JSON.parse(json[1]!);
}

describe.each(testDatabases())('the first answers in the page (%s)', (kind) => {
  let database: TestDatabase;
  let root: string;
  let app: FastifyInstance;
  let org: TestOrganization;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    root = webRootWithShell('duly-first-answers-');
    app = await dulyWithWeb(database, webOptionsFor(root));
    org = await createOrganization(database.db);
    await createTask(database.db, org, {
      title: 'Renew the </script><script>alert(1)</script> permit',
    });
    await createTask(database.db, org, { title: 'File the GST return', status: 'completed' });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string, token?: string) =>
    app.inject({
      url,
      headers: { accept: 'text/html', ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}) },
    });

  it("answers /tasks' first request with the cookie's token, exactly as the API answers the bearer, escaped in the page; per visitor: no-store, Vary: Cookie, the same policy", async () => {
    const token = org.manager.token;
    const response = await page('/tasks', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toMatch(/cookie/i);
    const anonymous = await page('/tasks');
    expect(response.headers['content-security-policy']).toBe(
      anonymous.headers['content-security-policy'],
    );

    const [first] = bootOf(response.body).firstRequests!;
    expect(first).toMatchObject({
      request: '/api/v1/tasks/?limit=50&offset=0',
      endpoint: 'tasksList',
    });
    const api = await app.inject({
      url: first!.request,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(first!.answer).toEqual({
      status: 200,
      headers: {
        'content-type': api.headers['content-type'],
        'x-total-count': '2',
        ...(api.headers.etag ? { etag: api.headers.etag } : {}),
      },
      data: api.json(),
    });
    expect((first!.answer!.data as { title: string }[]).map((task) => task.title).sort()).toEqual([
      'File the GST return',
      'Renew the </script><script>alert(1)</script> permit',
    ]);
    // The title's `</script>` cannot end the JSON element: one boot element, one inline script.
    expect(response.body).not.toContain('</script><script>alert(1)');
    expect(response.body.match(/<script/g)).toHaveLength(2);
  });

  it('compresses the page for a browser that accepts it: the same page, a fraction of the bytes', async () => {
    const cookie = `${SESSION_COOKIE}=${org.manager.token}`;
    const plain = await app.inject({ url: '/tasks', headers: { accept: 'text/html', cookie } });
    for (const [encoding, decompress] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await app.inject({
        url: '/tasks',
        headers: { accept: 'text/html', cookie, 'accept-encoding': `gzip, deflate, ${encoding}` },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('accept-encoding, cookie');
      expect(decompress(response.rawPayload).toString('utf8')).toBe(plain.body);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
  });

  it("adds the page URL's query to a list request, as the browser's would", async () => {
    const response = await page('/tasks?status=completed', org.admin.token);
    const [first] = bootOf(response.body).firstRequests!;
    expect(first!.request).toBe('/api/v1/tasks/?limit=50&offset=0&status=completed');
    expect((first!.answer!.data as { title: string }[]).map((task) => task.title)).toEqual([
      'File the GST return',
    ]);
  });

  it("answers a role's requests only: an employee's /tasks/dashboard carries null for the managers' (never asked), an admin's has them all", async () => {
    const employee = bootOf((await page('/tasks/dashboard', org.employee.token)).body);
    const admin = bootOf((await page('/tasks/dashboard', org.admin.token)).body);
    expect(employee.firstRequests!.length).toBeGreaterThan(0);
    for (const request of employee.firstRequests!)
      expect(request.answer).toBe(request.roles ? null : expect.objectContaining({ status: 200 }));
    for (const request of admin.firstRequests!)
      expect(request.answer).toMatchObject({ status: 200 });
  });

  it('a refused request (a 403 for this role) is carried as null, the others answered', async () => {
    const answered = await answerFirstRequests(
      app,
      [
        { request: '/api/v1/compliance?limit=1', endpoint: 'dashboardCompliance', args: [] },
        { request: '/api/v1/dashboard/', endpoint: 'dashboardGet', args: [] },
      ],
      org.employee.token,
      TEST_JWT_SECRET,
    );
    expect(answered!.map((request) => request.answer && request.answer.status)).toEqual([
      null,
      200,
    ]);
  });

  it.each([
    ['no cookie', () => undefined],
    [
      'an expired token',
      () => signToken(org.admin, TEST_JWT_SECRET, 60, new Date(Date.now() - 3_600_000)),
    ],
    [
      'a token of another secret',
      () => tokenFor(org.admin, 'another-secret-that-is-long-enough-x'),
    ],
    ['a malformed cookie', () => 'not-a-token'],
  ])('with %s the page is today’s: no answer, no-cache', async (_case, token) => {
    const response = await page('/tasks', token());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary ?? '').not.toMatch(/cookie/i);
    const boot = bootOf(response.body);
    expect(boot.firstRequests!.every((request) => !('answer' in request))).toBe(true);
    // The rest of the page is the anonymous page's.
    const anonymous = (await page('/tasks')).body;
    expect(response.body.replace(BOOT_JSON, '')).toBe(anonymous.replace(BOOT_JSON, ''));
    expect({ ...boot, session: undefined }).toEqual({ ...bootOf(anonymous), session: undefined });
  });

  it('a session ended since its token was signed (a raised token version: the API says 401) gets today’s page', async () => {
    const user = await createUser(database.db, org.id, { role: 'manager' });
    await database.db
      .updateTable('users')
      .set({ token_version: 1 })
      .where('id', '=', user.id)
      .execute();
    const response = await page('/tasks', user.token);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(bootOf(response.body).firstRequests!.every((request) => !('answer' in request))).toBe(
      true,
    );
  });

  it('a path without first requests carries none, and is not personal', async () => {
    const response = await page('/tasks/new', org.admin.token);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(bootOf(response.body).firstRequests).toBeUndefined();
  });
});

describe('answerFirstRequests without an answer in time', () => {
  const request = { request: '/api/v1/tasks/?limit=50&offset=0', endpoint: 'tasksList' };
  const token = tokenFor({
    id: '0f8e2c1a-6a43-4a57-9f0e-4a4c7c1f2b77',
    email: 'a@example.test',
    full_name: null,
    role: 'admin',
    organization_id: '1f8e2c1a-6a43-4a57-9f0e-4a4c7c1f2b77',
  });
  const appWhose = (inject: () => Promise<unknown>) =>
    ({ inject, log: { warn: jest.fn() } }) as unknown as FastifyInstance;

  it('gives today’s page (null) when the API takes longer than the limit', async () => {
    const started = Date.now();
    const answered = await answerFirstRequests(
      appWhose(() => new Promise(() => {})),
      [request],
      token,
      TEST_JWT_SECRET,
      50,
    );
    expect(answered).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives today’s page (null) when asking fails, and says so in the log', async () => {
    const app = appWhose(() => Promise.reject(new Error('the pool is closed')));
    expect(await answerFirstRequests(app, [request], token, TEST_JWT_SECRET)).toBeNull();
    expect(app.log.warn).toHaveBeenCalled();
  });

  it('never asks another origin', async () => {
    const inject = jest.fn();
    const answered = await answerFirstRequests(
      appWhose(inject),
      [{ ...request, request: 'https://api.example.test/api/v1/tasks/' }],
      token,
      TEST_JWT_SECRET,
    );
    expect(answered).toBeNull();
    expect(inject).not.toHaveBeenCalled();
  });
});
