/**
 * Recomputes the counters that the triggers of migration 011 keep (repositories/counters.ts)
 * from the rows themselves, for when they drifted: a restore of some tables and not others, a
 * bulk load with the triggers disabled, a hand-made fix in the database (issue 24, item 17).
 * `npm run repair:counters` runs it (src/repair-counters.ts); docs/scaling.md tells when.
 *
 * One organisation at a time, each of its counters in a transaction of its own, the
 * organisations read in pages by id: memory and each transaction stay the size of one
 * organisation. Inside the transaction
 * the counted table is locked against writers (PostgreSQL `LOCK TABLE … IN SHARE MODE`;
 * SQLite's write transaction already is), so no write can land between the count and the
 * counters it replaces; writers wait for that one organisation's count. An organisation whose
 * counters are right is only read.
 */
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database, Db } from './tables';

type Trx = Transaction<Database>;

/** One counter table: its key columns after organization_id, and how to count them. */
interface Counter {
  counter: 'task_counts' | 'certificate_counts' | 'user_counts';
  table: 'tasks' | 'certificates' | 'users';
  /** The counter rows the organisation's items add up to, keyed by their key columns. */
  count(trx: Trx, organizationId: string): Promise<CounterRow[]>;
}

/** A counter row without organization_id: its key columns and n. */
interface CounterRow {
  keys: Record<string, string>;
  n: number;
}

/** The owner of nobody's items, and the roll-up row of every owner (migration 011). */
const NOBODY = 'none';
const EVERY_OWNER = 'all';

/** Items per (owner, status), plus the organisation's roll-up row per status. */
function ownedCounter(
  counter: 'task_counts' | 'certificate_counts',
  table: 'tasks' | 'certificates',
  ownerColumn: 'assigned_to_user_id' | 'incharge_person_id',
): Counter {
  return {
    counter,
    table,
    async count(trx, organizationId) {
      const groups = await trx
        .selectFrom(table)
        .select([`${ownerColumn} as owner`, 'status'])
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('organization_id', '=', organizationId)
        .groupBy([ownerColumn, 'status'])
        .execute();
      const rollUp = new Map<string, number>();
      const rows: CounterRow[] = groups.map((group) => {
        const n = Number(group.n);
        rollUp.set(group.status, (rollUp.get(group.status) ?? 0) + n);
        return { keys: { owner: group.owner ?? NOBODY, status: group.status }, n };
      });
      for (const [status, n] of rollUp) rows.push({ keys: { owner: EVERY_OWNER, status }, n });
      return rows;
    },
  };
}

const COUNTERS: readonly Counter[] = [
  ownedCounter('task_counts', 'tasks', 'assigned_to_user_id'),
  ownedCounter('certificate_counts', 'certificates', 'incharge_person_id'),
  {
    counter: 'user_counts',
    table: 'users',
    async count(trx, organizationId) {
      const groups = await trx
        .selectFrom('users')
        .select(['status', 'role'])
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('organization_id', '=', organizationId)
        .groupBy(['status', 'role'])
        .execute();
      return groups.map((group) => ({
        keys: { status: group.status, role: group.role },
        n: Number(group.n),
      }));
    },
  },
];

/** `column=value,…` of a counter row's key columns, in a fixed order. */
function keyOf({ keys }: CounterRow): string {
  return Object.keys(keys)
    .sort()
    .map((column) => `${column}=${keys[column]}`)
    .join(',');
}

/** Counter rows whose n was wrong, missing, or there without items (a zero row is no error). */
function differences(stored: CounterRow[], counted: CounterRow[]): number {
  const want = new Map(counted.map((row) => [keyOf(row), row.n]));
  const have = new Map(stored.filter((row) => row.n !== 0).map((row) => [keyOf(row), row.n]));
  let wrong = 0;
  for (const [key, n] of want) if (have.get(key) !== n) wrong += 1;
  for (const key of have.keys()) if (!want.has(key)) wrong += 1;
  return wrong;
}

/** Rows per INSERT: well under both databases' limits on bound parameters. */
const INSERT_CHUNK = 500;

async function repairCounter(trx: Trx, counter: Counter, organizationId: string): Promise<number> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`lock table ${sql.table(counter.table)} in share mode`.execute(trx);
  }
  const stored = (
    await trx
      .selectFrom(counter.counter)
      .selectAll()
      .where('organization_id', '=', organizationId)
      .execute()
  ).map(({ organization_id: _organization, n, ...keys }) => ({
    keys: keys as Record<string, string>,
    n: Number(n),
  }));
  const counted = await counter.count(trx, organizationId);
  const wrong = differences(stored, counted);
  if (wrong === 0) return 0;

  await trx.deleteFrom(counter.counter).where('organization_id', '=', organizationId).execute();
  const rows = counted.map(({ keys, n }) => ({ organization_id: organizationId, ...keys, n }));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    // The table types leave `n` to the triggers; this is the one place that writes it.
    await trx
      .insertInto(counter.counter)
      .values(rows.slice(start, start + INSERT_CHUNK) as never)
      .execute();
  }
  return wrong;
}

export interface CounterRepair {
  organizationsChecked: number;
  /** Counter rows that were wrong, missing or left over, per organisation that had any. */
  corrected: { organizationId: string; counter: string; rows: number }[];
}

export interface CounterRepairOptions {
  /** Organisations read per page (default 100). */
  pageSize?: number;
  /** Told after each organisation (the script prints progress). */
  onOrganization?: (organizationId: string, done: number) => void;
}

/** Recomputes every organisation's counters; returns what it found wrong. */
export async function repairCounters(
  db: Db,
  options: CounterRepairOptions = {},
): Promise<CounterRepair> {
  const pageSize = options.pageSize ?? 100;
  const result: CounterRepair = { organizationsChecked: 0, corrected: [] };
  let after: string | undefined;
  for (;;) {
    let page = db.selectFrom('organizations').select('id').orderBy('id').limit(pageSize);
    if (after !== undefined) page = page.where('id', '>', after);
    const organizations = await page.execute();
    for (const { id } of organizations) {
      for (const counter of COUNTERS) {
        const rows = await db.transaction().execute((trx) => repairCounter(trx, counter, id));
        if (rows > 0) result.corrected.push({ organizationId: id, counter: counter.counter, rows });
      }
      result.organizationsChecked += 1;
      options.onOrganization?.(id, result.organizationsChecked);
    }
    if (organizations.length < pageSize) return result;
    after = organizations[organizations.length - 1].id;
  }
}
