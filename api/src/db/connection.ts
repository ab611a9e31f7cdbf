/**
 * Opens the database: SQLite through better-sqlite3 in worker threads by default
 * (sqlite/worker-driver.ts), PostgreSQL through a pg pool when a connection string is given
 * (ARCHITECTURE 6).
 */
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { changeCounter } from './sqlite/change-counter';
import type { SqliteSynchronous } from './sqlite/sqlite-thread';
import { SqliteWorkerDialect } from './sqlite/worker-driver';
import type { Database, Db } from './tables';

export { OTHER_WRITERS_CHECK_MS } from './sqlite/change-counter';

/** SQLite reader threads beside the writer (docs/scaling.md, "SQLite off the event loop"). */
const SQLITE_READERS = 1;

export type DatabaseSettings =
  | { dialect: 'sqlite'; filename: string; synchronous?: SqliteSynchronous }
  | {
      dialect: 'postgres';
      connectionString: string;
      poolSize?: number;
      /**
       * The connection string goes through a pooler in transaction mode (PgBouncer,
       * DATABASE_POOLING=transaction): consecutive queries of one pg client may run on
       * different server connections, so nothing may outlive a transaction. Reads are then
       * never named (prepared) statements, whose names a server connection would not know or
       * would know already from another client.
       */
      transactionPooling?: boolean;
      /** PostgreSQL itself, past the pooler: for the one LISTEN connection (DATABASE_DIRECT_URL). */
      directConnectionString?: string;
    };

const changeCounters = new WeakMap<Db, () => string>();
const postgresUrls = new WeakMap<Db, string>();

/**
 * The PostgreSQL server `db` connects to, past any pooler (undefined for SQLite): for a
 * connection of its own (the LISTEN connection).
 */
export function postgresConnectionStringOf(db: Db): string | undefined {
  return postgresUrls.get(db);
}

/**
 * For SQLite, a value that changes whenever data changes (sqlite/change-counter.ts), read by
 * the response cache; undefined for PostgreSQL, which is never cached.
 */
export function changeCounterOf(db: Db): (() => string) | undefined {
  return changeCounters.get(db);
}

export function createDatabase(settings: DatabaseSettings): Db {
  if (settings.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: settings.connectionString,
      max: settings.poolSize ?? 10,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: settings.transactionPooling ? pool : preparingReads(pool),
      }),
    });
    postgresUrls.set(db, settings.directConnectionString ?? settings.connectionString);
    return db;
  }
  const { filename } = settings;
  const inMemory = filename === ':memory:' || filename === '';
  if (!inMemory) makePrivate(filename);
  const changes = changeCounter(filename);
  const db = new Kysely<Database>({
    dialect: new SqliteWorkerDialect({
      filename,
      // An in-memory database belongs to one connection: its one thread runs everything.
      readers: inMemory ? 0 : SQLITE_READERS,
      synchronous: settings.synchronous,
      onWrite: changes.noteWrite,
      onDestroy: changes.close,
    }),
  });
  changeCounters.set(db, changes.current);
  return db;
}

/**
 * The database holds password hashes: its file is created 0600 before SQLite opens it, and
 * one left readable by an older version is made private. SQLite gives its -wal and -shm
 * files the database file's mode.
 */
function makePrivate(filename: string): void {
  closeSync(openSync(filename, 'a', 0o600));
  for (const file of [filename, `${filename}-wal`, `${filename}-shm`]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}

/** At most this many distinct statement texts become named (prepared) statements per process. */
const PREPARED_READS_MAX = 500;

/**
 * Ends a write that is sent as a named (prepared) statement like the SELECTs, outside a
 * pooler in transaction mode: the saves' UPDATEs and the history's append
 * (repositories/activity.ts). Planning those took more time than running them (an entry's
 * append: 0.46 ms a statement unnamed, 0.18 ms named, docs/activity.md). Only writes whose
 * text is fixed for a given shape carry it, so their number stays small.
 */
export const NAMED_STATEMENT = ' /* named */';

/**
 * `select *` / `"t".*`: PostgreSQL refuses to run a prepared statement whose
 * result columns changed ("cached plan must not change result type"), which a
 * migration run by another instance (adding a column) would cause. Such reads
 * stay unnamed; named ones list their columns, which a new column leaves alone.
 */
const SELECTS_EVERY_COLUMN = /\bselect\s+\*|\.\*/i;

/**
 * PostgreSQL plans every unnamed query afresh, and planning the task list's
 * join costs more than running it on an indexed page. SELECTs are therefore
 * sent as named statements: each connection parses and plans one once and
 * then only binds and executes it (the pg driver remembers what it has
 * prepared per connection). Writes and DDL stay unnamed unless they end with
 * NAMED_STATEMENT, and the number of names is bounded, since a query with an
 * `in (…)` list has a text per length.
 */
function preparingReads(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (
      name === undefined &&
      names.size < PREPARED_READS_MAX &&
      ((/^\s*select\b/i.test(text) && !SELECTS_EVERY_COLUMN.test(text)) ||
        text.endsWith(NAMED_STATEMENT))
    ) {
      name = `duly_read_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  // Patched on the pool itself (not a wrapper), so end() and the pool's own state stay as pg has them.
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const patched = new WeakSet<pg.PoolClient>();
  pool.connect = (async (): Promise<pg.PoolClient> => {
    const client = await connect();
    if (!patched.has(client)) {
      patched.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((text: unknown, values?: unknown) => {
        const name = typeof text === 'string' ? nameOf(text) : undefined;
        return name === undefined ? query(text, values) : query({ name, text, values });
      }) as typeof client.query;
    }
    return client;
  }) as typeof pool.connect;
  return pool;
}

/** True when `error` is a UNIQUE or PRIMARY KEY constraint violation, in either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
