/**
 * Documents on certificates (issue 26, docs/documents.md): one row per uploaded file, tied to
 * the certificate's validity at upload time (`valid_until`, its expiry date then), so earlier
 * documents stay listed under the earlier validity after a renewal.
 *
 * - `storage_key`: where the bytes are in the store (`<organisation>/<sha256>`), never the
 *   uploaded name; two rows of one organisation may share a key (same bytes), so a file is
 *   removed only when its last row goes.
 * - `status`: approved | pending | rejected. An employee's upload is pending while the
 *   organisation's `documents_need_approval` is on (default on); `proposed_issue_date` /
 *   `proposed_expiry_date` are the renewal dates it carries, applied on approval.
 *
 * Citus: organization_id is NOT NULL and leads the primary key and every index.
 */
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('certificate_id', 'text', (column) => column.notNull())
    .addColumn('storage_key', 'text', (column) => column.notNull())
    .addColumn('filename', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('size', 'bigint', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('rejection_reason', 'text')
    .addColumn('uploaded_by_user_id', 'text', (column) => column.notNull())
    .addColumn('valid_until', 'text', (column) => column.notNull())
    .addColumn('proposed_issue_date', 'text')
    .addColumn('proposed_expiry_date', 'text')
    .addColumn('decided_by_user_id', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('documents_pkey', ['organization_id', 'id'])
    .execute();
  // A certificate's documents, grouped by validity, newest first.
  await db.schema
    .createIndex('documents_certificate_idx')
    .on('documents')
    .columns(['organization_id', 'certificate_id', 'valid_until', 'created_at'])
    .execute();
  // The approval queue (status = pending), oldest first.
  await db.schema
    .createIndex('documents_status_idx')
    .on('documents')
    .columns(['organization_id', 'status', 'created_at'])
    .execute();
  // Whether a stored file is still used by another row.
  await db.schema
    .createIndex('documents_storage_key_idx')
    .on('documents')
    .columns(['organization_id', 'storage_key'])
    .execute();

  await db.schema
    .alterTable('organizations')
    .addColumn('documents_need_approval', 'integer', (column) => column.notNull().defaultTo(sql`1`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('documents').execute();
  await db.schema.alterTable('organizations').dropColumn('documents_need_approval').execute();
}
