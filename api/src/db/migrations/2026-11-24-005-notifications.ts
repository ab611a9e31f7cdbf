/**
 * The notification ledger of the reminders (ARCHITECTURE section 7, issue 15) and the
 * per-person email opt-outs.
 *
 * One row = one notice to one person about one occurrence. `key` names the occurrence and
 * the recipient (for example `certificate:<id>:reminder:<expiry date>:<user id>`), and is
 * unique per organisation: the scheduler inserts with insert-or-ignore in the same
 * transaction as the status change, so a second instance, a second run or a catch-up after
 * downtime can never make a second row. A new due or expiry date makes a new key, which
 * re-arms the reminder. The same row is the in-app notice (`read_at`) and the email's
 * outbox (`email_status`, lease, attempts).
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('recipient_user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('key', 'text', (column) => column.notNull())
    // certificate_reminder | certificate_expired | certificate_escalated | task_overdue | task_escalated
    .addColumn('kind', 'text', (column) => column.notNull())
    // task | certificate, and its id (no foreign key: the notice outlives a deleted item)
    .addColumn('item_type', 'text', (column) => column.notNull())
    .addColumn('item_id', 'text', (column) => column.notNull())
    // The item's title or name and the date the notice is about, as they were then.
    .addColumn('item_title', 'text', (column) => column.notNull())
    .addColumn('item_date', 'text', (column) => column.notNull())
    // digest (date-based, sent at REMINDER_TIME) | immediate (status changes)
    .addColumn('delivery', 'text', (column) => column.notNull())
    // The email's outbox: pending | sending | sent | failed | skipped (opted out).
    .addColumn('email_status', 'text', (column) => column.notNull())
    .addColumn('send_after', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    // The in-app notice.
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_organization_id_key_unique')
    .on('notifications')
    .columns(['organization_id', 'key'])
    .unique()
    .execute();
  // The bell: a person's newest notices, and their unread count.
  await db.schema
    .createIndex('notifications_organization_id_recipient_user_id_created_at_idx')
    .on('notifications')
    .columns(['organization_id', 'recipient_user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_organization_id_recipient_user_id_read_at_idx')
    .on('notifications')
    .columns(['organization_id', 'recipient_user_id', 'read_at'])
    .execute();
  // The sender: what is due to go out, oldest first, across organisations.
  await db.schema
    .createIndex('notifications_email_status_send_after_idx')
    .on('notifications')
    .columns(['email_status', 'send_after'])
    .execute();

  // A row per (person, kind of email) they turned off; no row = they get it.
  await db.schema
    .createTable('email_opt_outs')
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('email_opt_outs_pk', ['organization_id', 'user_id', 'kind'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('email_opt_outs').execute();
  await db.schema.dropTable('notifications').execute();
}
