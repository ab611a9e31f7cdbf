/**
 * What the reminders' sweep (src/reminders/sweep.ts) needs to cost in proportion to what is
 * due, not to the size of the tables (issue 15).
 *
 * Every step of the sweep reads "rows in status S whose date has come", and each row leaves
 * that set when the step handles it (its status changes, or its pending reminder is cleared).
 * So each step is one range read of a global (status, date) index that only ever holds the
 * rows due now, whatever the number of tasks and certificates.
 *
 * Certificates get two stored dates, both maintained by the application on every insert and
 * on every change of the expiry date, the reminder days or the status
 * (reminders/schedule.ts `certificateSchedule`):
 * - `remind_on`: the day the next reminder is due (`expiry_date - reminder_days_before`), or
 *   null once it has been recorded in the ledger. A new date or a renewal sets it again.
 * - `escalate_on`: the day an expired certificate is escalated
 *   (`expiry_date + 1 + reminder_days_before`: expired for reminder_days_before days).
 * Both are per-row values (reminder_days_before differs per certificate), which an index on
 * expiry_date alone could not serve.
 */
import { sql, type Kysely } from 'kysely';
import { DateTime } from 'luxon';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** A `YYYY-MM-DD` date moved by whole days (kept here: a migration never changes). */
function plusDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate()!;
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('certificates').addColumn('remind_on', 'text').execute();
  await db.schema.alterTable('certificates').addColumn('escalate_on', 'text').execute();

  // Existing certificates: one update per distinct (expiry date, reminder days), a few
  // thousand at most even for a large table, and the same SQL on both databases.
  const pairs = await db
    .selectFrom('certificates')
    .select(['expiry_date', 'reminder_days_before'])
    .distinct()
    .execute();
  for (const { expiry_date: expiryDate, reminder_days_before: rawDays } of pairs) {
    const days = Number(rawDays);
    await db
      .updateTable('certificates')
      .set({
        remind_on: plusDays(expiryDate, -days),
        escalate_on: plusDays(expiryDate, 1 + days),
      })
      .where('expiry_date', '=', expiryDate)
      .where('reminder_days_before', '=', rawDays)
      .execute();
  }

  // Global on purpose (the sweep serves every organisation at once); not unique, so the
  // Citus rules of ARCHITECTURE 7b (unique indexes include organization_id) hold.
  await sql`create index tasks_status_due_date_idx on tasks (status, due_date)`.execute(db);
  await sql`create index certificates_status_expiry_date_idx
    on certificates (status, expiry_date)`.execute(db);
  await sql`create index certificates_status_remind_on_idx
    on certificates (status, remind_on)`.execute(db);
  await sql`create index certificates_status_escalate_on_idx
    on certificates (status, escalate_on)`.execute(db);
  // The sender's look-up of leases that ran out (a crashed instance's claims).
  await sql`create index notifications_email_status_lease_until_idx
    on notifications (email_status, lease_until)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('notifications_email_status_lease_until_idx').execute();
  await db.schema.dropIndex('certificates_status_escalate_on_idx').execute();
  await db.schema.dropIndex('certificates_status_remind_on_idx').execute();
  await db.schema.dropIndex('certificates_status_expiry_date_idx').execute();
  await db.schema.dropIndex('tasks_status_due_date_idx').execute();
  await db.schema.alterTable('certificates').dropColumn('escalate_on').execute();
  await db.schema.alterTable('certificates').dropColumn('remind_on').execute();
}
