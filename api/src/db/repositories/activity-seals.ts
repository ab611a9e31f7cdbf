/**
 * The activity history's chain (issue 29; docs/activity.md, "The table, the seals and the
 * chain"). A save inserts its entry without any hash (db/repositories/activity.ts); the sealer chains the organisation's
 * entries in id order shortly after, writing one row per entry in `activity_seals`
 * (`hash = SHA-256(prev_hash + "\n" + content)`) and moving the head (`activity_heads`: the last
 * sealed id and hash, the sealed count). Verify walks entries and seals together.
 *
 * Order: an entry must never be sealed past while a smaller id can still commit.
 * - SQLite has one writer, and an entry's id is given under it (max + 1), so every committed
 *   entry with an id above the head's can be sealed at once.
 * - PostgreSQL hands ids out from a sequence, each after its transaction took its xid
 *   (`activity_next_id()`, migration 2026-11-30-702), so a smaller id may commit after a
 *   larger one. A seal has two phases: the first records M, the largest id visible, and X, the
 *   snapshot's xmax; once the oldest running xid is X or more, every transaction that could
 *   hold an id up to M has ended, and entries up to M are sealed.
 *
 * Each pass locks the organisation's head (FOR UPDATE on PostgreSQL, the only writer on
 * SQLite), so two sealers (two API instances) never seal one organisation at once; the seals'
 * primary key would refuse a fork anyway.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { ActivityVerification } from '@duly/shared/contract';
import { isPostgres } from '../database-clock';
import type { Db } from '../tables';

/** What verify answers: the API always says how many entries are not sealed yet. */
export type Verification = ActivityVerification & { unsealed: number };

/** The content an entry's hash covers, in a fixed order. */
export interface HashedContent {
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

/** The same text and hash as before sealing existed, so the chains written then verify. */
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

/** An entry's columns as the API answers them (db/repositories/activity.ts lists them). */
export const ENTRY_COLUMNS = [
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

/** What the sealer and verify read of an entry: its columns and its organisation. */
const HASHED_COLUMNS = ['organization_id', ...ENTRY_COLUMNS] as const;

/** Creates the organisation's head if missing (a first seal), and locks it (PostgreSQL). */
async function lockedHead(trx: Db, organizationId: string) {
  await trx
    .insertInto('activity_heads')
    .values({
      organization_id: organizationId,
      last_id: 0,
      last_hash: '',
      start_id: 1,
      start_prev_hash: '',
    })
    .onConflict((conflict) => conflict.column('organization_id').doNothing())
    .execute();
  let query = trx
    .selectFrom('activity_heads')
    .select(['last_id', 'last_hash', 'pending_id', 'pending_xmax'])
    .where('organization_id', '=', organizationId);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

/** Seals the entries after `lastId` up to `upTo` in id order, `batch` a statement. */
async function sealUpTo(
  trx: Db,
  organizationId: string,
  head: { last_id: number | string; last_hash: string },
  upTo: number | undefined,
  batch: number,
): Promise<number> {
  let lastId = Number(head.last_id);
  let prevHash = head.last_hash;
  let sealed = 0;
  for (;;) {
    let query = trx
      .selectFrom('activity')
      .select(HASHED_COLUMNS)
      .where('organization_id', '=', organizationId)
      .where('id', '>', lastId);
    if (upTo !== undefined) query = query.where('id', '<=', upTo);
    const rows = await query.orderBy('id').limit(batch).execute();
    if (rows.length === 0) break;
    const seals = rows.map((row) => {
      const id = Number(row.id);
      const hash = entryHash(prevHash, { ...row, id });
      const seal = { organization_id: organizationId, entry_id: id, prev_hash: prevHash, hash };
      prevHash = hash;
      lastId = id;
      return seal;
    });
    await trx.insertInto('activity_seals').values(seals).execute();
    sealed += seals.length;
    if (rows.length < batch) break;
  }
  if (sealed > 0) {
    await trx
      .updateTable('activity_heads')
      .set({ last_id: lastId, last_hash: prevHash, sealed: sql<number>`sealed + ${sealed}` })
      .where('organization_id', '=', organizationId)
      .execute();
  }
  return sealed;
}

export interface SealPass {
  /** Entries chained by this pass. */
  sealed: number;
  /** PostgreSQL: entries seen whose seal waits for older transactions to end. */
  pending: boolean;
}

/**
 * One sealing pass over an organisation: on SQLite every entry after the head; on PostgreSQL
 * the entries the previous pass saw (its M), if every transaction older than its X has ended,
 * then the first phase for the entries after them (a new M and X).
 */
export async function sealActivity(
  db: Db,
  organizationId: string,
  batch = 1000,
): Promise<SealPass> {
  return db.transaction().execute(async (trx) => {
    const head = await lockedHead(trx, organizationId);
    if (!isPostgres(trx)) {
      return {
        sealed: await sealUpTo(trx, organizationId, head, undefined, batch),
        pending: false,
      };
    }
    let sealed = 0;
    let lastId = Number(head.last_id);
    if (head.pending_id !== null) {
      const { rows } = await sql<{ ended: boolean }>`select pg_snapshot_xmin(pg_current_snapshot())
        >= cast(${head.pending_xmax} as xid8) as ended`.execute(trx);
      if (!rows[0].ended) return { sealed: 0, pending: true };
      sealed = await sealUpTo(trx, organizationId, head, Number(head.pending_id), batch);
      lastId = Math.max(lastId, Number(head.pending_id));
    }
    // The first phase: M and X from one statement, so one snapshot.
    const { rows } = await sql<{ m: string | null; x: string }>`select max(id) as m,
        cast(pg_snapshot_xmax(pg_current_snapshot()) as text) as x
      from activity where organization_id = ${organizationId} and id > ${lastId}`.execute(trx);
    const m = rows[0].m === null ? null : Number(rows[0].m);
    if (m !== null || head.pending_id !== null) {
      await trx
        .updateTable('activity_heads')
        .set({ pending_id: m, pending_xmax: m === null ? null : rows[0].x })
        .where('organization_id', '=', organizationId)
        .execute();
    }
    return { sealed, pending: m !== null };
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Seals everything that was committed when it was called (up to the largest id then
 * visible), waiting up to `waitMs` for the older transactions PostgreSQL's second phase waits
 * for (GET /activity/verify). Entries committed meanwhile, or behind a transaction that
 * outlasts the wait, stay unsealed.
 */
export async function sealSettled(db: Db, organizationId: string, waitMs = 3000): Promise<void> {
  const { target } = await db
    .selectFrom('activity')
    .select((eb) => eb.fn.max('id').as('target'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  if (target === null) return;
  const deadline = Date.now() + waitMs;
  let delay = 2;
  for (;;) {
    await sealActivity(db, organizationId);
    const head = await db
      .selectFrom('activity_heads')
      .select('last_id')
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    // The target entry is committed, so once sealed so is every entry before it.
    if (head !== undefined && Number(head.last_id) >= Number(target)) return;
    if (Date.now() >= deadline) return;
    await sleep(delay);
    delay = Math.min(delay * 2, 50);
  }
}

/**
 * Every organisation with entries after its head (the timer's sweep): one probe of the
 * entries' primary key per organisation, never a scan of the entries.
 */
export async function organizationsWithUnsealed(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('organizations')
    .leftJoin('activity_heads', 'activity_heads.organization_id', 'organizations.id')
    .select('organizations.id')
    .where(({ exists, selectFrom, fn, ref }) =>
      exists(
        selectFrom('activity')
          .select('activity.id')
          .whereRef('activity.organization_id', '=', 'organizations.id')
          .where('activity.id', '>', fn.coalesce(ref('activity_heads.last_id'), sql.lit(0))),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------- verifying

/** Entries after the head: written, not chained yet. */
export async function unsealedCount(db: Db, organizationId: string, lastId: number) {
  const { count } = await db
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('id', '>', lastId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Walks the organisation's sealed entries from its checkpoint, oldest first, entries and
 * seals side by side: every entry up to the head has its seal and every seal its entry, every
 * `prev_hash` the previous hash, every hash recomputed from the entry, and the last one the
 * head's. Reports the first id where any of this fails; entries after the head are counted
 * as `unsealed`, not checked.
 */
export async function verifyActivity(
  db: Db,
  organizationId: string,
  batch = 2000,
): Promise<Verification> {
  const head = await db
    .selectFrom('activity_heads')
    .select(['last_id', 'last_hash', 'start_id', 'start_prev_hash'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  const lastId = head ? Number(head.last_id) : 0;
  const unsealed = await unsealedCount(db, organizationId, lastId);
  if (!head) return { ok: true, checked: 0, unsealed };
  let from = Number(head.start_id);
  let prevHash = head.start_prev_hash;
  let checked = 0;
  const broken = (id: number): Verification => ({
    ok: false,
    checked,
    first_broken_id: id,
    unsealed,
  });
  while (from <= lastId) {
    const entries = await db
      .selectFrom('activity')
      .select(HASHED_COLUMNS)
      .where('organization_id', '=', organizationId)
      .where('id', '>=', from)
      .where('id', '<=', lastId)
      .orderBy('id')
      .limit(batch)
      .execute();
    // The seals of the same span of ids (up to the last entry read, or the head).
    const to = entries.length === batch ? Number(entries[batch - 1].id) : lastId;
    const seals = await db
      .selectFrom('activity_seals')
      .select(['entry_id', 'prev_hash', 'hash'])
      .where('organization_id', '=', organizationId)
      .where('entry_id', '>=', from)
      .where('entry_id', '<=', to)
      .orderBy('entry_id')
      .execute();
    let e = 0;
    for (const seal of seals) {
      const id = Number(seal.entry_id);
      const entry = entries[e];
      // An entry without its seal, or a seal without its entry.
      if (entry !== undefined && Number(entry.id) < id) return broken(Number(entry.id));
      if (entry === undefined || Number(entry.id) !== id) return broken(id);
      if (seal.prev_hash !== prevHash) return broken(id);
      if (entryHash(prevHash, { ...entry, id }) !== seal.hash) return broken(id);
      prevHash = seal.hash;
      checked += 1;
      e += 1;
    }
    if (e < entries.length) return broken(Number(entries[e].id));
    from = to + 1;
  }
  if (lastId >= Number(head.start_id) && prevHash !== head.last_hash) return broken(lastId);
  return { ok: true, checked, unsealed };
}

// ---------------------------------------------------------------- retention

/**
 * Deletes the organisation's sealed entries older than `cutoff` (ISO), oldest first, `batch`
 * per transaction. Each batch first moves the checkpoint (`start_id`, `start_prev_hash`) past
 * the entries it deletes, which is also what lets the database's triggers allow the delete of
 * the entries and their seals; verify starts from the checkpoint, so the remaining chain still
 * verifies. Unsealed entries are never pruned. Returns how many went.
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
      // Locks the head, as a seal does.
      const head = await trx
        .updateTable('activity_heads')
        .set({ start_id: sql<number>`start_id` })
        .where('organization_id', '=', organizationId)
        .returning(['start_id', 'last_id'])
        .executeTakeFirst();
      if (!head) return 0;
      const rows = await trx
        .selectFrom('activity')
        .innerJoin('activity_seals', (join) =>
          join
            .onRef('activity_seals.organization_id', '=', 'activity.organization_id')
            .onRef('activity_seals.entry_id', '=', 'activity.id'),
        )
        .select(['activity.id', 'activity.at', 'activity_seals.hash'])
        .where('activity.organization_id', '=', organizationId)
        .where('activity.id', '>=', Number(head.start_id))
        .where('activity.id', '<=', Number(head.last_id))
        .orderBy('activity.id')
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
        .set({
          start_id: startId,
          start_prev_hash: last.hash,
          sealed: sql<number>`sealed - ${old.length}`,
        })
        .where('organization_id', '=', organizationId)
        .execute();
      for (const table of ['activity_seals', 'activity'] as const) {
        const column = table === 'activity' ? 'id' : 'entry_id';
        await trx
          .deleteFrom(table)
          .where('organization_id', '=', organizationId)
          .where(column, '<', startId)
          .execute();
      }
      return old.length;
    });
    pruned += deleted;
    if (deleted < batch) return pruned;
  }
}

/** Prunes every organisation's sealed entries older than `days` days before `now`. */
export async function pruneAllActivity(db: Db, days: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  const heads = await db.selectFrom('activity_heads').select('organization_id').execute();
  let pruned = 0;
  for (const { organization_id } of heads) {
    pruned += await pruneActivity(db, organization_id, cutoff);
  }
  return pruned;
}
