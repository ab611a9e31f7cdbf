/**
 * Calendar URLs shown again (issue 30): a feed's secret is now derived from the server's key
 * and a random nonce kept here (`secret = HMAC(key, nonce)`), so the profile can show the
 * current URL while the database still holds only the secret's hash. Rows made before this
 * have no nonce: their URL keeps working but cannot be shown until it is regenerated.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('calendar_feeds').addColumn('secret_nonce', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('calendar_feeds').dropColumn('secret_nonce').execute();
}
