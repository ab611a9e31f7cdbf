/**
 * The migration lock on PostgreSQL (api/src/db/migrate.ts): it never outlives the migration,
 * even through a pooler in transaction mode with other clients busy (in the PgBouncer step of
 * `npm test` the test databases are reached through one, DULY_TEST_POSTGRES_DIRECT_URL being
 * PostgreSQL itself); and a start-up that waits for another migration says so, then fails
 * after its timeout instead of hanging; a test's server that does not start in time shows
 * where its start-up stopped and what the databases were doing (server-process.ts).
 *
 * PostgreSQL only, whatever DULY_TEST_DATABASES says: SQLite has one writer and no such lock.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../src/db/connection';
import { MIGRATION_LOCK_KEY, migrateToLatest, runMigrator } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { openTestDatabase, serverDatabaseEnv, TEST_JWT_SECRET, type TestDatabase } from './helper';
import { freePort, spawnServer, stopServer, waitForOutput } from './server-process';

let database: TestDatabase;
/** PostgreSQL itself, past any pooler: a session of its own, and pg_locks read outside the pool. */
let direct: pg.Client;
/** The test database as the API reaches it: through the pooler in the PgBouncer step. */
let url: string;

beforeAll(async () => {
  database = await openTestDatabase('postgres', false);
  const settings = database.settings;
  if (settings.dialect !== 'postgres') throw new Error('a PostgreSQL test database');
  url = settings.connectionString;
  direct = new pg.Client({
    connectionString: settings.directConnectionString ?? settings.connectionString,
  });
  await direct.connect();
});
afterAll(async () => {
  await direct?.end();
  await database?.drop();
});

/** Advisory locks held or awaited in the test database, by anyone. */
async function advisoryLocks(): Promise<{ pid: number; granted: boolean }[]> {
  const { rows } = await direct.query(
    `select pid, granted from pg_locks
     where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
  );
  return rows;
}

/** Another instance: a pool of its own on the test database, configured like the helper's. */
const anotherInstance = () => createDatabase(database.settings);

test('no migration leaves its lock behind, while other clients keep the connections busy', async () => {
  // Through PgBouncer a session lock was released by a statement that the pooler gave another
  // server connection, when others were busy: the lock stayed with the first one, and the
  // next instance to migrate waited for it for an hour.
  await migrateToLatest(database.db);
  let busy = true;
  const others = new pg.Pool({ connectionString: url, max: 8 });
  const load = Array.from({ length: 8 }, async () => {
    while (busy) await others.query('select pg_sleep(0.002)');
  });
  try {
    for (let round = 0; round < 6; round += 1) {
      const instance = anotherInstance();
      try {
        // Nothing left to apply: the lock is still taken and given back.
        expect(await migrateToLatest(instance, { lockTimeoutMs: 10_000 })).toEqual([]);
      } finally {
        await instance.destroy();
      }
      expect(await advisoryLocks()).toEqual([]);
    }
  } finally {
    busy = false;
    await Promise.all(load);
    await others.end();
  }
});

test('a migration waiting for another one says who holds the lock, and gives up after its timeout', async () => {
  const { rows } = await direct.query('select pg_backend_pid() as pid');
  const holder: number = rows[0].pid;
  // Another migration in progress, as Kysely's lock of an older release takes it.
  await direct.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
  const instance = anotherInstance();
  try {
    const waitedFor: number[][] = [];
    await expect(
      migrateToLatest(instance, { lockTimeoutMs: 300, onWait: (pids) => waitedFor.push(pids) }),
    ).rejects.toThrow(
      `Waited 300 ms for another migration of the database to end (advisory lock ${MIGRATION_LOCK_KEY}, held by server process ${holder}`,
    );
    expect(waitedFor).toEqual([[holder]]);

    // Once the other migration ends, this one goes ahead without a word.
    await direct.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    waitedFor.length = 0;
    await migrateToLatest(instance, { onWait: (pids) => waitedFor.push(pids) });
    expect(waitedFor).toEqual([]);
    expect(await advisoryLocks()).toEqual([]);
  } finally {
    await instance.destroy();
  }
});

test('a failed migration reports its own error and leaves nothing of its release applied', async () => {
  const instance = anotherInstance();
  try {
    const result = await runMigrator(instance, (migrator) => migrator.migrateToLatest(), {
      // A next release of two migrations, the second failing.
      migrations: {
        ...migrations,
        '9999-01-01-001-applies': {
          up: async (db) => void (await sql`create table lock_test_applied (x int)`.execute(db)),
        },
        '9999-01-01-002-fails': {
          up: async (db) => void (await sql`select * from lock_test_missing`.execute(db)),
        },
      },
    });
    // The migration's own error, not that of a statement sent after it in the aborted transaction.
    expect(String(result.error)).toContain('relation "lock_test_missing" does not exist');
    const { rows } = await direct.query(
      "select to_regclass('lock_test_applied') as applied, " +
        "(select count(*) from kysely_migration where name like '9999-%')::int as recorded",
    );
    expect(rows).toEqual([{ applied: null, recorded: 0 }]);
    expect(await advisoryLocks()).toEqual([]);
  } finally {
    await instance.destroy();
  }
});

test('a server that waits for the migration lock says so, and a start timeout shows the sessions and the locks', async () => {
  const { rows } = await direct.query('select pg_backend_pid() as pid');
  const holder: number = rows[0].pid;
  await direct.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
  const child = spawnServer({
    PORT: String(await freePort()),
    ...serverDatabaseEnv(database),
    JWT_SECRET: TEST_JWT_SECRET,
    SCHEDULER: 'off',
  });
  try {
    // Generous: tsx compiles the API first, on two cores that other suites keep busy.
    const waiting = await waitForOutput(
      child,
      new RegExp(`Waiting for another migration.*server process ${holder} holds`),
      120_000,
    );
    expect(waiting).toMatch(/start-up \+\d+ ms: configuration read; migrating the database/);

    const timedOut = await waitForOutput(child, /listening on/, 200).catch(
      (error: Error) => error.message,
    );
    expect(timedOut).toMatch(/^Timed out after \d+ ms waiting for \/listening on\//);
    // The holder's session, and the lock held by it and awaited by the server.
    expect(timedOut).toMatch(new RegExp(`pg_stat_activity \\(\\d+\\):[^]*pid=${holder} `));
    expect(timedOut).toMatch(new RegExp(`advisory locks[^]*pid=${holder} .*granted=true`));
    expect(timedOut).toMatch(/advisory locks[^]*granted=false/);
    if (process.env.DULY_TEST_PGBOUNCER_ADMIN_URL)
      expect(timedOut).toContain('PgBouncer SHOW POOLS');

    // Once the lock is free, the start-up goes on.
    const started = waitForOutput(child, /listening on/, 60_000);
    await direct.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    expect(await started).toMatch(/start-up \+\d+ ms: migrated/);
  } finally {
    await stopServer(child);
  }
}, 240_000);
