/**
 * Where the limits on guesses and public requests are counted when several instances serve one
 * database (issue 31, item 1): PostgreSQL (pg-store.ts) or Redis (redis-store.ts). With SQLite
 * there is one instance, and the limiters keep counting in memory (lib/attempt-log.ts,
 * lib/request-limiter.ts) as before.
 *
 * One call, one round trip, admits a request under several keys at once or refuses it: every
 * key is locked (PostgreSQL's row locks, Redis's single-threaded script) while it is read and
 * counted, so two instances admitting at the same moment cannot both take the last place.
 * A request counts from the moment it is admitted (a "hit"); the caller may take its hit back
 * (`release`: a sign-in that succeeded or was never checked) or clear a key (`forget`).
 */
import type { CountAnswer } from './user-requests';

export interface LimitCheck {
  key: string;
  max: number;
  windowMs: number;
  /** Index of another check: this one applies only while that one is full. */
  whenFull?: number;
  /** Never refuses by itself: only read as another check's `whenFull`. */
  gateOnly?: boolean;
  /** Count the request under this key when admitted (false: only read). */
  record?: boolean;
}

export type StoreAnswer =
  { admitted: true; hit: string } | { admitted: false; retryAfterSeconds: number };

export interface LimitStore {
  readonly kind: 'postgres' | 'redis';
  admit(checks: LimitCheck[], now?: number): Promise<StoreAnswer>;
  /** Takes `hit` back from every key (as if the request had never been admitted). */
  release(keys: string[], hit: string): Promise<void>;
  forget(key: string): Promise<void>;
  /**
   * Counts a request under `key` if the estimated sliding window (two fixed windows,
   * user-requests.ts) stays within `max`; a refused request is not counted. One round trip.
   */
  count(key: string, max: number, windowMs: number, now?: number): Promise<CountAnswer>;
  close(): Promise<void>;
}

/** The gate argument of the stores: 1-based index of the gating check, 0 always, -1 never. */
export function gateOf(check: LimitCheck): number {
  if (check.gateOnly) return -1;
  return check.whenFull === undefined ? 0 : check.whenFull + 1;
}

/** Per recorded key, the longest window any check reads from it: how long its hits are kept. */
export function keepPerKey(checks: LimitCheck[]): Map<string, number> {
  const keep = new Map<string, number>();
  for (const check of checks) {
    keep.set(check.key, Math.max(keep.get(check.key) ?? 0, check.windowMs));
  }
  return new Map(
    [...keep].filter(([key]) => checks.some((check) => check.key === key && check.record)),
  );
}

/** A hit's id: its time in microseconds, made unique among hits of the same millisecond. */
export function newHit(now: number): string {
  return String(now * 1000 + Math.floor(Math.random() * 1000));
}
