/**
 * Narrow indexes for counting an organisation's tasks and certificates
 * (X-Total-Count of a list, the dashboard totals).
 *
 * An unfiltered count matches every row of the organisation. PostgreSQL then
 * preferred a sequential scan of the table over the wide list indexes; SQLite
 * walked the narrowest list index, whose entries still hold a sort column. An
 * index of organization_id alone is the smallest thing both can count from
 * (index-only on PostgreSQL, where B-tree deduplication makes it tiny), and it
 * does not replace any list index: those keep serving the ordered pages.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('tasks_organization_id_idx')
    .on('tasks')
    .column('organization_id')
    .execute();
  await db.schema
    .createIndex('certificates_organization_id_idx')
    .on('certificates')
    .column('organization_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('certificates_organization_id_idx').execute();
  await db.schema.dropIndex('tasks_organization_id_idx').execute();
}
