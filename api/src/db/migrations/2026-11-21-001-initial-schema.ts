/**
 * The first schema. Plain DDL that runs on SQLite and PostgreSQL alike: text
 * ids (UUIDs), ISO-8601 text instants and `YYYY-MM-DD` text dates.
 *
 * Every list filter and sort has an index that starts with organization_id
 * (all reads are scoped to the caller's organisation) and ends with id, so
 * pages come straight out of the index in a stable order.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('full_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('department', 'text')
    .addColumn('role', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  await index(db, 'users', ['organization_id', 'full_name', 'id']);
  await index(db, 'users', ['organization_id', 'email']);
  await index(db, 'users', ['organization_id', 'created_at', 'id']);
  await index(db, 'users', ['organization_id', 'status', 'full_name', 'id']);

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text')
    .addColumn('due_date', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('assigned_to_user_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('created_by_user_id', 'text', (column) => column.notNull().references('users.id'))
    .addColumn('assigner_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await index(db, 'tasks', ['organization_id', 'due_date', 'id']);
  await index(db, 'tasks', ['organization_id', 'status', 'due_date', 'id']);
  await index(db, 'tasks', ['organization_id', 'assigned_to_user_id', 'due_date', 'id']);
  await index(db, 'tasks', ['organization_id', 'assigned_to_user_id', 'status', 'due_date', 'id']);
  await index(db, 'tasks', ['organization_id', 'created_at', 'id']);
  await index(db, 'tasks', ['organization_id', 'title', 'id']);

  await db.schema
    .createTable('certificates')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('description', 'text')
    .addColumn('issue_date', 'text')
    .addColumn('expiry_date', 'text', (column) => column.notNull())
    .addColumn('reminder_days_before', 'integer', (column) => column.notNull())
    .addColumn('department', 'text')
    .addColumn('incharge_person_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('created_by_user_id', 'text', (column) => column.notNull().references('users.id'))
    .addColumn('assigner_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await index(db, 'certificates', ['organization_id', 'expiry_date', 'id']);
  await index(db, 'certificates', ['organization_id', 'status', 'expiry_date', 'id']);
  await index(db, 'certificates', ['organization_id', 'incharge_person_id', 'expiry_date', 'id']);
  await index(db, 'certificates', [
    'organization_id',
    'incharge_person_id',
    'status',
    'expiry_date',
    'id',
  ]);
  await index(db, 'certificates', ['organization_id', 'created_at', 'id']);
  await index(db, 'certificates', ['organization_id', 'name', 'id']);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('certificates').execute();
  await db.schema.dropTable('tasks').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('organizations').execute();
}

/** `<table>_<columns>_idx`, named from its columns so the name says what it serves. */
function index(db: AnyDb, table: string, columns: string[]) {
  const name = `${table}_${columns.filter((column) => column !== 'id').join('_')}_idx`;
  return db.schema.createIndex(name).on(table).columns(columns).execute();
}
