/**
 * The activity history (issue 29, docs/activity.md). `recordActivity` is the ONE way an entry
 * is written: the repositories' writes (tasks, certificates, users), the scheduler's
 * transitions and the account events call it inside the transaction of the change, so a change
 * never commits without its entry nor an entry without its change. Routes never write history.
 *
 * An entry is one plain INSERT, without hash or head: each organisation's entries are chained
 * shortly after, in id order, by the sealer (activity-seals.ts; docs/activity.md, "The table,
 * the seals and the chain").
 */
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import type {
  ActivityAction,
  ActivityActorKind,
  ActivityEntityType,
  ActivityEntry,
  ActivityValue,
} from '@duly/shared/contract';
import { CompiledOnce } from '../compiled-once';
import { NAMED_STATEMENT } from '../connection';
import { runTogether } from '../sqlite/worker-driver';
import { isPostgres } from '../database-clock';
import type { Db } from '../tables';
import { ENTRY_COLUMNS, unsealedCount, type HashedContent } from './activity-seals';

export {
  entryHash,
  organizationsWithUnsealed,
  pruneActivity,
  pruneAllActivity,
  sealActivity,
  sealSettled,
  verifyActivity,
} from './activity-seals';

/** The name every automatic change is shown under. */
export const SYSTEM_ACTOR_NAME = 'Duly';

/**
 * Who makes a change. `api_token` and `import` are here for the API tokens and the import
 * (issues 30, 27): they name the token or import by id and name, as a person is.
 */
export type Actor =
  | { kind: 'user'; id: string; name: string | null }
  | { kind: 'system' }
  | { kind: 'import'; id: string; name: string | null }
  | { kind: 'api_token'; id: string; name: string | null };

export const SYSTEM: Actor = { kind: 'system' };

export type ActivityChanges = Record<string, [ActivityValue, ActivityValue]>;

export interface NewActivity {
  organizationId: string;
  entityType: ActivityEntityType;
  entityId: string;
  action: ActivityAction;
  changes?: ActivityChanges;
}

/** Fields never recorded, whatever a caller passes (ARCHITECTURE: no password, hash or token). */
const NEVER_RECORDED = /password|hash|token|secret/i;

/**
 * `{ field: [old, new] }` for the `fields` whose value differs between `before` and `after`
 * (a field missing from `after` did not change). Secrets are never recorded.
 */
export function changesBetween<Row extends object>(
  before: Row,
  after: Partial<Row>,
  fields: readonly (keyof Row & string)[],
): ActivityChanges {
  const changes: ActivityChanges = {};
  for (const field of fields) {
    if (NEVER_RECORDED.test(field) || !(field in after)) continue;
    const old = valueOf(before[field]);
    const next = valueOf(after[field]);
    if (old !== next) changes[field] = [old, next];
  }
  return changes;
}

function valueOf(value: unknown): ActivityValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (typeof value === 'bigint') return Number(value);
  return String(value);
}

function actorColumns(actor: Actor): {
  actor_kind: ActivityActorKind;
  actor_id: string | null;
  actor_name: string | null;
} {
  if (actor.kind === 'system') {
    return { actor_kind: 'system' as const, actor_id: null, actor_name: SYSTEM_ACTOR_NAME };
  }
  return { actor_kind: actor.kind, actor_id: actor.id, actor_name: actor.name };
}

let recording = true;

/**
 * FOR bench/activity-bench.ts ONLY: turns the history off (`recordActivity` writes nothing,
 * the saves skip their old values) to measure what recording costs the same write. The API
 * never calls it; tests never do either.
 */
export function setActivityRecording(on: boolean): void {
  recording = on;
}

/** False only while the bench measures writes without history. */
export function recordingActivity(): boolean {
  return recording;
}

/** Organisations written to since the sealer last asked (activity-sealer.ts). */
const written = new Set<string>();

/** The organisations written to since the last call, for the sealer to seal first. */
export function takeWrittenOrganizations(): string[] {
  const list = [...written];
  written.clear();
  return list;
}

/**
 * Inserts entries, unchained (the sealer chains them). Must run inside the change's
 * transaction (it throws otherwise), so the entry commits with its change or not at all.
 */
export async function recordActivity(
  trx: Db,
  actor: Actor,
  entries: readonly NewActivity[],
  at: string = new Date().toISOString(),
): Promise<void> {
  if (entries.length === 0 || !recording) return;
  if (!trx.isTransaction) throw new Error('recordActivity runs inside the change’s transaction');
  const who = actorColumns(actor);
  for (const entry of entries) written.add(entry.organizationId);
  // One entry (every save of an item): deferred to the transaction's next statement or its
  // COMMIT (appendOne).
  if (entries.length === 1) {
    await appendOne(trx, who, entries[0], at);
    return;
  }
  const rows = entries.map((entry) => entryContent(who, entry, at));
  if (isPostgres(trx)) {
    await trx
      .insertInto('activity')
      .values(rows.map((row) => ({ ...row, id: sql<number>`activity_next_id()` })))
      .execute();
    return;
  }
  // SQLite: the transaction holds the only writer, so each organisation's next id is read
  // once and counted on.
  const next = new Map<string, number>();
  const numbered = [];
  for (const row of rows) {
    let id = next.get(row.organization_id);
    if (id === undefined) {
      const { rows: found } = await trx.executeQuery<{ id: number }>(
        CompiledQuery.raw(`select ${NEXT_ID_SQLITE} as id`, [
          row.organization_id,
          row.organization_id,
        ]),
      );
      id = Number(found[0].id);
    }
    numbered.push({ ...row, id });
    next.set(row.organization_id, id + 1);
  }
  await trx.insertInto('activity').values(numbered).execute();
}

/**
 * Inserts one entry, deferred (runTogether): it travels with the transaction's next statement
 * or its COMMIT, pipelined (or folded into the COMMIT's message) on PostgreSQL, in the same
 * message to the writer thread on SQLite, so the entry costs no round trip of its own
 * (bench/activity-bench.ts). If it fails, the transaction fails with its error and is rolled
 * back: still never a change without its entry.
 */
async function appendOne(
  trx: Db,
  who: ReturnType<typeof actorColumns>,
  entry: NewActivity,
  at: string,
): Promise<void> {
  const values = entryContent(who, entry, at);
  if (!isPostgres(trx)) {
    await runTogether(trx, [CompiledQuery.raw(INSERT_SQLITE, columnValues(values))], {
      deferred: true,
    });
    return;
  }
  // The statement's text depends only on the database (Kysely builds and compiles it once).
  const database = trx.getExecutor().adapter;
  await runTogether(
    trx,
    [
      INSERT_POSTGRES.compile(database, 'append', values, (marked) => ({
        compile: () => insertPostgres(marked).compile(trx),
      })),
    ],
    { deferred: true },
  );
}

/** An entry's columns but its id (given by the database). */
type EntryValues = Omit<HashedContent, 'id' | 'actor_kind' | 'entity_type'> & {
  actor_kind: ActivityActorKind;
  entity_type: ActivityEntityType;
};

/**
 * PostgreSQL: the id from `activity_next_id()` (migration 2026-11-30-702: the transaction's
 * xid first, then the sequence, which the sealer's wait relies on). Named (prepared), as the
 * append before it was: planning cost more than running.
 */
const INSERT_POSTGRES = new CompiledOnce<EntryValues, unknown>();

function insertPostgres(v: EntryValues): RawBuilder<unknown> {
  return sql`insert into activity (organization_id, id, at, actor_kind, actor_id, actor_name,
      entity_type, entity_id, action, changes)
    values (${v.organization_id}, activity_next_id(), ${v.at}, ${v.actor_kind}, ${v.actor_id},
      ${v.actor_name}, ${v.entity_type}, ${v.entity_id}, ${v.action}, ${v.changes})${sql.raw(NAMED_STATEMENT)}`;
}

/**
 * SQLite: the organisation's next id, above its largest entry and its last sealed one (so ids
 * never restart after retention pruned every entry). Its transactions hold the only writer,
 * so ids follow commit order and nothing commits in between. Two index probes.
 */
const NEXT_ID_SQLITE = `max(coalesce((select max(id) from activity where organization_id = ?), 0),
    coalesce((select last_id from activity_heads where organization_id = ?), 0)) + 1`;

/** Written as SQL text: per save only its parameters' array is built (docs/activity.md). */
const INSERT_SQLITE = `insert into activity (organization_id, id, at, actor_kind, actor_id,
    actor_name, entity_type, entity_id, action, changes)
  values (?, ${NEXT_ID_SQLITE}, ?, ?, ?, ?, ?, ?, ?, ?)`;

function columnValues(v: EntryValues): unknown[] {
  return [
    v.organization_id,
    v.organization_id,
    v.organization_id,
    v.at,
    v.actor_kind,
    v.actor_id,
    v.actor_name,
    v.entity_type,
    v.entity_id,
    v.action,
    v.changes,
  ];
}

function entryContent(
  who: ReturnType<typeof actorColumns>,
  entry: NewActivity,
  at: string,
): EntryValues {
  return {
    organization_id: entry.organizationId,
    at,
    ...who,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    action: entry.action,
    changes: JSON.stringify(entry.changes ?? {}),
  };
}

// ---------------------------------------------------------------- reading

export interface ActivityFilter {
  organizationId: string;
  entityType?: ActivityEntityType;
  entityId?: string;
  actorId?: string;
  action?: ActivityAction;
  /** ISO instants, inclusive. */
  since?: string;
  until?: string;
  /**
   * Only entries about these items (an employee's own items), given as a subquery over the
   * organisation's tasks, certificates and the person.
   */
  ownItemsOf?: string;
}

function filtered(db: Db, filter: ActivityFilter) {
  let query = db.selectFrom('activity').where('organization_id', '=', filter.organizationId);
  if (filter.entityType !== undefined) query = query.where('entity_type', '=', filter.entityType);
  if (filter.entityId !== undefined) query = query.where('entity_id', '=', filter.entityId);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('at', '<=', filter.until);
  const owner = filter.ownItemsOf;
  if (owner !== undefined) {
    const organizationId = filter.organizationId;
    query = query.where((eb) =>
      eb.or([
        eb('entity_id', '=', owner),
        eb(
          'entity_id',
          'in',
          eb
            .selectFrom('tasks')
            .select('tasks.id')
            .where('tasks.organization_id', '=', organizationId)
            .where('tasks.assigned_to_user_id', '=', owner),
        ),
        eb(
          'entity_id',
          'in',
          eb
            .selectFrom('certificates')
            .select('certificates.id')
            .where('certificates.organization_id', '=', organizationId)
            .where('certificates.incharge_person_id', '=', owner),
        ),
      ]),
    );
  }
  return query;
}

type EntryRow = {
  id: number | string;
  at: string;
  actor_kind: ActivityActorKind;
  actor_id: string | null;
  actor_name: string | null;
  entity_type: ActivityEntityType;
  entity_id: string;
  action: string;
  changes: string;
};

export function toEntry(row: EntryRow): ActivityEntry {
  return {
    id: Number(row.id),
    at: row.at,
    actor: row.actor_id === null ? null : { id: row.actor_id, full_name: row.actor_name },
    actor_kind: row.actor_kind,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    action: row.action as ActivityAction,
    changes: JSON.parse(row.changes) as ActivityEntry['changes'],
  };
}

export interface ActivityPage {
  limit: number;
  offset: number;
  /** Keyset: only entries with a smaller id (the last id of the previous page). */
  before?: number;
}

/** Newest first. */
export async function listActivity(
  db: Db,
  filter: ActivityFilter,
  page: ActivityPage,
): Promise<ActivityEntry[]> {
  let query = filtered(db, filter).select(ENTRY_COLUMNS);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  const rows = await query.orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  return rows.map(toEntry);
}

function onlyOrganization(filter: ActivityFilter): boolean {
  return Object.entries(filter).every(
    ([key, value]) => key === 'organizationId' || value === undefined,
  );
}

/**
 * How many entries match. The whole organisation's count is its head's sealed count and the
 * few entries after the head (not sealed yet): two index probes at any size; a filter counts
 * rows.
 */
export async function countActivity(db: Db, filter: ActivityFilter): Promise<number> {
  if (onlyOrganization(filter)) {
    const head = await db
      .selectFrom('activity_heads')
      .select(['last_id', 'sealed'])
      .where('organization_id', '=', filter.organizationId)
      .executeTakeFirst();
    const unsealed = await unsealedCount(db, filter.organizationId, Number(head?.last_id ?? 0));
    return Number(head?.sealed ?? 0) + unsealed;
  }
  const { count } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Every matching entry, newest first, `batch` at a time (the CSV export). */
export async function* eachActivity(
  db: Db,
  filter: ActivityFilter,
  batch = 1000,
): AsyncGenerator<ActivityEntry> {
  let before: number | undefined;
  for (;;) {
    const entries = await listActivity(db, filter, { limit: batch, offset: 0, before });
    for (const entry of entries) yield entry;
    if (entries.length < batch) return;
    before = entries[entries.length - 1].id;
  }
}

/**
 * The scheduler's status changes (reminders/transitions.ts), attributed to Duly: one entry per
 * changed item, `status: [from, to]`, in the transition's transaction.
 */
export async function recordAutomaticChanges(
  trx: Db,
  entityType: 'task' | 'certificate',
  changed: readonly { id: string; organization_id: string; from: string | null }[],
  to: string,
  at: string,
): Promise<void> {
  await recordActivity(
    trx,
    SYSTEM,
    changed.map((item) => ({
      organizationId: item.organization_id,
      entityType,
      entityId: item.id,
      action: 'status_changed' as const,
      changes: { status: [item.from, to] },
    })),
    at,
  );
}
