/**
 * Keys that follow Citus's rules, sharded by organisation (ARCHITECTURE section 7b, issue 16;
 * docs/scaling.md, stage 4), and the one global lookup in its own table.
 *
 * Citus can only enforce a primary key, a unique index or a foreign key inside one shard, so
 * each must include the distribution column, `organization_id` (api/test/citus-schema.test.ts
 * checks every table). Here:
 *
 * - users, tasks, certificates, notifications: primary key (organization_id, id).
 * - users: email unique per organisation, (organization_id, email), instead of across the
 *   system. Across the system it is now `user_emails`'s primary key: the global lookup of
 *   sign-in, which Citus would distribute by email. It has no foreign key (a foreign key
 *   between tables distributed by different columns is impossible); the code writes it in the
 *   same transaction as the user (repositories/users.ts). Backfilled from users here.
 * - Every foreign key to users pairs the organisations too: (organization_id, <user column>)
 *   → users (organization_id, id). ON DELETE SET NULL names the user column only (PostgreSQL
 *   15), so a deleted user never nulls the organisation of the row that pointed at them.
 *
 * Where: Citus is PostgreSQL only, so the keys change on PostgreSQL only. SQLite cannot alter a
 * primary or foreign key in place (it would take rebuilding users, tasks, certificates and
 * notifications with every index); on SQLite ids stay globally unique UUID keys and the
 * single-column foreign keys stay, which enforce at least as much for rows of one
 * organisation. Both databases get the same `user_emails` table and the same per-organisation
 * unique email, so the code is one path on both.
 *
 * Existing data is carried over: no row is rewritten. Adding the composite foreign keys checks
 * every existing row; a row pointing at a user of another organisation (which the API never
 * writes) stops the migration rather than being kept silently.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The tables whose primary key becomes (organization_id, id). */
const KEYED_BY_ORGANIZATION = ['users', 'tasks', 'certificates', 'notifications'] as const;

/** Every foreign key to users: the table, its user column and what a deleted user does. */
const USER_REFERENCES = [
  { table: 'tasks', column: 'assigned_to_user_id', onDelete: 'set null' },
  { table: 'tasks', column: 'created_by_user_id', onDelete: 'no action' },
  { table: 'tasks', column: 'assigner_id', onDelete: 'set null' },
  { table: 'certificates', column: 'incharge_person_id', onDelete: 'set null' },
  { table: 'certificates', column: 'created_by_user_id', onDelete: 'no action' },
  { table: 'certificates', column: 'assigner_id', onDelete: 'set null' },
  { table: 'notifications', column: 'recipient_user_id', onDelete: 'cascade' },
  { table: 'email_opt_outs', column: 'user_id', onDelete: 'cascade' },
] as const;

type UserReference = (typeof USER_REFERENCES)[number];

/** PostgreSQL's own name for a column's foreign key, kept so the names do not change. */
function foreignKeyName({ table, column }: UserReference) {
  return sql.id(`${table}_${column}_fkey`);
}

/** `on delete set null (<user column>)`: never the organisation's column. */
function onDelete({ column, onDelete }: UserReference) {
  if (onDelete === 'set null') return sql`on delete set null (${sql.id(column)})`;
  return onDelete === 'cascade' ? sql`on delete cascade` : sql`on delete no action`;
}

export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);

  if (postgres) {
    // The foreign keys depend on users' primary key: drop them, re-key, then add them back.
    for (const reference of USER_REFERENCES) {
      await sql`alter table ${sql.table(reference.table)}
        drop constraint ${foreignKeyName(reference)}`.execute(db);
    }
    for (const table of KEYED_BY_ORGANIZATION) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_pkey`)},
        add constraint ${sql.id(`${table}_pkey`)} primary key (organization_id, id)`.execute(db);
    }
  }

  // Unique per organisation; across the system, user_emails decides.
  await db.schema.dropIndex('users_email_unique').execute();
  await db.schema.dropIndex('users_organization_id_email_idx').execute();
  await db.schema
    .createIndex('users_organization_id_email_unique')
    .on('users')
    .columns(['organization_id', 'email'])
    .unique()
    .execute();

  if (postgres) {
    for (const reference of USER_REFERENCES) {
      await sql`alter table ${sql.table(reference.table)}
        add constraint ${foreignKeyName(reference)}
        foreign key (organization_id, ${sql.id(reference.column)})
        references users (organization_id, id) ${onDelete(reference)}`.execute(db);
    }
  }

  await db.schema
    .createTable('user_emails')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .execute();
  await db
    .insertInto('user_emails')
    .columns(['email', 'organization_id', 'user_id'])
    .expression(db.selectFrom('users').select(['email', 'organization_id', 'id']))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema.dropTable('user_emails').execute();
  if (postgres) {
    for (const reference of USER_REFERENCES) {
      await sql`alter table ${sql.table(reference.table)}
        drop constraint ${foreignKeyName(reference)}`.execute(db);
    }
    for (const table of KEYED_BY_ORGANIZATION) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_pkey`)},
        add constraint ${sql.id(`${table}_pkey`)} primary key (id)`.execute(db);
    }
  }
  await db.schema.dropIndex('users_organization_id_email_unique').execute();
  await db.schema
    .createIndex('users_organization_id_email_idx')
    .on('users')
    .columns(['organization_id', 'email'])
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  if (postgres) {
    for (const reference of USER_REFERENCES) {
      const action =
        reference.onDelete === 'no action' ? sql`` : sql`on delete ${sql.raw(reference.onDelete)}`;
      await sql`alter table ${sql.table(reference.table)}
        add constraint ${foreignKeyName(reference)}
        foreign key (${sql.id(reference.column)}) references users (id) ${action}`.execute(db);
    }
  }
}

/** Which database this is, from the Kysely dialect (migrations get no config). */
function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
