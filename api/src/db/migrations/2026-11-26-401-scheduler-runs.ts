/**
 * The last run of each scheduled job (issue 35): one row per job, written by whichever
 * instance ran it last, so that any instance can tell an admin whether reminders run at all
 * (the usual reason "alerts never arrive" is a job nobody runs).
 *
 * Not an organisation's data: on Citus it is distributed by `job`, on its own, like
 * user_emails.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('scheduler_runs')
    // `reminders`
    .addColumn('job', 'text', (column) => column.primaryKey())
    .addColumn('finished_at', 'text', (column) => column.notNull())
    .addColumn('duration_ms', 'integer', (column) => column.notNull())
    // host:pid of the instance that ran it.
    .addColumn('instance', 'text', (column) => column.notNull())
    .addColumn('mails_sent', 'integer', (column) => column.notNull())
    .addColumn('notices_retrying', 'integer', (column) => column.notNull())
    .addColumn('notices_failed', 'integer', (column) => column.notNull())
    // Null when every step succeeded; else what failed.
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('scheduler_runs').execute();
}
