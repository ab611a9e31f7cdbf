/** Health, the OpenAPI document, unknown routes, headers, CORS, limits and hidden server errors. */
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import {
  TEST_CORS_ORIGIN,
  call,
  createOrganization,
  openTestDatabase,
  setupTestApp,
  testConfig,
  testDatabases,
} from './helper';

/** Every call of spec section 7 (plus PATCH /tasks/{id} and /health), as OpenAPI names it. */
const SPEC_OPERATIONS = [
  ['post', '/api/v1/auth/login'],
  ['post', '/api/v1/auth/signup'],
  ['get', '/api/v1/organizations/{id}'],
  ['get', '/api/v1/dashboard/'],
  ['get', '/api/v1/employees/'],
  ['get', '/api/v1/employees/{id}'],
  ['post', '/api/v1/employees/'],
  ['put', '/api/v1/employees/{id}'],
  ['get', '/api/v1/tasks/'],
  ['get', '/api/v1/tasks/{id}'],
  ['post', '/api/v1/tasks/'],
  ['put', '/api/v1/tasks/{id}'],
  ['patch', '/api/v1/tasks/{id}'],
  ['get', '/api/v1/certificates/'],
  ['get', '/api/v1/certificates/{id}/'],
  ['post', '/api/v1/certificates/'],
  ['put', '/api/v1/certificates/{id}/'],
  ['get', '/api/v1/manager/team'],
  ['get', '/api/v1/manager/tasks'],
  ['get', '/api/v1/manager/certificates'],
  ['post', '/api/v1/manager/tasks/assign'],
  ['post', '/api/v1/manager/certificates/assign'],
  ['get', '/api/v1/employee/tasks'],
  ['get', '/api/v1/employee/certificates'],
  ['get', '/api/v1/health'],
] as const;

describe.each(testDatabases())('platform on %s', (kind) => {
  const context = setupTestApp(kind);

  test('GET /health answers 200 while the database answers', async () => {
    const response = await call(context().app, 'GET', '/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test('GET /health answers 503 when the database does not', async () => {
    const database = await openTestDatabase(kind);
    const app = await buildApp({ config: testConfig(), db: database.db });
    await database.drop();
    const response = await call(app, 'GET', '/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'The database does not answer',
      code: 'unavailable',
    });
    await app.close();
  });

  test('GET /docs is an OpenAPI 3 document of every route, generated from the schemas', async () => {
    const response = await call(context().app, 'GET', '/docs');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const [method, path] of SPEC_OPERATIONS) {
      expect(document.paths[path]?.[method]).toBeDefined();
    }
    const createTask = document.paths['/api/v1/tasks/'].post;
    expect(createTask.requestBody.content['application/json'].schema.required).toEqual([
      'title',
      'due_date',
    ]);
    expect(document.paths['/api/v1/auth/login'].post.security).toEqual([]);
    expect(document.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
  });

  test('an unknown route under /api/v1 is a JSON 404', async () => {
    const response = await call(context().app, 'GET', '/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      message: 'No route GET /api/v1/nothing-here',
      code: 'route_not_found',
    });
  });

  test('answers carry security headers', async () => {
    const response = await call(context().app, 'GET', '/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  test('CORS: a configured origin may read answers and X-Total-Count; others may not', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const allowed = await call(app, 'GET', '/tasks/', {
      token: org.admin.token,
      headers: { origin: TEST_CORS_ORIGIN },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe(TEST_CORS_ORIGIN);
    expect(allowed.headers['access-control-expose-headers']).toContain('X-Total-Count');

    const other = await call(app, 'GET', '/tasks/', {
      token: org.admin.token,
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/tasks/',
      headers: {
        origin: TEST_CORS_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
  });

  test('a body over 1 MiB is refused with 413', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const response = await call(app, 'POST', '/tasks/', {
      token: org.admin.token,
      body: JSON.stringify({ title: 'big', description: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'The request body is too large (at most 1 MiB)',
      code: 'body_too_large',
    });
  });

  test('a server error says only "Internal server error": no stack, no SQL', async () => {
    const database = await openTestDatabase(kind);
    const app = await buildApp({ config: testConfig(), db: database.db });
    try {
      const org = await createOrganization(database.db);
      await sql`drop table certificates`.execute(database.db);
      const response = await call(app, 'GET', '/certificates/', { token: org.admin.token });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal server error', code: 'internal_error' });
      expect(response.body).not.toMatch(/select|certificates|stack|at /i);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
