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
 *   → users (organization_id, id), same name and same action on delete. ON DELETE SET NULL
 *   names the user column only (PostgreSQL 15), so a deleted user never nulls the
 *   organisation of the row that pointed at them. The foreign keys are found in the catalogue
 *   (see userReferences), so those of migrations 006 to 009 are re-keyed too.
 *
 * Where: Citus is PostgreSQL only, so the keys change on PostgreSQL only. SQLite cannot alter a
 * primary or foreign key in place (it would take rebuilding users, tasks, certificates and
 * notifications with every index, for a database Citus never runs on). On SQLite the ids stay
 * the primary keys and the foreign keys stay single-column: they do not check that a user is
 * of the row's organisation, which the API checks itself (the isolation suite proves it on
 * both databases). Both get the same `user_emails` table and the same per-organisation unique
 * email, so the code is one path on both.
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

/** A single-column foreign key to users(id) (before) or its composite form (after). */
interface UserReference {
  name: string;
  table: string;
  /** The user column: `assigned_to_user_id`, `recipient_user_id`, ... */
  column: string;
  /** pg_constraint.confdeltype: a no action, r restrict, c cascade, n set null, d set default. */
  onDelete: string;
}

/**
 * Every foreign key to users, read from the catalogue rather than listed: the migrations
 * numbered between 005 and this one were written at the same time (account tokens, token
 * versions, reminder sweeps), and whichever foreign keys to users they add, this re-keys them
 * all. `columns` 1: the single-column keys of before; 2: the composite keys of after.
 */
async function userReferences(db: AnyDb, columns: 1 | 2): Promise<UserReference[]> {
  const { rows } = await sql<UserReference>`
    select c.conname as name, t.relname as "table", a.attname as column,
      c.confdeltype::text as "onDelete"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[array_length(c.conkey, 1)]
    where c.contype = 'f' and c.confrelid = 'users'::regclass
      and array_length(c.conkey, 1) = ${columns}
    order by t.relname, c.conname`.execute(db);
  return rows;
}

/** The same action on a deleted user; set null / default of the user column only. */
function onDelete({ column, onDelete }: UserReference) {
  const actions: Record<string, ReturnType<typeof sql>> = {
    a: sql`no action`,
    r: sql`restrict`,
    c: sql`cascade`,
    n: sql`set null (${sql.id(column)})`,
    d: sql`set default (${sql.id(column)})`,
  };
  return sql`on delete ${actions[onDelete]}`;
}

/** The action of before, on the whole (single-column) key. */
function onDeleteBefore({ onDelete }: UserReference) {
  const actions: Record<string, string> = {
    a: 'no action',
    r: 'restrict',
    c: 'cascade',
    n: 'set null',
    d: 'set default',
  };
  return sql`on delete ${sql.raw(actions[onDelete])}`;
}

export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  const references = postgres ? await userReferences(db, 1) : [];

  if (postgres) {
    // The foreign keys depend on users' primary key: drop them, re-key, then add them back.
    for (const { table, name } of references) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
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

  // Same names as before. A table referencing users without organization_id fails here,
  // loudly: it would have to gain the column first.
  for (const reference of references) {
    await sql`alter table ${sql.table(reference.table)}
      add constraint ${sql.id(reference.name)}
      foreign key (organization_id, ${sql.id(reference.column)})
      references users (organization_id, id) ${onDelete(reference)}`.execute(db);
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
  const references = postgres ? await userReferences(db, 2) : [];
  await db.schema.dropTable('user_emails').execute();
  if (postgres) {
    for (const { table, name } of references) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
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
  for (const reference of references) {
    await sql`alter table ${sql.table(reference.table)}
      add constraint ${sql.id(reference.name)}
      foreign key (${sql.id(reference.column)}) references users (id) ${onDeleteBefore(reference)}`.execute(
      db,
    );
  }
}

/** Which database this is, from the Kysely dialect (migrations get no config). */
function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
