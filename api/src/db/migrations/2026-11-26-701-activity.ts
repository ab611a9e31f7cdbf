/**
 * The activity history (issue 29, docs/activity.md): an append-only `activity` table, one
 * hash chain per organisation, and `activity_heads`, the chain's head and its checkpoint.
 *
 * - `activity (organization_id, id)`: `id` numbers the organisation's entries 1, 2, 3… with no
 *   gap (the head hands them out), so keyset pages (`before=<id>`) and the total are exact.
 *   `hash` = SHA-256 over the entry's content and `prev_hash`, the previous entry's hash
 *   (db/repositories/activity.ts).
 * - `activity_heads (organization_id)`: the last id and hash (locked by each append, so one
 *   organisation's entries are appended one transaction at a time), and the checkpoint
 *   `start_id` / `start_prev_hash` that retention moves before pruning older entries.
 *
 * Entries are refused UPDATE and DELETE by the database itself: a PostgreSQL trigger, SQLite
 * triggers raising an error. The one delete allowed is of entries before the checkpoint
 * (retention records the checkpoint first, in the same transaction).
 *
 * Citus: organization_id is NOT NULL and leads both primary keys.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const REFUSED = 'activity entries cannot be changed or deleted';

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('activity_heads')
    .addColumn('organization_id', 'text', (column) => column.primaryKey())
    .addColumn('last_id', 'bigint', (column) => column.notNull())
    .addColumn('last_hash', 'text', (column) => column.notNull())
    .addColumn('start_id', 'bigint', (column) => column.notNull())
    .addColumn('start_prev_hash', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('activity')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('id', 'bigint', (column) => column.notNull())
    .addColumn('at', 'text', (column) => column.notNull())
    // user | system | import | api_token
    .addColumn('actor_kind', 'text', (column) => column.notNull())
    .addColumn('actor_id', 'text')
    // The actor's name at the time (a person's full name, an import's or token's name).
    .addColumn('actor_name', 'text')
    .addColumn('entity_type', 'text', (column) => column.notNull())
    .addColumn('entity_id', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    // `{ field: [old, new] }` as JSON text, hashed exactly as stored.
    .addColumn('changes', 'text', (column) => column.notNull())
    .addColumn('prev_hash', 'text', (column) => column.notNull())
    .addColumn('hash', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('activity_pkey', ['organization_id', 'id'])
    .execute();
  // An item's history, newest first.
  await db.schema
    .createIndex('activity_entity_idx')
    .on('activity')
    .columns(['organization_id', 'entity_id', 'id'])
    .execute();
  // One person's actions, newest first (the "person" filter).
  await db.schema
    .createIndex('activity_actor_idx')
    .on('activity')
    .columns(['organization_id', 'actor_id', 'id'])
    .execute();

  if (isPostgres(db)) {
    await sql
      .raw(
        `create function activity_refuse_change() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' and old.id < coalesce((select h.start_id from activity_heads h
              where h.organization_id = old.organization_id), 0) then
            return old;
          end if;
          raise exception '${REFUSED}' using errcode = 'restrict_violation';
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger activity_append_only before update or delete on activity
        for each row execute function activity_refuse_change()`,
      )
      .execute(db);
    await sql
      .raw(
        `create function activity_refuse_truncate() returns trigger language plpgsql as $$
        begin raise exception '${REFUSED}' using errcode = 'restrict_violation'; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger activity_no_truncate before truncate on activity
        for each statement execute function activity_refuse_truncate()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger activity_no_update before update on activity
        begin select raise(abort, '${REFUSED}'); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger activity_no_delete before delete on activity
        when old.id >= coalesce((select h.start_id from activity_heads h
          where h.organization_id = old.organization_id), 0)
        begin select raise(abort, '${REFUSED}'); end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('activity').execute();
  await db.schema.dropTable('activity_heads').execute();
  if (isPostgres(db)) {
    await sql.raw('drop function activity_refuse_change()').execute(db);
    await sql.raw('drop function activity_refuse_truncate()').execute(db);
  }
}
