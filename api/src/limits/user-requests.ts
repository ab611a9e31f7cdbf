/**
 * The budget of requests per signed-in person (issue 31, item 1): `config.userRequests.max`
 * requests per `windowMs` (USER_REQUEST_LIMIT a minute by default, docs/scaling.md), counted
 * for every instance in the shared store (PostgreSQL, or Redis with REDIS_URL), in this process
 * with SQLite. Over it, 429 with `Retry-After`.
 *
 * A budget of hundreds of requests would make a list of every hit long, so this limit counts
 * in two fixed windows, the current one and the one before, and estimates the sliding window
 * from them: the previous window's count weighted by the share of it the sliding window still
 * covers, plus the current count. A refused request is not counted. The same arithmetic runs
 * in PostgreSQL (migration 2026-11-29-701), in Redis (redis-store.ts) and here.
 */
export interface CountAnswer {
  admitted: boolean;
  /** When refused: seconds until the request would be admitted. */
  retryAfterSeconds: number;
}

/**
 * Whether a request making `counted` in the current window (itself included), after `previous`
 * in the window before, stays within `max`; if not, how long until it would.
 */
export function slidingAnswer(
  previous: number,
  counted: number,
  max: number,
  windowMs: number,
  now: number,
): CountAnswer {
  const start = Math.floor(now / windowMs) * windowMs;
  const overlap = 1 - (now - start) / windowMs;
  if (previous * overlap + counted <= max) return { admitted: true, retryAfterSeconds: 0 };
  const others = counted - 1;
  const until =
    others < max
      ? start + windowMs * (1 - (max - others - 1) / previous)
      : start + windowMs + windowMs * (1 - (max - 1) / others);
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
}

/** The counts in this process (SQLite: one instance). */
export class MemoryCounter {
  private readonly counts = new Map<string, number>();
  private sweptWindow = 0;

  count(key: string, max: number, windowMs: number, now = Date.now()): CountAnswer {
    const window = Math.floor(now / windowMs);
    if (window > this.sweptWindow) this.sweep(window);
    const current = `${key}:${window}`;
    const counted = (this.counts.get(current) ?? 0) + 1;
    const answer = slidingAnswer(
      this.counts.get(`${key}:${window - 1}`) ?? 0,
      counted,
      max,
      windowMs,
      now,
    );
    if (answer.admitted) this.counts.set(current, counted);
    return answer;
  }

  /** Forgets windows older than the previous one, once per window. */
  private sweep(window: number): void {
    this.sweptWindow = window;
    for (const key of this.counts.keys()) {
      if (Number(key.slice(key.lastIndexOf(':') + 1)) < window - 1) this.counts.delete(key);
    }
  }
}
