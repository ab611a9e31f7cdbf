/**
 * The budget of requests per signed-in person (issue 31, item 1): counted in one place for
 * every instance, so a person (or a stolen token) spreading requests over two instances on one
 * PostgreSQL gets one budget, not two; on SQLite (one instance) counted in the process. Over
 * the budget: 429, the JSON error and Retry-After; another person is not affected.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import {
  call,
  createOrganization,
  createUser,
  openTestDatabase,
  testConfig,
  testDatabases,
  type TestDatabase,
  type TestOrganization,
} from './helper';

const BUDGET = 6;

describe.each(testDatabases())('requests per person on %s', (kind) => {
  let database: TestDatabase;
  let instances: FastifyInstance[];
  let org: TestOrganization;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const instance = () =>
      buildApp({
        config: testConfig({ userRequests: { max: BUDGET, windowMs: 60_000 } }),
        db: database.db,
      });
    // Several instances share PostgreSQL; SQLite runs one.
    instances = kind === 'postgres' ? [await instance(), await instance()] : [await instance()];
    org = await createOrganization(database.db);
  });
  afterAll(async () => {
    for (const app of instances ?? []) await app.close();
    await database?.drop();
  });

  const profile = (index: number, token: string) =>
    call(instances[index % instances.length], 'GET', '/profile/', { token });

  test('requests spread over the instances share one budget; then 429 with Retry-After', async () => {
    const person = await createUser(database.db, org.id);
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET; i += 1) statuses.push((await profile(i, person.token)).statusCode);
    expect(statuses).toEqual(Array<number>(BUDGET).fill(200));

    for (let i = 0; i < instances.length; i += 1) {
      const refused = await profile(i, person.token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds?\.$/),
        code: 'too_many_requests',
      });
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(120);
    }
  });

  test("one person's spent budget leaves another's whole; a request without a valid token is not counted", async () => {
    const spender = await createUser(database.db, org.id);
    for (let i = 0; i < BUDGET; i += 1) await profile(i, spender.token);
    expect((await profile(0, spender.token)).statusCode).toBe(429);

    const other = await createUser(database.db, org.id);
    expect((await call(instances[0], 'GET', '/profile/')).statusCode).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET; i += 1) statuses.push((await profile(i, other.token)).statusCode);
    expect(statuses).toEqual(Array<number>(BUDGET).fill(200));
  });

  test('parallel requests over the instances: exactly the budget is admitted', async () => {
    const person = await createUser(database.db, org.id);
    const answers = await Promise.all(
      Array.from({ length: BUDGET * 3 }, (_, i) => profile(i, person.token)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(BUDGET);
    expect(statuses.filter((status) => status === 429)).toHaveLength(BUDGET * 2);
  });
});
