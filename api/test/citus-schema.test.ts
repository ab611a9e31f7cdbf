/**
 * The schema follows Citus's rules for sharding by organisation (ARCHITECTURE section 7b,
 * issue 16, docs/scaling.md stage 4), checked for EVERY table of a freshly migrated
 * PostgreSQL by reading its catalogue, so a table added by a later migration is checked the
 * day it lands. The rules, per table and its distribution column:
 *
 * 1. the distribution column exists and is NOT NULL;
 * 2. the table has a primary key, and it includes the distribution column;
 * 3. every unique index (constraint or not, partial or not) includes it as a plain column;
 * 4. every foreign key pairs the two tables' distribution columns (which makes the tables
 *    colocated: the referenced row is on the same shard), never nulls or defaults the
 *    distribution column on delete, and does nothing on update (Citus cannot move a row).
 *
 * PostgreSQL only by nature (it reads PostgreSQL's catalogue, and Citus is PostgreSQL), so it
 * opens a PostgreSQL whatever DULY_TEST_DATABASES says.
 */
import { sql } from 'kysely';
import type { Db } from '../src/db/tables';
import { openTestDatabase, type TestDatabase } from './helper';

/** The distribution column of every table that is not sharded by `organization_id`. */
const DISTRIBUTED_OTHERWISE: Record<string, string> = {
  // The tenant root: its id is every other table's organization_id, so it is distributed by
  // id, colocated with them (`create_distributed_table('organizations', 'id')`).
  organizations: 'id',
  // The one global lookup, sign-in by email: distributed by email, on its own.
  user_emails: 'email',
  // The last run of each scheduled job: not an organisation's, one row per job.
  scheduler_runs: 'job',
};

/**
 * Tables the rules do not apply to, local tables of the Citus coordinator, never distributed:
 * Kysely's migration bookkeeping (migrations run there), and the shared limits' windows
 * (limit_windows, issue 31), counted per client address or email before any organisation is
 * known, and the requests per person (limit_counters); unlogged, small and short-lived, so one
 * node holds them.
 */
const EXEMPT = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'limit_windows',
  'limit_counters',
]);

function distributionColumn(table: string): string {
  return DISTRIBUTED_OTHERWISE[table] ?? 'organization_id';
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
}

interface IndexRow {
  table_name: string;
  index_name: string;
  is_primary: boolean;
  /** Plain columns of the index; expressions are left out (they cannot be the column). */
  columns: string[];
}

interface ForeignKeyRow {
  table_name: string;
  constraint_name: string;
  referenced_table: string;
  columns: string[];
  referenced_columns: string[];
  /** pg_constraint.confdeltype / confupdtype: a no action, r restrict, c cascade, n set null, d set default. */
  on_delete: string;
  on_update: string;
  /** The columns an ON DELETE SET NULL / SET DEFAULT (columns) touches; null: all of them. */
  delete_set_columns: string[] | null;
}

async function readCatalogue(db: Db) {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  const columns = await sql<ColumnRow>`
    select table_name, column_name, is_nullable from information_schema.columns
    where table_schema = current_schema()`.execute(db);
  const uniqueIndexes = await sql<IndexRow>`
    select t.relname as table_name, i.relname as index_name, x.indisprimary as is_primary,
      array(select a.attname from unnest(x.indkey) as k(attnum)
        join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum)::text[] as columns
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    where t.relnamespace = current_schema()::regnamespace and x.indisunique`.execute(db);
  const foreignKeys = await sql<ForeignKeyRow>`
    select t.relname as table_name, c.conname as constraint_name, r.relname as referenced_table,
      array(select a.attname from unnest(c.conkey) with ordinality as k(attnum, n)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
        order by k.n)::text[] as columns,
      array(select a.attname from unnest(c.confkey) with ordinality as k(attnum, n)
        join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum
        order by k.n)::text[] as referenced_columns,
      c.confdeltype::text as on_delete, c.confupdtype::text as on_update,
      case when c.confdelsetcols is null then null else
        array(select a.attname from unnest(c.confdelsetcols) as k(attnum)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum)::text[]
      end as delete_set_columns
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class r on r.oid = c.confrelid
    where c.contype = 'f' and t.relnamespace = current_schema()::regnamespace`.execute(db);
  return {
    tables: tables.rows.map((row) => row.table_name),
    columns: columns.rows,
    uniqueIndexes: uniqueIndexes.rows,
    foreignKeys: foreignKeys.rows,
  };
}

/** Every breach of the rules in the database, one readable line each. */
async function citusViolations(db: Db): Promise<string[]> {
  const catalogue = await readCatalogue(db);
  const violations: string[] = [];
  const checked = catalogue.tables.filter((table) => !EXEMPT.has(table));

  for (const table of checked) {
    const key = distributionColumn(table);
    const column = catalogue.columns.find(
      (row) => row.table_name === table && row.column_name === key,
    );
    if (!column) violations.push(`${table}: no distribution column ${key}`);
    else if (column.is_nullable === 'YES') violations.push(`${table}.${key} is nullable`);

    const indexes = catalogue.uniqueIndexes.filter((row) => row.table_name === table);
    if (!indexes.some((index) => index.is_primary)) {
      violations.push(`${table}: no primary key`);
    }
    for (const index of indexes) {
      if (!index.columns.includes(key)) {
        const what = index.is_primary ? 'primary key' : 'unique index';
        violations.push(
          `${table}: ${what} ${index.index_name} (${index.columns.join(', ')}) lacks ${key}`,
        );
      }
    }
  }

  for (const foreignKey of catalogue.foreignKeys) {
    const { table_name: table, referenced_table: referenced, constraint_name: name } = foreignKey;
    if (EXEMPT.has(table)) continue;
    const what = `${table}: foreign key ${name} (${foreignKey.columns.join(', ')}) → ${referenced} (${foreignKey.referenced_columns.join(', ')})`;
    if (EXEMPT.has(referenced)) {
      violations.push(`${what} points at a table that is not distributed`);
      continue;
    }
    const key = distributionColumn(table);
    const referencedKey = distributionColumn(referenced);
    const paired = foreignKey.columns.some(
      (column, i) => column === key && foreignKey.referenced_columns[i] === referencedKey,
    );
    if (!paired)
      violations.push(`${what} does not pair ${key} with ${referenced}.${referencedKey}`);
    if (foreignKey.on_delete === 'n' || foreignKey.on_delete === 'd') {
      const touched = foreignKey.delete_set_columns ?? foreignKey.columns;
      if (touched.includes(key)) {
        violations.push(
          `${what}: on delete set ${foreignKey.on_delete === 'n' ? 'null' : 'default'} would change ${key}; name the other column (set null (column))`,
        );
      }
    }
    if (foreignKey.on_update !== 'a' && foreignKey.on_update !== 'r') {
      violations.push(
        `${what}: on update must be no action (Citus cannot move a row between shards)`,
      );
    }
  }
  return violations;
}

describe('the schema follows the rules of Citus, sharded by organisation (PostgreSQL)', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  test('every table of the migrated schema: distribution column, keys, unique indexes, foreign keys', async () => {
    database = await openTestDatabase('postgres');
    const { tables } = await readCatalogue(database.db);
    // The catalogue query sees the schema (a query that saw nothing would pass vacuously).
    expect(tables).toEqual(
      expect.arrayContaining(['organizations', 'users', 'tasks', 'certificates']),
    );
    expect(await citusViolations(database.db)).toEqual([]);
  });

  test('a table added later that breaks the rules is caught, with every breach listed', async () => {
    database = await openTestDatabase('postgres');
    const { db } = database;
    await sql`create table widgets (
      id text primary key,
      organization_id text,
      owner_id text,
      code text,
      foreign key (organization_id) references organizations (id) on delete set null,
      foreign key (owner_id) references user_emails (email)
    )`.execute(db);
    await sql`create unique index widgets_code_unique on widgets (code)`.execute(db);
    await sql`create table widget_parts (
      organization_id text not null,
      widget_id text,
      user_id text not null,
      foreign key (organization_id, user_id) references users (organization_id, id) on update cascade
    )`.execute(db);

    expect((await citusViolations(db)).sort()).toEqual(
      [
        'widgets.organization_id is nullable',
        'widgets: primary key widgets_pkey (id) lacks organization_id',
        'widgets: unique index widgets_code_unique (code) lacks organization_id',
        'widgets: foreign key widgets_organization_id_fkey (organization_id) → organizations (id): on delete set null would change organization_id; name the other column (set null (column))',
        'widgets: foreign key widgets_owner_id_fkey (owner_id) → user_emails (email) does not pair organization_id with user_emails.email',
        'widget_parts: no primary key',
        'widget_parts: foreign key widget_parts_organization_id_user_id_fkey (organization_id, user_id) → users (organization_id, id): on update must be no action (Citus cannot move a row between shards)',
      ].sort(),
    );
  });
});
