/**
 * `tasks.open_status`: the open status (pending or in_progress) a task goes back to when its
 * due instant moves into the future after it became overdue or escalated (issue 24, item 3).
 *
 * Every statement that changes a task's status keeps it (reminders/transitions.ts, and the
 * task repository): it holds the last open status the task had before the one it has now, read
 * from the row being changed in the same UPDATE. Tasks overdue before this migration have
 * none; they go back to `pending`, the status every task starts with.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('open_status', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('open_status').execute();
}
