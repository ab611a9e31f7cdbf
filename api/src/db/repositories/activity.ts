/**
 * The activity history (issue 29, docs/activity.md). `recordActivity` is the ONE way an entry
 * is written: the repositories' writes (tasks, certificates, users), the scheduler's
 * transitions and the account events call it inside the transaction of the change, so a change
 * never commits without its entry nor an entry without its change. Routes never write history.
 *
 * Each organisation's entries form a hash chain: `hash = SHA-256(prev_hash + content)`, where
 * `prev_hash` is the previous entry's hash. The head row (`activity_heads`) hands out the next
 * id and is locked by each append until its transaction ends, so the chain never forks.
 */
import { createHash } from 'node:crypto';
import { CompiledQuery, PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type {
  ActivityAction,
  ActivityActorKind,
  ActivityEntityType,
  ActivityEntry,
  ActivityValue,
  ActivityVerification,
} from '@duly/shared/contract';
import { CompiledOnce } from '../compiled-once';
import { NAMED_STATEMENT } from '../connection';
import { runTogether } from '../sqlite/worker-driver';
import type { Db } from '../tables';

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

/** The content an entry's hash covers, in a fixed order. */
interface HashedContent {
  organization_id: string;
  id: number;
  at: string;
  actor_kind: string;
  actor_id: string | null;
  actor_name: string | null;
  entity_type: string;
  entity_id: string;
  action: string;
  changes: string;
}

export function entryHash(prevHash: string, entry: HashedContent): string {
  return createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(
      JSON.stringify([
        entry.organization_id,
        Number(entry.id),
        entry.at,
        entry.actor_kind,
        entry.actor_id,
        entry.actor_name,
        entry.entity_type,
        entry.entity_id,
        entry.action,
        entry.changes,
      ]),
    )
    .digest('hex');
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

/**
 * Appends entries to their organisations' chains. Must run inside the change's transaction
 * (it throws otherwise): the head row it locks is released when that transaction ends.
 */
export async function recordActivity(
  trx: Db,
  actor: Actor,
  entries: readonly NewActivity[],
  at: string = new Date().toISOString(),
): Promise<void> {
  if (entries.length === 0 || !recording) return;
  if (!trx.isTransaction) throw new Error('recordActivity runs inside the change’s transaction');
  const byOrganization = new Map<string, NewActivity[]>();
  for (const entry of entries) {
    const list = byOrganization.get(entry.organizationId) ?? [];
    list.push(entry);
    byOrganization.set(entry.organizationId, list);
  }
  const who = actorColumns(actor);
  // One entry (every save of an item): the hash computed by the database from the head it
  // reads, deferred to the transaction's next statement or its COMMIT (appendOne).
  if (entries.length === 1) {
    await appendOne(trx, who, entries[0], at);
    return;
  }
  // Organisations in a fixed order: two transactions never lock heads in opposite orders.
  for (const organizationId of [...byOrganization.keys()].sort()) {
    const list = byOrganization.get(organizationId)!;
    // Creates the head on first use; either way locks it (ON CONFLICT DO UPDATE) and reads it.
    const head = await trx
      .insertInto('activity_heads')
      .values({
        organization_id: organizationId,
        last_id: 0,
        last_hash: '',
        start_id: 1,
        start_prev_hash: '',
      })
      .onConflict((conflict) =>
        conflict
          .column('organization_id')
          .doUpdateSet({ last_id: sql<number>`activity_heads.last_id` }),
      )
      .returning(['last_id', 'last_hash'])
      .executeTakeFirstOrThrow();
    let id = Number(head.last_id);
    const { actor_kind } = who;
    let prevHash = head.last_hash;
    const rows = list.map((entry) => {
      id += 1;
      const content = {
        organization_id: organizationId,
        id,
        at,
        ...who,
        entity_type: entry.entityType,
        entity_id: entry.entityId,
        action: entry.action,
        changes: JSON.stringify(entry.changes ?? {}),
      } satisfies HashedContent;
      const hash = entryHash(prevHash, content);
      const row = { ...content, actor_kind, prev_hash: prevHash, hash };
      prevHash = hash;
      return row;
    });
    await trx.insertInto('activity').values(rows).execute();
    await trx
      .updateTable('activity_heads')
      .set({ last_id: id, last_hash: prevHash })
      .where('organization_id', '=', organizationId)
      .execute();
  }
}

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The hashed text split around the id, which only the database knows when it appends:
 * `"\n" + JSON.stringify([organization_id, id, …])` is `prefix + id + suffix`, the same bytes
 * entryHash hashes after `prev_hash` (JSON.stringify writes an integer as its digits).
 */
function contentAroundId(content: Omit<HashedContent, 'id'>): [string, string] {
  const rest = JSON.stringify([
    content.at,
    content.actor_kind,
    content.actor_id,
    content.actor_name,
    content.entity_type,
    content.entity_id,
    content.action,
    content.changes,
  ]);
  return [`\n[${JSON.stringify(content.organization_id)},`, `,${rest.slice(1)}`];
}

/**
 * Appends one entry with its hash computed by the database from the head (sha256 on
 * PostgreSQL, the writer thread's `sha256_hex` on SQLite, sqlite/worker.cjs), so nothing is
 * read back: the head is moved (created at the first entry) and the entry inserted from it, in
 * one named statement on PostgreSQL, two on SQLite (moveHead, entryFromHead; appendSqlite).
 *
 * The statements are deferred (runTogether): they travel with the transaction's next
 * statement or its COMMIT, pipelined on PostgreSQL, in the same message to the writer thread
 * on SQLite, so the entry costs no round trip of its own (bench/activity-bench.ts). If one
 * fails, the transaction fails with its error and is rolled back: still never a change
 * without its entry.
 */
async function appendOne(
  trx: Db,
  who: ReturnType<typeof actorColumns>,
  entry: NewActivity,
  at: string,
): Promise<void> {
  const content = entryContent(who, entry, at);
  const [prefix, suffix] = contentAroundId(content);
  const values: AppendValues = { ...content, prefix, suffix };
  if (!isPostgres(trx)) {
    await runTogether(trx, appendSqlite(values), { deferred: true });
    return;
  }
  // The statement's text depends only on the database (Kysely builds and compiles it once).
  const database = trx.getExecutor().adapter;
  await runTogether(
    trx,
    APPEND_POSTGRES.map(([once, build]) =>
      once.compile(database, 'append', values, (marked) => ({
        compile: () => build(marked).compile(trx),
      })),
    ),
    { deferred: true },
  );
}

/** An entry's content and the hashed text around its id (contentAroundId). */
type AppendValues = Omit<HashedContent, 'id'> & { prefix: string; suffix: string };

type AppendStatement = [
  CompiledOnce<AppendValues, unknown>,
  (values: AppendValues) => RawBuilder<unknown>,
];

/**
 * Moves the organisation's head to the new entry, creating it at its first: `last_id + 1`, the
 * new hash from the old one, and the old one kept in `last_prev_hash` (a SET reads the row as
 * it was), since RETURNING gives only the row after the change (migration 2026-11-30-701).
 * ON CONFLICT DO UPDATE locks the head and reads its latest version, committed or not yet
 * visible to the statement's snapshot (PostgreSQL waits for the transaction holding it), so
 * two appends never start from the same head. `sha` is the database's SHA-256 in hex.
 */
function moveHead(v: AppendValues, sha: (text: RawBuilder<string>) => RawBuilder<string>) {
  return sql`insert into activity_heads (organization_id, last_id, last_hash, start_id,
      start_prev_hash, last_prev_hash)
    values (${v.organization_id}, 1, ${sha(sql`${v.prefix} || '1' || ${v.suffix}`)}, 1, '', '')
    on conflict (organization_id) do update set last_id = activity_heads.last_id + 1,
      last_prev_hash = activity_heads.last_hash,
      last_hash = ${sha(sql`activity_heads.last_hash || ${v.prefix}
        || cast(activity_heads.last_id + 1 as text) || ${v.suffix}`)}`;
}

/** The entry's columns, its id and hashes taken from the moved head (`head`). */
function entryFromHead(v: AppendValues) {
  return sql`insert into activity (organization_id, id, at, actor_kind, actor_id, actor_name,
      entity_type, entity_id, action, changes, prev_hash, hash)
    select ${v.organization_id}, head.last_id, ${v.at}, ${v.actor_kind}, ${v.actor_id},
      ${v.actor_name}, ${v.entity_type}, ${v.entity_id}, ${v.action}, ${v.changes},
      head.last_prev_hash, head.last_hash`;
}

/**
 * PostgreSQL: the head moved and the entry inserted in one statement, its CTE the upsert (it
 * always returns the head's row, so the entry is never silently left out). Named (prepared):
 * planning took longer than running (docs/activity.md).
 */
const APPEND_POSTGRES: AppendStatement[] = [
  [
    new CompiledOnce(),
    (v) => sql`with head as (
        ${moveHead(v, (text) => sql`encode(sha256(convert_to(${text}, 'UTF8')), 'hex')`)}
        returning last_id, last_prev_hash, last_hash
      )
      ${entryFromHead(v)} from head${sql.raw(NAMED_STATEMENT)}`,
  ],
];

/**
 * SQLite (no DML in a CTE): the head moved (moveHead, with the writer thread's `sha256_hex`,
 * sqlite/worker.cjs), then the entry inserted from it (entryFromHead); its transactions hold
 * the only writer, so nothing comes in between. Written as SQL text here, the two statements
 * cost the API thread only their parameters' array: through CompiledOnce (a shape's key, its
 * slots) they were a tenth of what recording added to its CPU time (docs/activity.md).
 * activity.test.ts checks the chain they write against entryHash on both databases.
 */
const MOVE_HEAD_SQLITE = `insert into activity_heads (organization_id, last_id, last_hash,
    start_id, start_prev_hash, last_prev_hash)
  values (?, 1, sha256_hex(? || '1' || ?), 1, '', '')
  on conflict (organization_id) do update set last_id = activity_heads.last_id + 1,
    last_prev_hash = activity_heads.last_hash,
    last_hash = sha256_hex(activity_heads.last_hash || ?
      || cast(activity_heads.last_id + 1 as text) || ?)`;

const ENTRY_FROM_HEAD_SQLITE = `insert into activity (organization_id, id, at, actor_kind,
    actor_id, actor_name, entity_type, entity_id, action, changes, prev_hash, hash)
  select ?, head.last_id, ?, ?, ?, ?, ?, ?, ?, ?, head.last_prev_hash, head.last_hash
  from activity_heads as head where head.organization_id = ?`;

function appendSqlite(v: AppendValues): CompiledQuery[] {
  return [
    CompiledQuery.raw(MOVE_HEAD_SQLITE, [
      v.organization_id,
      v.prefix,
      v.suffix,
      v.prefix,
      v.suffix,
    ]),
    CompiledQuery.raw(ENTRY_FROM_HEAD_SQLITE, [
      v.organization_id,
      v.at,
      v.actor_kind,
      v.actor_id,
      v.actor_name,
      v.entity_type,
      v.entity_id,
      v.action,
      v.changes,
      v.organization_id,
    ]),
  ];
}

function entryContent(
  who: ReturnType<typeof actorColumns>,
  entry: NewActivity,
  at: string,
): Omit<HashedContent, 'id'> {
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

const ENTRY_COLUMNS = [
  'id',
  'at',
  'actor_kind',
  'actor_id',
  'actor_name',
  'entity_type',
  'entity_id',
  'action',
  'changes',
] as const;

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
 * How many entries match. The whole organisation's count comes from its head (ids have no
 * gaps; retention moves `start_id`), so it costs one row at any size; a filter counts rows.
 */
export async function countActivity(db: Db, filter: ActivityFilter): Promise<number> {
  if (onlyOrganization(filter)) {
    const head = await db
      .selectFrom('activity_heads')
      .select(['last_id', 'start_id'])
      .where('organization_id', '=', filter.organizationId)
      .executeTakeFirst();
    return head ? Math.max(0, Number(head.last_id) - Number(head.start_id) + 1) : 0;
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

// ---------------------------------------------------------------- verifying

/**
 * Walks the organisation's chain from its checkpoint, oldest first: every id present with no
 * gap, every `prev_hash` the previous entry's hash, every hash recomputed from the content,
 * and the last entry the head's. Reports the first id where any of this fails.
 */
export async function verifyActivity(
  db: Db,
  organizationId: string,
  batch = 2000,
): Promise<ActivityVerification> {
  const head = await db
    .selectFrom('activity_heads')
    .select(['last_id', 'last_hash', 'start_id', 'start_prev_hash'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!head) return { ok: true, checked: 0 };
  const lastId = Number(head.last_id);
  let expectedId = Number(head.start_id);
  let prevHash = head.start_prev_hash;
  let checked = 0;
  const broken = (id: number): ActivityVerification => ({
    ok: false,
    checked,
    first_broken_id: id,
  });
  while (expectedId <= lastId) {
    const rows = await db
      .selectFrom('activity')
      .select([...ENTRY_COLUMNS, 'organization_id', 'prev_hash', 'hash'])
      .where('organization_id', '=', organizationId)
      .where('id', '>=', expectedId)
      .where('id', '<=', lastId)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (rows.length === 0) return broken(expectedId);
    for (const row of rows) {
      const id = Number(row.id);
      if (id !== expectedId) return broken(expectedId);
      if (row.prev_hash !== prevHash) return broken(id);
      if (entryHash(prevHash, { ...row, id }) !== row.hash) return broken(id);
      prevHash = row.hash;
      expectedId += 1;
      checked += 1;
    }
  }
  if (lastId >= Number(head.start_id) && prevHash !== head.last_hash) return broken(lastId);
  return { ok: true, checked };
}

// ---------------------------------------------------------------- retention

/**
 * Deletes the organisation's entries older than `cutoff` (ISO), oldest first, `batch` per
 * transaction. Each batch first moves the checkpoint (`start_id`, `start_prev_hash`) past the
 * entries it deletes, which is also what lets the database's trigger allow the delete; verify
 * starts from the checkpoint, so the remaining chain still verifies. Returns how many went.
 */
export async function pruneActivity(
  db: Db,
  organizationId: string,
  cutoff: string,
  batch = 1000,
): Promise<number> {
  let pruned = 0;
  for (;;) {
    const deleted = await db.transaction().execute(async (trx) => {
      // Locks the head, as an append does.
      const head = await trx
        .updateTable('activity_heads')
        .set({ start_id: sql<number>`start_id` })
        .where('organization_id', '=', organizationId)
        .returning(['start_id'])
        .executeTakeFirst();
      if (!head) return 0;
      const rows = await trx
        .selectFrom('activity')
        .select(['id', 'at', 'hash'])
        .where('organization_id', '=', organizationId)
        .where('id', '>=', Number(head.start_id))
        .orderBy('id')
        .limit(batch)
        .execute();
      // The oldest entries up to the first one that is recent enough.
      const old: typeof rows = [];
      for (const row of rows) {
        if (row.at >= cutoff) break;
        old.push(row);
      }
      if (old.length === 0) return 0;
      const last = old[old.length - 1];
      const startId = Number(last.id) + 1;
      await trx
        .updateTable('activity_heads')
        .set({ start_id: startId, start_prev_hash: last.hash })
        .where('organization_id', '=', organizationId)
        .execute();
      await trx
        .deleteFrom('activity')
        .where('organization_id', '=', organizationId)
        .where('id', '<', startId)
        .execute();
      return old.length;
    });
    pruned += deleted;
    if (deleted < batch) return pruned;
  }
}

/** Prunes every organisation's entries older than `days` days before `now`. */
export async function pruneAllActivity(db: Db, days: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  const heads = await db.selectFrom('activity_heads').select('organization_id').execute();
  let pruned = 0;
  for (const { organization_id } of heads) {
    pruned += await pruneActivity(db, organization_id, cutoff);
  }
  return pruned;
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
