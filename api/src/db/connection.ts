/**
 * Opens the database: SQLite through better-sqlite3 by default, PostgreSQL
 * through a pg pool when a connection string is given (ARCHITECTURE 6).
 */
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SqliteDatabase, { type Statement } from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './tables';

export type DatabaseSettings =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: 'postgres'; connectionString: string; poolSize?: number };

/**
 * For SQLite, a value that changes whenever data changes: at once for writes
 * through this connection (counted as statements run), within
 * OTHER_WRITERS_CHECK_MS for any other connection or process (SQLite's
 * `data_version`). It costs next to nothing to read, which makes a response
 * cache both exact and cheap (plugins/response-cache.ts).
 */
const changeCounters = new WeakMap<Db, () => string>();

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
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingReads(pool) }) });
  }
  const sqlite = openSqlite(settings.filename);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  changeCounters.set(db, sqlite.changeCounter);
  return db;
}

/** Prepared statements kept per SQL text; the queries are few and the same ones repeat. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * How late a write by another process (not through this connection) may be
 * noticed. The API's own writes are noticed at once.
 */
export const OTHER_WRITERS_CHECK_MS = 50;

/** What Kysely's SQLite driver uses of a statement. */
interface DriverStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): {
    changes: number | bigint;
    lastInsertRowid: number | bigint;
  };
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
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

function openSqlite(filename: string) {
  if (filename !== ':memory:' && filename !== '') makePrivate(filename);
  const sqlite = new SqliteDatabase(filename);
  if (filename !== ':memory:') {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
  }
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');

  // Writes through this connection are counted here (every statement that is
  // not a SELECT, counted once it has run). Commits by other connections or
  // processes move SQLite's data_version, read at most every
  // OTHER_WRITERS_CHECK_MS: reading it costs more than the rest of a cached answer.
  let ownWrites = 0;
  const dataVersionStatement = sqlite.prepare('pragma data_version').pluck();
  let dataVersion = 0;
  let dataVersionReadAt = -Infinity;

  const counting = (statement: Statement): DriverStatement => ({
    reader: statement.reader,
    all(parameters) {
      try {
        return statement.all(parameters);
      } finally {
        ownWrites += 1;
      }
    },
    run(parameters) {
      try {
        return statement.run(parameters);
      } finally {
        ownWrites += 1;
      }
    },
    iterate: (parameters) => statement.iterate(parameters),
  });

  // Kysely's SQLite driver prepares every query afresh; preparing a join costs
  // more than running it on an indexed page, so statements are reused.
  const statements = new Map<string, DriverStatement>();
  return {
    changeCounter(): string {
      const now = performance.now();
      if (now - dataVersionReadAt >= OTHER_WRITERS_CHECK_MS) {
        dataVersion = dataVersionStatement.get() as number;
        dataVersionReadAt = now;
      }
      return `${ownWrites}:${dataVersion}`;
    },
    prepare(sql: string): DriverStatement {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value as string);
        }
        const prepared = sqlite.prepare(sql);
        statement = /^\s*select\b/i.test(sql) ? prepared : counting(prepared);
        statements.set(sql, statement);
      }
      return statement;
    },
    close(): void {
      statements.clear();
      sqlite.close();
    },
  };
}

/** At most this many distinct SELECT texts become named (prepared) statements per process. */
const PREPARED_READS_MAX = 500;

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
 * prepared per connection). Writes and DDL stay unnamed, and the number of
 * names is bounded, since a query with an `in (…)` list has a text per length.
 */
function preparingReads(pool: pg.Pool): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (
      name === undefined &&
      names.size < PREPARED_READS_MAX &&
      /^\s*select\b/i.test(text) &&
      !SELECTS_EVERY_COLUMN.test(text)
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
