/**
 * Counters kept with every write, so that a list's `X-Total-Count` and the dashboard's totals
 * cost the same in an organisation of 10,000 tasks and of 1,000,000 (issue 16, ARCHITECTURE 7b:
 * no count over all of an organisation's rows per request).
 *
 * - `task_counts (organization_id, owner, status) → n`: owner is the assignee, `none` for an
 *   unassigned task, and `all` for the organisation's row per status (the roll-up every
 *   organisation-wide list and dashboard reads, so that it costs a few rows whatever the number
 *   of people).
 * - `certificate_counts`: the same, owner = the incharge person.
 * - `user_counts (organization_id, status, role) → n`: the employees list's status and role
 *   filters and the dashboard's employee count (at most 9 rows to add per organisation).
 *
 * `none` and `all` can never be a user id (ids are UUIDs).
 *
 * Kept by DATABASE TRIGGERS, not by the repositories, because rows change on paths the
 * repositories never see: the reminder sweep's transitions, `ON DELETE SET NULL` of a deleted
 * user's tasks, the demo seed, the tests' and the bench's bulk creators. On PostgreSQL the
 * triggers are per statement with transition tables: one grouped upsert per statement, so a
 * set-based insert of a million rows adds one aggregate, not a million upserts. The upsert
 * takes its rows in key order, so two statements never lock counter rows in opposite orders.
 * SQLite has only row triggers: one upsert per counter row a changed row moves.
 *
 * Citus: organization_id is NOT NULL and leads every primary key (api/test/citus-schema.test.ts).
 * No foreign key to organizations on purpose: deleting an organisation cascades to its tasks,
 * whose triggers then write the counters; a cascade to the counters as well would have them
 * re-inserted after the organisation is gone.
 *
 * Existing rows are counted here (backfill); the triggers are created first, in the same
 * transaction, so a write by another instance meanwhile waits and is counted once.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * One counted table. `keys` are the counter's key columns (after organization_id) and how
 * each is computed from a row aliased `r`; every grouping writes one counter row per changed
 * row, the first with the keys as they are, the roll-ups with some keys replaced.
 */
interface Counted {
  table: string;
  counter: string;
  keys: Record<string, string>;
  rollUps: Record<string, string>[];
}

const COUNTED: Counted[] = [
  {
    table: 'tasks',
    counter: 'task_counts',
    keys: { owner: "coalesce(r.assigned_to_user_id, 'none')", status: 'r.status' },
    rollUps: [{ owner: "'all'" }],
  },
  {
    table: 'certificates',
    counter: 'certificate_counts',
    keys: { owner: "coalesce(r.incharge_person_id, 'none')", status: 'r.status' },
    rollUps: [{ owner: "'all'" }],
  },
  {
    table: 'users',
    counter: 'user_counts',
    keys: { status: 'r.status', role: 'r.role' },
    rollUps: [],
  },
];

/** The columns of the counted table a key reads (`r.status` → status). */
function sourceColumns({ keys }: Counted): string[] {
  const read = Object.values(keys).flatMap((e) => [...e.matchAll(/\br\.(\w+)/g)].map((m) => m[1]));
  return ['organization_id', ...new Set(read)];
}

/** Each grouping's key expressions, in key order, over the row alias `r`. */
function groupings({ keys, rollUps }: Counted): { key: string; expression: string }[][] {
  return [{}, ...rollUps].map((replaced) =>
    Object.keys(keys).map((key) => ({ key, expression: replaced[key] ?? keys[key] })),
  );
}

const keyList = (counted: Counted) => ['organization_id', ...Object.keys(counted.keys)].join(', ');

/** `select organization_id, <keys>, <delta> from <rows> r`, once per grouping. */
function deltas(counted: Counted, rows: string, delta: string): string[] {
  return groupings(counted).map((grouping) => {
    const keys = grouping.map(({ key, expression }) => `${expression} as ${key}`);
    return `select r.organization_id, ${keys.join(', ')}, ${delta} from ${rows} r`;
  });
}

export async function up(db: AnyDb): Promise<void> {
  for (const counted of COUNTED) {
    let table = db.schema
      .createTable(counted.counter)
      .addColumn('organization_id', 'text', (column) => column.notNull());
    for (const key of Object.keys(counted.keys)) {
      table = table.addColumn(key, 'text', (column) => column.notNull());
    }
    await table
      .addColumn('n', 'bigint', (column) => column.notNull())
      // Column names built at run time, which Kysely's typed builder cannot follow.
      .addPrimaryKeyConstraint(`${counted.counter}_pkey`, [
        'organization_id',
        ...Object.keys(counted.keys),
      ] as never)
      .execute();

    if (isPostgres(db)) await createPostgresTriggers(db, counted);
    else await createSqliteTriggers(db, counted);

    await sql
      .raw(
        `insert into ${counted.counter} (${keyList(counted)}, n)
        select ${keyList(counted)}, sum(n) from (${deltas(counted, counted.table, 'count(*) as n')
          .map((select) => `${select} group by ${groupByAll(counted)}`)
          .join(' union all ')}) d
        group by ${keyList(counted)}`,
      )
      .execute(db);
  }
}

/** `group by 1, 2, 3`: every column but the last of a `deltas` select. */
function groupByAll(counted: Counted): string {
  return Array.from({ length: 1 + Object.keys(counted.keys).length }, (_, i) => i + 1).join(', ');
}

/**
 * One trigger per statement and kind of write; its function adds up what the statement
 * changed (new rows count +1, old rows -1) per counter row, and upserts only what moved.
 */
async function createPostgresTriggers(db: AnyDb, counted: Counted) {
  const writes = [
    { event: 'insert', referencing: 'new table as new_rows', sources: ['new_rows'] },
    {
      event: 'update',
      referencing: 'old table as old_rows new table as new_rows',
      sources: ['old_rows', 'new_rows'],
    },
    { event: 'delete', referencing: 'old table as old_rows', sources: ['old_rows'] },
  ];
  for (const { event, referencing, sources } of writes) {
    const name = `${counted.counter}_after_${event}`;
    const changes = sources
      .flatMap((rows) => deltas(counted, rows, rows === 'new_rows' ? '1 as delta' : '-1 as delta'))
      .join(' union all ');
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
        begin
          insert into ${counted.counter} as c (${keyList(counted)}, n)
          select ${keyList(counted)}, sum(delta) from (${changes}) d
          group by ${keyList(counted)}
          having sum(delta) <> 0
          order by ${keyList(counted)}
          on conflict (${keyList(counted)}) do update set n = c.n + excluded.n;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${name} after ${event} on ${counted.table}
        referencing ${referencing} for each statement execute function ${name}()`,
      )
      .execute(db);
  }
}

/** Row triggers: an upsert per grouping for the new row (+1) and for the old one (-1). */
async function createSqliteTriggers(db: AnyDb, counted: Counted) {
  const upserts = (row: 'new' | 'old', delta: number) =>
    groupings(counted)
      .map(
        (grouping) =>
          `insert into ${counted.counter} (${keyList(counted)}, n)
          values (${[
            `${row}.organization_id`,
            ...grouping.map(({ expression }) => expression.replace(/\br\./g, `${row}.`)),
          ].join(', ')}, ${delta})
          on conflict (${keyList(counted)}) do update set n = n + excluded.n;`,
      )
      .join('\n');
  const changed = sourceColumns(counted)
    .map((column) => `old.${column} is not new.${column}`)
    .join(' or ');
  const name = (event: string) => `${counted.counter}_after_${event}`;
  await sql
    .raw(
      `create trigger ${name('insert')} after insert on ${counted.table}
      begin ${upserts('new', 1)} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${name('update')} after update of ${sourceColumns(counted).join(', ')}
      on ${counted.table} when ${changed}
      begin ${upserts('old', -1)} ${upserts('new', 1)} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${name('delete')} after delete on ${counted.table}
      begin ${upserts('old', -1)} end`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const counted of [...COUNTED].reverse()) {
    for (const event of ['insert', 'update', 'delete']) {
      const name = `${counted.counter}_after_${event}`;
      if (isPostgres(db)) {
        await sql.raw(`drop trigger ${name} on ${counted.table}`).execute(db);
        await sql.raw(`drop function ${name}()`).execute(db);
      } else {
        await sql.raw(`drop trigger ${name}`).execute(db);
      }
    }
    await db.schema.dropTable(counted.counter).execute();
  }
}

/** Which database this is, from the Kysely dialect (migrations get no config). */
function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
