/**
 * Several instances on one PostgreSQL behave as one (issue 31): a session ended on one
 * instance is refused on another as soon as PostgreSQL tells it (LISTEN/NOTIFY), not once its
 * cache of token versions has aged. The cache here is kept for a minute, so only the
 * notification can explain a refusal seen within seconds.
 *
 * PostgreSQL only by nature (SQLite is one instance, which learns its own changes directly),
 * so it opens a PostgreSQL whatever DULY_TEST_DATABASES says, like citus-schema.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { setPasswordHash } from '../src/db/repositories/users';
import {
  LEGACY_COST,
  call,
  createOrganization,
  createUser,
  openTestDatabase,
  testConfig,
  type TestDatabase,
  type TestOrganization,
  type TestUser,
} from './helper';
import { hashPassword } from '../src/lib/passwords';

jest.setTimeout(30_000);

/** Long enough that a refusal seen within the polling below cannot come from its expiry. */
const CACHE_MS = 60_000;
const POLL_UNTIL_MS = 5_000;

describe('several instances on one PostgreSQL', () => {
  let database: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let org: TestOrganization;

  const instance = () =>
    buildApp({ config: testConfig({ tokenVersionMaxAgeMs: CACHE_MS }), db: database.db });

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    first = await instance();
    second = await instance();
    await Promise.all([first.ready(), second.ready()]);
    org = await createOrganization(database.db);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  const profileStatus = async (app: FastifyInstance, token: string) =>
    (await call(app, 'GET', '/profile/', { token })).statusCode;

  /** Both instances have read and kept the person's token version. */
  async function signedInOnBoth(person: TestUser) {
    expect(await profileStatus(first, person.token)).toBe(200);
    expect(await profileStatus(second, person.token)).toBe(200);
  }

  /** Milliseconds until `app` refuses `token`, or fails after POLL_UNTIL_MS. */
  async function refusedWithin(app: FastifyInstance, token: string): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < POLL_UNTIL_MS) {
      if ((await profileStatus(app, token)) === 401) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`Still accepted after ${POLL_UNTIL_MS} ms (the cache keeps it ${CACHE_MS} ms)`);
  }

  test('a person deactivated on one instance is refused on the other without waiting for its cache', async () => {
    const person = await createUser(database.db, org.id);
    await signedInOnBoth(person);

    const deactivated = await call(first, 'PUT', `/employees/${person.id}`, {
      token: org.admin.token,
      body: { status: 'inactive' },
    });
    expect(deactivated.statusCode).toBe(200);

    const elapsed = await refusedWithin(second, person.token);
    expect(elapsed).toBeLessThan(CACHE_MS);
  });

  test('a password set by any path (here straight through the repository) ends sessions everywhere', async () => {
    const person = await createUser(database.db, org.id, {
      password_hash: await hashPassword('first password 1', LEGACY_COST),
    });
    await signedInOnBoth(person);

    await setPasswordHash(database.db, {
      organizationId: org.id,
      userId: person.id,
      passwordHash: await hashPassword('second password 2', LEGACY_COST),
    });

    await refusedWithin(first, person.token);
    await refusedWithin(second, person.token);
  });

  test('a change that rolls back tells nobody', async () => {
    const person = await createUser(database.db, org.id);
    await signedInOnBoth(person);

    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('users')
          .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
          .where('id', '=', person.id)
          .execute();
        throw new Error('rolled back on purpose');
      })
      .catch(() => undefined);

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await profileStatus(second, person.token)).toBe(200);
  });

  test('after the listening connection is cut, it reconnects and forgets what it kept meanwhile', async () => {
    const person = await createUser(database.db, org.id);
    await signedInOnBoth(person);
    const pid = await second.databaseListener!.backendPid();
    expect(pid).toEqual(expect.any(Number));

    await sql`select pg_terminate_backend(${pid})`.execute(database.db);
    // Changed while `second` cannot hear: it learns it from its reconnection, not its cache.
    await database.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', person.id)
      .execute();

    await refusedWithin(second, person.token);
    // Listening again: a later change is heard too.
    const other = await createUser(database.db, org.id);
    await signedInOnBoth(other);
    await database.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', other.id)
      .execute();
    await refusedWithin(second, other.token);
  });
});
