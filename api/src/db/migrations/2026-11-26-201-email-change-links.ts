/**
 * Email changes confirmed by a link (issue 24): a person who has set a password keeps their
 * address until they confirm the new one from that address, so `account_tokens` gets a third
 * purpose, `email_change`, and the address the link was sent to.
 *
 * The new address lives on the link rather than on the user: it is pending exactly as long as
 * the link works (used, expired or replaced, and it is gone), and a newer change ends the older
 * link the way a resend ends an older invitation. It is not claimed in `user_emails` until it
 * is confirmed, so asking for a change cannot hold an address against someone else.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // Lower-cased like users.email; null for invitations and resets.
  await db.schema.alterTable('account_tokens').addColumn('new_email', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('account_tokens').dropColumn('new_email').execute();
}
