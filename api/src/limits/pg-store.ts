/**
 * The shared limits in PostgreSQL: one row per key in the UNLOGGED table `limit_windows`
 * (migration 2026-11-28-601): a lost table after a crash only forgets recent guesses, and an
 * unlogged table writes no WAL for every sign-in. The function `duly_limit_admit` locks the
 * keys' rows in key order (no deadlock between two requests sharing keys), counts, and
 * records, in one call: one round trip, and race-free across instances. Rows whose hits are
 * all older than their longest window are deleted in batches (`sweep`), by every instance once
 * a minute; deleting a row twice is harmless.
 *
 * Works through PgBouncer in transaction mode: each call is one statement, no session state.
 */
import { sql, type Kysely } from 'kysely';
import {
  gateOf,
  keepPerKey,
  newHit,
  type LimitCheck,
  type LimitStore,
  type StoreAnswer,
} from './store';
import type { CountAnswer } from './user-requests';

const SWEEP_BATCH = 500;
const SWEEP_EVERY_MS = 60_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export class PostgresLimitStore implements LimitStore {
  readonly kind = 'postgres';
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: AnyDb,
    onSweepError: (error: unknown) => void = () => {},
  ) {
    this.timer = setInterval(() => void this.sweep().catch(onSweepError), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async admit(checks: LimitCheck[], now = Date.now()): Promise<StoreAnswer> {
    const hit = newHit(now);
    const keep = keepPerKey(checks);
    const { rows } = await sql<{ wait: number }>`
      select duly_limit_admit(
        ${checks.map((check) => check.key)}::text[],
        ${checks.map((check) => check.max)}::int[],
        ${checks.map((check) => check.windowMs)}::bigint[],
        ${checks.map(gateOf)}::int[],
        ${[...keep.keys()]}::text[],
        ${[...keep.values()]}::bigint[],
        ${now}::bigint,
        ${hit}::bigint
      ) as wait`.execute(this.db);
    const wait = Number(rows[0].wait);
    return wait > 0 ? { admitted: false, retryAfterSeconds: wait } : { admitted: true, hit };
  }

  async release(keys: string[], hit: string): Promise<void> {
    await sql`
      update limit_windows set hits = array_remove(hits, ${hit}::bigint)
      where key = any(${keys}::text[])`.execute(this.db);
  }

  async forget(key: string): Promise<void> {
    await sql`delete from limit_windows where key = ${key}`.execute(this.db);
  }

  async count(key: string, max: number, windowMs: number, now = Date.now()): Promise<CountAnswer> {
    const { rows } = await sql<{ wait: number }>`
      select duly_limit_count(${key}::text, ${max}::int, ${windowMs}::bigint, ${now}::bigint)
        as wait`.execute(this.db);
    const wait = Number(rows[0].wait);
    return { admitted: wait === 0, retryAfterSeconds: wait };
  }

  /**
   * Deletes expired rows of both tables (limit_windows, limit_counters), `SWEEP_BATCH` at a
   * time (short locks); returns how many.
   */
  async sweep(now = Date.now()): Promise<number> {
    let total = 0;
    for (const table of [sql.table('limit_windows'), sql.table('limit_counters')]) {
      for (;;) {
        const result = await sql`
          delete from ${table} where key in (
            select key from ${table} where expires_at < ${now}::bigint
            limit ${SWEEP_BATCH} for update skip locked)`.execute(this.db);
        const deleted = Number(result.numAffectedRows ?? 0);
        total += deleted;
        if (deleted < SWEEP_BATCH) break;
      }
    }
    return total;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
  }
}
