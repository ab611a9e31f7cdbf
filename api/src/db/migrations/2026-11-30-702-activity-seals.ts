/**
 * The activity history's entries written without the chain, chained shortly after by a sealer
 * (issue 29's write-overhead target; docs/activity.md, "The table, the seals and the chain").
 *
 * - `activity_seals (organization_id, entry_id)`: each sealed entry's `prev_hash` and `hash`, in
 *   a table of its own so `activity` stays strictly append-only (sealing never updates an
 *   entry). Insert-only as `activity` is: triggers refuse UPDATE and DELETE, except the delete
 *   of seals before the retention checkpoint. The existing entries' hashes move here, so the
 *   chains written before keep verifying.
 * - `activity.prev_hash` / `activity.hash` are dropped: a save now inserts a plain row.
 * - `activity_heads` is moved only by the sealer: `last_id` / `last_hash` are the last SEALED
 *   entry's, `sealed` counts the sealed entries after the checkpoint (the list's total), and
 *   `pending_id` / `pending_xmax` hold the first phase of a PostgreSQL seal (the largest id
 *   seen and the snapshot's xmax; sealed once every transaction older than xmax has ended).
 *   `last_prev_hash` (2026-11-30-701) has no use left.
 * - PostgreSQL ids come from one sequence, started above every existing id, through
 *   `activity_next_id()`, which makes the transaction take its xid BEFORE its id: the sealer's
 *   wait on xids (db/repositories/activity-seals.ts) then covers every entry with a smaller
 *   id. The sequence is not cached (CACHE 1), so ids are handed out in time order.
 *
 * Citus: organization_id is NOT NULL and leads the seals' primary key.
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
    .createTable('activity_seals')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('entry_id', 'bigint', (column) => column.notNull())
    .addColumn('prev_hash', 'text', (column) => column.notNull())
    .addColumn('hash', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('activity_seals_pkey', ['organization_id', 'entry_id'])
    .execute();
  await sql`insert into activity_seals (organization_id, entry_id, prev_hash, hash)
    select organization_id, id, prev_hash, hash from activity`.execute(db);
  await db.schema.alterTable('activity').dropColumn('prev_hash').execute();
  await db.schema.alterTable('activity').dropColumn('hash').execute();

  await db.schema
    .alterTable('activity_heads')
    .addColumn('sealed', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('activity_heads').addColumn('pending_id', 'bigint').execute();
  await db.schema.alterTable('activity_heads').addColumn('pending_xmax', 'text').execute();
  await db.schema.alterTable('activity_heads').dropColumn('last_prev_hash').execute();
  // Ids had no gap until now: the sealed entries are last_id - start_id + 1.
  await sql`update activity_heads set sealed = case when last_id >= start_id
    then last_id - start_id + 1 else 0 end`.execute(db);

  if (isPostgres(db)) {
    await sql`create sequence activity_id_seq cache 1`.execute(db);
    await sql`select setval('activity_id_seq',
      coalesce((select max(id) from activity), 0) + 1, false)`.execute(db);
    await sql
      .raw(
        `create function activity_next_id() returns bigint language plpgsql volatile as $$
        begin
          perform pg_current_xact_id();
          return nextval('activity_id_seq');
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function activity_seal_refuse_change() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' and old.entry_id < coalesce((select h.start_id
              from activity_heads h where h.organization_id = old.organization_id), 0) then
            return old;
          end if;
          raise exception '${REFUSED}' using errcode = 'restrict_violation';
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger activity_seals_append_only before update or delete on activity_seals
        for each row execute function activity_seal_refuse_change()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger activity_seals_no_truncate before truncate on activity_seals
        for each statement execute function activity_refuse_truncate()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger activity_seals_no_update before update on activity_seals
        begin select raise(abort, '${REFUSED}'); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger activity_seals_no_delete before delete on activity_seals
        when old.entry_id >= coalesce((select h.start_id from activity_heads h
          where h.organization_id = old.organization_id), 0)
        begin select raise(abort, '${REFUSED}'); end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('activity_heads')
    .addColumn('last_prev_hash', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  for (const column of ['pending_xmax', 'pending_id', 'sealed']) {
    await db.schema.alterTable('activity_heads').dropColumn(column).execute();
  }
  await db.schema
    .alterTable('activity')
    .addColumn('prev_hash', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('activity')
    .addColumn('hash', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  // Entries keep their seals' hashes; unsealed ones go back with empty ones (verify reports
  // them, as it would any entry outside the old chain).
  if (isPostgres(db)) {
    await sql`alter table activity disable trigger activity_append_only`.execute(db);
    await sql`update activity a set prev_hash = s.prev_hash, hash = s.hash from activity_seals s
      where s.organization_id = a.organization_id and s.entry_id = a.id`.execute(db);
    await sql`alter table activity enable trigger activity_append_only`.execute(db);
  } else {
    await sql`drop trigger activity_no_update`.execute(db);
    await sql`update activity set
      prev_hash = coalesce((select s.prev_hash from activity_seals s
        where s.organization_id = activity.organization_id and s.entry_id = activity.id), ''),
      hash = coalesce((select s.hash from activity_seals s
        where s.organization_id = activity.organization_id and s.entry_id = activity.id), '')`.execute(
      db,
    );
    await sql
      .raw(
        `create trigger activity_no_update before update on activity
        begin select raise(abort, '${REFUSED}'); end`,
      )
      .execute(db);
  }
  await db.schema.dropTable('activity_seals').execute();
  if (isPostgres(db)) {
    await sql.raw('drop function activity_seal_refuse_change()').execute(db);
    await sql.raw('drop function activity_next_id()').execute(db);
    await sql.raw('drop sequence activity_id_seq').execute(db);
  }
}
