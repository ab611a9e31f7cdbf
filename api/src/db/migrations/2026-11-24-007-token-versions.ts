/**
 * Sessions that can be ended (issue 14): every token carries its user's `token_version`
 * (claim `ver`) at signing; a password change or reset, a deactivation and a role change
 * add one, and the auth plugin refuses any token whose version is older (docs/accounts-sessions.md).
 * Existing users start at 0, as do tokens signed before this migration (no `ver` claim).
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('token_version').execute();
}
