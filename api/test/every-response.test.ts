/**
 * Every response of the server (the API, the web app it serves, and errors raised before any
 * route is found) has the baseline headers, and every error has the documented shape
 * `{ message, code }`. The routes come from the route table, so a new one is checked too.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { Db } from '../src/db/tables';
import { BASELINE_HEADERS } from '../src/lib/baseline-headers';
import { webOptionsFromEnv, webPlugin } from '../src/web';
import { createOrganization, routeTable, testConfig, type RouteEntry } from './helper';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request, so malformed URLs and oversized headers reach the server as sent. */
function send(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
      // A live-updates stream stays open: its headers are the answer.
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
        request.destroy();
        return;
      }
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

function makeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'duly-every-response-'));
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  write('shell/dist/index.html', '<!doctype html><title>Duly</title>');
  write('shell/dist/main.0123456789.js', 'console.log("shell");');
  write('remote-tasks/dist/mf-manifest.json', '{"name":"remote_tasks"}');
  write('remote-tasks/dist/remoteEntry.js', 'var remote_tasks;');
  return root;
}

describe('every response of the server', () => {
  let db: Db;
  let app: FastifyInstance;
  let port: number;
  let root: string;
  let routes: RouteEntry[];
  let token: string;

  beforeAll(async () => {
    routes = await routeTable();
    root = makeWebRoot();
    db = createDatabase({ dialect: 'sqlite', filename: ':memory:' });
    await migrateToLatest(db);
    token = (await createOrganization(db)).admin.token;
    app = await buildApp({ config: testConfig(), db });
    await app.register(webPlugin, webOptionsFromEnv({ DULY_WEB_ROOT: root })!);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app.close();
    await db.destroy();
    rmSync(root, { recursive: true, force: true });
  });

  function expectBaseline(answer: Answer, what: string): void {
    for (const [name, value] of Object.entries(BASELINE_HEADERS)) {
      expect([what, name, answer.headers[name]]).toEqual([what, name, value]);
    }
  }

  function expectErrorShape(answer: Answer, what: string): void {
    expect([what, answer.headers['content-type']]).toEqual([
      what,
      expect.stringMatching(/^application\/json/),
    ]);
    const body = JSON.parse(answer.body);
    expect([
      what,
      Object.keys(body)
        .filter((key) => key !== 'errors')
        .sort(),
    ]).toEqual([what, ['code', 'message']]);
    expect(typeof body.message).toBe('string');
    expect(body.code).toMatch(/^[a-z_]+$/);
  }

  test('every route of the route table, signed in and not, has the baseline headers', async () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const url = route.url.replace(/:[a-z_]+/gi, randomUUID()).replace('*', 'x');
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? '{}' : undefined;
      const json: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
      const signedOut: Record<string, string> = {};
      for (const auth of [signedOut, { authorization: `Bearer ${token}` }]) {
        const answer = await send(port, route.method, url, { ...json, ...auth }, body);
        const what = `${route.method} ${url} (${answer.status})`;
        expectBaseline(answer, what);
        if (answer.status >= 400) expectErrorShape(answer, what);
      }
    }
  });

  test('every API answer, signed in and not, tells browsers and proxies to keep no copy', async () => {
    // Answers carry people's names, emails, tokens and work: none may be kept on disk by a
    // browser or served by a shared cache to the next person on that machine or proxy.
    const apiRoutes = routes.filter((route) => route.url.startsWith('/api/v1'));
    expect(apiRoutes.length).toBeGreaterThan(20);
    for (const route of apiRoutes) {
      const url = route.url.replace(/:[a-z_]+/gi, randomUUID()).replace('*', 'x');
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? '{}' : undefined;
      const json: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
      const signedOut: Record<string, string> = {};
      for (const auth of [signedOut, { authorization: `Bearer ${token}` }]) {
        const answer = await send(port, route.method, url, { ...json, ...auth }, body);
        const what = `${route.method} ${url} (${answer.status}, ${auth === signedOut ? 'signed out' : 'signed in'})`;
        expect([what, answer.headers['cache-control']]).toEqual([what, 'no-store']);
      }
    }
  });

  test.each([
    ['the shell page', '/', { accept: 'text/html' }],
    ['an app route', '/tasks', { accept: 'text/html' }],
    ['config.json', '/config.json', {}],
    ['a shell chunk', '/main.0123456789.js', {}],
    ['a remote file', '/remotes/tasks/remoteEntry.js', {}],
    ['a missing remote file', '/remotes/tasks/nothing.js', {}],
    ['a missing chunk', '/nothing.0123456789.js', {}],
  ])('the web app: %s has the baseline headers', async (what, url, headers) => {
    expectBaseline(await send(port, 'GET', url, headers), what);
  });

  test.each([
    ['the shell page', '/', { accept: 'text/html' }],
    ['an app route', '/tasks', { accept: 'text/html' }],
    ['config.json', '/config.json', {}],
    ['a shell chunk', '/main.0123456789.js', {}],
    ['a remote file', '/remotes/remote-tasks/remoteEntry.js', {}],
    ['an API answer', '/api/v1/health', {}],
  ])('%s tells the browser to use HTTPS only, as the API does', async (what, url, headers) => {
    const answer = await send(port, 'GET', url, headers);
    expect([what, answer.status]).toEqual([what, 200]);
    expect([what, answer.headers['strict-transport-security']]).toEqual([
      what,
      'max-age=31536000; includeSubDomains',
    ]);
  });

  test.each([
    ['an unknown API route', 'GET', '/api/v1/nothing', {}, undefined, 404],
    [
      'a parameter over the length limit',
      'GET',
      `/api/v1/tasks/${'a'.repeat(500)}`,
      {},
      undefined,
      414,
    ],
    ['a bad URL encoding', 'GET', '/api/v1/tasks/%E0%A4%A', {}, undefined, 400],
    ['a bad URL encoding outside the API', 'GET', '/%E0%A4%A', {}, undefined, 400],
    [
      'invalid JSON',
      'POST',
      '/api/v1/auth/login',
      { 'content-type': 'application/json' },
      '{',
      400,
    ],
    [
      'a body that is not JSON',
      'POST',
      '/api/v1/auth/login',
      { 'content-type': 'application/xml' },
      '<x/>',
      415,
    ],
    [
      'headers over the size limit',
      'GET',
      '/api/v1/health',
      { 'x-padding': 'a'.repeat(20_000) },
      undefined,
      431,
    ],
  ])(
    '%s: a JSON error { message, code } with the baseline headers',
    async (what, method, url, headers, body, status) => {
      const answer = await send(port, method, url, headers, body);
      expect(answer.status).toBe(status);
      expectErrorShape(answer, what);
      expectBaseline(answer, what);
    },
  );
});
