/**
 * Certificate types (issue 28): a catalogue per organisation, the requirements that say who
 * needs each type, and on certificates the type they are of and their own reminder offsets.
 *
 * - `certificate_types`: primary key (organization_id, id), its name unique per organisation
 *   (Citus: every key includes organization_id). `reminder_offsets` is a JSON array of days
 *   before expiry (`[30,7]`); `validity_months` null means the type does not expire.
 * - `certificate_type_requirements`: one row per role or department a type is required for
 *   (`kind` 'role' | 'department'); "everyone" is a flag on the type. Removed with their type.
 * - `certificates.certificate_type_id` (null: no type, as every certificate before) and
 *   `certificates.reminder_offsets` (null: the type's offsets, or `reminder_days_before`).
 *   No foreign key from certificates: SQLite cannot add a composite one to an existing table;
 *   the API checks the type is the organisation's and refuses to delete a type in use.
 * - Indexes start with organization_id: the compliance matrix reads certificates by
 *   (organization_id, certificate_type_id, incharge_person_id).
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('certificate_types')
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('description', 'text')
    .addColumn('validity_months', 'integer')
    .addColumn('reminder_offsets', 'text', (column) => column.notNull())
    .addColumn('remind_after_expiry', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('required_for_everyone', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('certificate_types_pkey', ['organization_id', 'id'])
    .addUniqueConstraint('certificate_types_name_key', ['organization_id', 'name'])
    .execute();
  await db.schema
    .createTable('certificate_type_requirements')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('certificate_type_id', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('certificate_type_requirements_pkey', [
      'organization_id',
      'certificate_type_id',
      'kind',
      'value',
    ])
    .addForeignKeyConstraint(
      'certificate_type_requirements_type_fkey',
      ['organization_id', 'certificate_type_id'],
      'certificate_types',
      ['organization_id', 'id'],
      (constraint) => constraint.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('certificate_type_requirements_value')
    .on('certificate_type_requirements')
    .columns(['organization_id', 'kind', 'value'])
    .execute();
  await db.schema.alterTable('certificates').addColumn('certificate_type_id', 'text').execute();
  await db.schema.alterTable('certificates').addColumn('reminder_offsets', 'text').execute();
  await db.schema
    .createIndex('certificates_type_person')
    .on('certificates')
    .columns(['organization_id', 'certificate_type_id', 'incharge_person_id', 'expiry_date'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('certificates_type_person').execute();
  await db.schema.alterTable('certificates').dropColumn('reminder_offsets').execute();
  await db.schema.alterTable('certificates').dropColumn('certificate_type_id').execute();
  await db.schema.dropTable('certificate_type_requirements').execute();
  await db.schema.dropTable('certificate_types').execute();
}
