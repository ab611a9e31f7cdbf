/**
 * The API's reference (plugins/docs.ts): the OpenAPI document at /api/v1/docs describes every
 * operation fully enough for a client to be written from it, passes Redocly's lint with no error
 * and no warning, and /api/docs is a page built from it whose files all come from this server.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openTestDatabase, testConfig, type TestDatabase } from './helper';

const run = promisify(execFile);

interface Operation {
  operationId?: string;
  summary?: string;
  requestBody?: object;
  responses: Record<string, { description?: string; content?: Record<string, object> }>;
}

let app: FastifyInstance;
let database: TestDatabase;
let document: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  database = await openTestDatabase('sqlite', false);
  app = await buildApp({ config: testConfig(), db: database.db });
  document = (await app.inject('/api/v1/docs')).json();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);
function operations(): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]): [string, Operation] => [
        `${method.toUpperCase()} ${url}`,
        operation,
      ]),
  );
}

describe('the OpenAPI document (GET /api/v1/docs)', () => {
  test('documents every route of the API and nothing else', () => {
    const urls = Object.keys(document.paths);
    expect(urls.length).toBeGreaterThan(20);
    expect(urls.filter((url) => !url.startsWith('/api/v1/'))).toEqual([]);
  });

  test('gives every operation a unique operationId and a summary', () => {
    const ids = operations().map(([, operation]) => operation.operationId);
    expect(
      operations().filter(([, operation]) => !operation.operationId || !operation.summary),
    ).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['listTasks', 'getTask', 'createTask', 'signIn']));
  });

  test('answers of every operation are described; errors share one schema with an example', () => {
    for (const [name, operation] of operations()) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        expect(`${name} ${status}: ${answer.description}`).not.toMatch(
          /: (undefined|Default Response)$/,
        );
        if (Number(status) < 400) continue;
        expect({ name, status, json: answer.content?.['application/json'] }).toEqual({
          name,
          status,
          json: {
            schema: { $ref: '#/components/schemas/Error' },
            example: expect.objectContaining({
              message: expect.any(String),
              code: expect.any(String),
            }),
          },
        });
      }
    }
  });

  test('a route that takes a body documents 413 and 415, as the server answers them', async () => {
    const createTask = document.paths['/api/v1/tasks/'].post;
    expect(Object.keys(createTask.responses)).toEqual(expect.arrayContaining(['413', '415']));
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(notJson.statusCode).toBe(415);
  });

  test("passes Redocly's lint (api/redocly.yaml) with no error and no warning", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'duly-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const script = path.join(__dirname, '..', 'scripts', 'lint-openapi.mjs');
      const result = await run(process.execPath, [script, file]).catch(
        (error: { stdout: string; stderr: string }) => error,
      );
      expect(`${result.stdout}${result.stderr}`.trim()).toBe(
        'OpenAPI document: no error, no warning',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the reference page (GET /api/docs)', () => {
  test('is served with a policy that lets it load only from this server', async () => {
    const page = await app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/https?:/);
  });

  test('loads every script and stylesheet from this server, and reads the same document', async () => {
    const page = await app.inject('/api/docs');
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/api\/docs\//);
      const answer = await app.inject(asset);
      expect(`${asset} ${answer.statusCode}`).toBe(`${asset} 200`);
    }
    const initializer = await app.inject('/api/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect((await app.inject('/api/docs/json')).json()).toEqual(document);
  });
});
