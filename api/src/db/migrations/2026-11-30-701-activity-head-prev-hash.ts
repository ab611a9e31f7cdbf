/**
 * The activity history's append in one statement (issue 29, docs/activity.md "Cost"):
 * `activity_heads.last_prev_hash`, the hash before the last entry's (that entry's `prev_hash`).
 *
 * An append now moves the head first, by an upsert that creates it if missing or else locks
 * and moves it (`last_id + 1`, the new hash computed from the old one), and then inserts the
 * entry from what that upsert returns. RETURNING gives only the row after the change
 * (PostgreSQL 15, SQLite), so the old hash the entry needs as its `prev_hash` is kept in this
 * column by the same upsert (`last_prev_hash = last_hash`: a SET reads the row before it).
 * The append sets it before it reads it, so the default suits every existing head; the other
 * writers of the head (several entries at once, retention) do not need it.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('activity_heads')
    .addColumn('last_prev_hash', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('activity_heads').dropColumn('last_prev_hash').execute();
}
