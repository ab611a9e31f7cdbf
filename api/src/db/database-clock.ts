/**
 * The database's clock, as an SQL expression: what time it is for the database, written the
 * way every instant is stored (ISO 8601 UTC with milliseconds, `2026-11-26T09:00:00.000Z`),
 * so it compares with stored instants as text.
 *
 * For what instances must agree on, such as the reminders' leases: one clock read by every
 * instance, instead of each instance's own (which may run ahead or be moved by a test's
 * DULY_CLOCK_FILE). On SQLite it is the machine's clock (one process owns the file); on
 * PostgreSQL the server's, at the start of the statement.
 */
import { PostgresAdapter, sql, type RawBuilder } from 'kysely';

/** Any Kysely instance or transaction: only its adapter is read. */
interface WithExecutor {
  getExecutor(): { adapter: unknown };
}

export function isPostgres(db: WithExecutor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Now, plus `plusMs` milliseconds, by the database's clock. */
export function databaseNow(db: WithExecutor, plusMs = 0): RawBuilder<string> {
  const ms = Math.round(plusMs);
  if (isPostgres(db)) {
    return sql<string>`to_char((statement_timestamp() + cast(${ms} as integer) * interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  // SQLite's 'now' is fixed for the whole statement; %f is seconds with milliseconds.
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`${ms / 1000} seconds`})`;
}
