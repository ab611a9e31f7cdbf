/**
 * Opens the database: SQLite through better-sqlite3 by default, PostgreSQL
 * through a pg pool when a connection string is given (ARCHITECTURE 6).
 */
import SqliteDatabase, { type Statement } from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './tables';

export type DatabaseSettings =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: 'postgres'; connectionString: string; poolSize?: number };

export function createDatabase(settings: DatabaseSettings): Db {
  if (settings.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: settings.connectionString,
      max: settings.poolSize ?? 10,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: openSqlite(settings.filename) }),
  });
}

/** Prepared statements kept per SQL text; the queries are few and the same ones repeat. */
const STATEMENT_CACHE_SIZE = 500;

function openSqlite(filename: string) {
  const sqlite = new SqliteDatabase(filename);
  if (filename !== ':memory:') {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
  }
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');

  // Kysely's SQLite driver prepares every query afresh; preparing a join costs
  // more than running it on an indexed page, so statements are reused.
  const statements = new Map<string, Statement>();
  return {
    prepare(sql: string): Statement {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value as string);
        }
        statement = sqlite.prepare(sql);
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

/** True when `error` is a UNIQUE constraint violation, in either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
