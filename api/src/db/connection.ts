/**
 * Opens the database: SQLite through better-sqlite3 in worker threads by default
 * (sqlite/worker-driver.ts), PostgreSQL through a pg pool when a connection string is given
 * (ARCHITECTURE 6).
 */
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import { createPostgresPool } from './postgres-client';
import { changeCounter } from './sqlite/change-counter';
import type { SqliteSynchronous } from './sqlite/sqlite-thread';
import { SqliteWorkerDialect } from './sqlite/worker-driver';
import type { Database, Db } from './tables';

export { OTHER_WRITERS_CHECK_MS } from './sqlite/change-counter';
export { DEFERRED_STATEMENT, NAMED_STATEMENT } from './postgres-client';

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
    const pool = createPostgresPool({
      connectionString: settings.connectionString,
      max: settings.poolSize ?? 10,
      transactionPooling: settings.transactionPooling,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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

/** True when `error` is a UNIQUE or PRIMARY KEY constraint violation, in either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
