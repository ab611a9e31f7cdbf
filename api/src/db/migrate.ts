import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type DatabaseConnection,
  type Driver,
  type Migration,
  type MigrationResultSet,
} from 'kysely';
import { migrations } from './migrations';
import type { Database, Db } from './tables';

/**
 * The key of Kysely's own migration lock (its PostgresAdapter's LOCK_ID). Taking the same key
 * keeps an instance of an older release, which takes Kysely's lock, and this one from
 * migrating at the same time during a rolling upgrade.
 */
export const MIGRATION_LOCK_KEY = '3853314791062309107';

/**
 * How long a start-up waits for another instance's migration before it fails, saying so, rather
 * than hang without a word (Kysely waited an hour). A process manager starts it again, to wait
 * once more if a long migration is still running.
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 10 * 60_000;

export interface MigrateOptions {
  /** The migrations to apply: the release's by default (a test passes an older release's). */
  migrations?: Record<string, Migration>;
  /** PostgreSQL: how long to wait for the migration lock; MIGRATION_LOCK_TIMEOUT_MS by default. */
  lockTimeoutMs?: number;
  /**
   * Called once when another connection holds the migration lock, before waiting for it, with
   * the server process ids holding it: a start-up that waits says what for (server.ts).
   */
  onWait?: (holders: number[]) => void;
}

/**
 * Brings the schema up to date, returning the names of the migrations applied. Several
 * instances starting together on one PostgreSQL apply each migration once.
 */
export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const { error, results } = await runMigrator(
    db,
    (migrator) => migrator.migrateToLatest(),
    options,
  );
  if (error) {
    throw new Error('Database migration failed', { cause: error });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((r) => r.migrationName);
}

/**
 * Runs `work` (migrateToLatest, migrateTo…) with a Kysely Migrator, holding the migration lock.
 *
 * On PostgreSQL everything runs in one transaction on one connection that first takes
 * `pg_advisory_xact_lock`. Kysely alone takes a session lock (`pg_advisory_lock`), outside its
 * transaction, and releases it by a later statement: through a pooler in transaction mode
 * (PgBouncer, DATABASE_POOLING=transaction) those statements may run on different server
 * connections, so the unlock failed whenever other clients kept the pool busy and the lock
 * stayed with a pooled server connection for good. The next instance to migrate, a restart
 * included, then waited an hour with nothing printed (the start-ups of
 * api/test/reminders-fault.test.ts that hung through PgBouncer; api/test/migration-lock.test.ts).
 * Within one transaction the pooler keeps one server connection, and PostgreSQL drops the lock
 * when the transaction ends, or when a killed instance's connection closes. Kysely's own lock
 * is left out (TransactionLockAdapter).
 *
 * The migrations themselves are atomic as before: Kysely ran them all in one transaction too.
 */
export async function runMigrator(
  db: Db,
  work: (migrator: Migrator) => Promise<MigrationResultSet>,
  options: MigrateOptions = {},
): Promise<MigrationResultSet> {
  const provider = { getMigrations: async () => options.migrations ?? migrations };
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    // SQLite: one writer, and Kysely's lock there is a no-op; its transaction as before.
    return work(new Migrator({ db, provider }));
  }
  return db.getExecutor().provideConnection(async (connection) => {
    const migrationDb = onOneConnection(connection);
    await sql`begin`.execute(migrationDb);
    try {
      await lockMigrations(migrationDb, options);
      // Its own transactions would nest in this one.
      const result = await work(
        new Migrator({ db: migrationDb, provider, disableTransactions: true }),
      );
      await sql.raw(result.error ? 'rollback' : 'commit').execute(migrationDb);
      return result;
    } catch (error) {
      await sql`rollback`.execute(migrationDb).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Kysely's PostgreSQL adapter without its session lock, which runMigrator replaces by the
 * transaction's. Kysely would also release its lock by a statement after a failed migration,
 * inside the aborted transaction: that statement's failure would hide the migration's error.
 */
class TransactionLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/** A driver that runs everything on one connection held by the caller, its transaction open. */
class OneConnectionDriver implements Driver {
  constructor(private readonly connection: DatabaseConnection) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('The migrations run in the transaction runMigrator opened');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/** A Kysely on `connection` alone, for the migrator. */
function onOneConnection(connection: DatabaseConnection): Db {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new TransactionLockAdapter(),
      createDriver: () => new OneConnectionDriver(connection),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** Takes the migration lock for the transaction open on `connection`, or fails after a while. */
async function lockMigrations(connection: Db, options: MigrateOptions): Promise<void> {
  const key = sql.lit(MIGRATION_LOCK_KEY);
  const tried = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(${key}) as locked`.execute(connection);
  if (tried.rows[0]?.locked) return;
  if (options.onWait) options.onWait(await lockHolders(connection));
  const timeoutMs = options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS;
  // `true`: for this transaction only (Kysely sets its own for the migrations after this).
  await sql`select set_config('lock_timeout', ${String(timeoutMs)}, true)`.execute(connection);
  try {
    await sql`select pg_advisory_xact_lock(${key})`.execute(connection);
  } catch (error) {
    if ((error as { code?: string }).code !== '55P03') throw error; // lock_not_available
    // The failed statement aborted the transaction: out of it, to ask who holds the lock.
    await sql`rollback`.execute(connection);
    const holders = await lockHolders(connection);
    throw new Error(
      `Waited ${timeoutMs} ms for another migration of the database to end ` +
        `(advisory lock ${MIGRATION_LOCK_KEY}, held by server process ` +
        `${holders.join(', ') || 'none any more'}: see pg_stat_activity)`,
      { cause: error },
    );
  }
}

/** The server process ids that hold the migration lock in this database. */
async function lockHolders(connection: Db): Promise<number[]> {
  // A bigint key is stored as two halves: classid the high 32 bits, objid the low ones.
  const key = BigInt(MIGRATION_LOCK_KEY);
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_locks
    where locktype = 'advisory' and granted and objsubid = 1
      and database = (select oid from pg_database where datname = current_database())
      and classid = ${Number(key >> 32n)}::bigint::oid
      and objid = ${Number(key & 0xffffffffn)}::bigint::oid
    order by pid`.execute(connection);
  return rows.map(({ pid }) => pid);
}
