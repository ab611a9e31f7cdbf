/**
 * Indexes for the `urgency` order of task lists (the team dashboards): open
 * tasks before completed ones, each by due date. The order is an expression,
 * `(status = 'completed')`, so the index holds the same expression: PostgreSQL
 * and SQLite then read an organisation's page in order instead of sorting all
 * its tasks. The second index serves an employee's own tasks (/employee/tasks).
 */
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create index tasks_organization_id_urgency_idx
    on tasks (organization_id, (status = 'completed'), due_date, id)`.execute(db);
  await sql`create index tasks_organization_id_assigned_to_user_id_urgency_idx
    on tasks (organization_id, assigned_to_user_id, (status = 'completed'), due_date, id)`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('tasks_organization_id_assigned_to_user_id_urgency_idx').execute();
  await db.schema.dropIndex('tasks_organization_id_urgency_idx').execute();
}
