/**
 * Imports (issue 27): one row per uploaded file (its job's status and counts), and one row per
 * data row of the file with the cells as read and what the import did or would do with them.
 * The job runs in the API process (import/job.ts); the rows let the result, the error CSV and
 * a later apply outlive the browser and the request.
 *
 * Keys follow Citus's rules (api/test/citus-schema.test.ts): every key holds organization_id.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('created_by_user_id', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('mode', 'text', (column) => column.notNull())
    .addColumn('dry_run', 'integer', (column) => column.notNull())
    .addColumn('send_invitations', 'integer', (column) => column.notNull().defaultTo(0))
    // queued | running | done | failed
    .addColumn('status', 'text', (column) => column.notNull())
    // Only while queued or running: the one-import-at-a-time index below holds it.
    .addColumn('active', 'integer')
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('sheet', 'text')
    .addColumn('date_order', 'text')
    // JSON: { header: field } as used; and the preview this apply must repeat, if any.
    .addColumn('mapping', 'text')
    .addColumn('preview_id', 'text')
    // A digest of every row's planned outcome and changes: an apply repeats its preview's.
    .addColumn('plan_digest', 'text')
    .addColumn('headers', 'text')
    .addColumn('total_rows', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('processed_rows', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('imports_pk', ['organization_id', 'id'])
    .execute();
  // One import at a time per organisation: `active` is 1 while queued or running, null after
  // (nulls never collide), so two requests at once cannot both start one.
  await db.schema
    .createIndex('imports_one_active')
    .on('imports')
    .columns(['organization_id', 'active'])
    .unique()
    .execute();
  await db.schema
    .createIndex('imports_recent')
    .on('imports')
    .columns(['organization_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('import_rows')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('import_id', 'text', (column) => column.notNull())
    // 1 = the first data row.
    .addColumn('row', 'integer', (column) => column.notNull())
    // JSON array of the cells as read (the error CSV gives them back).
    .addColumn('cells', 'text', (column) => column.notNull())
    // create | update | unchanged | error; null until the job reaches the row.
    .addColumn('outcome', 'text')
    .addColumn('changes', 'text')
    .addColumn('errors', 'text')
    .addPrimaryKeyConstraint('import_rows_pk', ['organization_id', 'import_id', 'row'])
    .execute();
  await db.schema
    .createIndex('import_rows_outcome')
    .on('import_rows')
    .columns(['organization_id', 'import_id', 'outcome', 'row'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('import_rows').execute();
  await db.schema.dropTable('imports').execute();
}
