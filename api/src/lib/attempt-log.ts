/**
 * The memory of the limits on guesses (login-limiter.ts, the link routes): per key, when its
 * recent failures happened and how many of its attempts are under way. An attempt counts
 * from the moment it is admitted, so parallel attempts cannot all slip in before the first
 * failure is recorded; admitting is synchronous, and Node runs one admission at a time.
 *
 * In memory, so per instance: used with SQLite (one instance). Several instances on PostgreSQL
 * (or with REDIS_URL) count in a shared store instead (limits/store.ts).
 */
export interface Limit {
  /** Failures (plus attempts under way) allowed within the window. */
  max: number;
  windowMs: number;
}

export class AttemptLog {
  private readonly failures = new Map<string, number[]>();
  private readonly underWay = new Map<string, number>();
  private lastSweep = 0;

  /** `keepMs`: the longest window any limit reads from this log. */
  constructor(private readonly keepMs: number) {}

  /** Failures within the window plus attempts under way. */
  count(key: string, now: number, windowMs: number): number {
    return this.recent(key, now, windowMs).length + (this.underWay.get(key) ?? 0);
  }

  /** Seconds until `key` is under `limit` again; 0 when it is now. */
  retryAfterSeconds(key: string, now: number, limit: Limit): number {
    this.sweep(now);
    const recent = this.recent(key, now, limit.windowMs);
    if (recent.length + (this.underWay.get(key) ?? 0) < limit.max) return 0;
    // Full with attempts still under way: one of them may end well within a second.
    if (recent.length < limit.max) return 1;
    return Math.max(
      1,
      Math.ceil((recent[recent.length - limit.max] + limit.windowMs - now) / 1000),
    );
  }

  begin(key: string): void {
    this.underWay.set(key, (this.underWay.get(key) ?? 0) + 1);
  }

  end(key: string, failed: boolean, now: number): void {
    const left = (this.underWay.get(key) ?? 1) - 1;
    if (left > 0) this.underWay.set(key, left);
    else this.underWay.delete(key);
    if (failed) this.failures.set(key, [...this.recent(key, now, this.keepMs), now]);
  }

  forget(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number, windowMs: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - windowMs);
  }

  /** Forgets keys whose failures are all older than `keepMs`, at most once per `keepMs`. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.keepMs) return;
    this.lastSweep = now;
    for (const [key, times] of this.failures) {
      if (times.every((at) => at <= now - this.keepMs)) this.failures.delete(key);
    }
  }
}

/** An admitted attempt: say how it ended, exactly once. */
export interface Attempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
  /** Ended without being checked (the server was too busy): counts as nothing. */
  abandoned(): Promise<void>;
}

export type Admission =
  { admitted: true; attempt: Attempt } | { admitted: false; retryAfterSeconds: number };

/** Begins an attempt under every key at once; `onEnd` runs once, with how it ended. */
export function beginAttempt(
  entries: [AttemptLog, string][],
  clock: () => number,
  onEnd: (outcome: 'succeeded' | 'failed' | 'abandoned') => void = () => {},
): Attempt {
  for (const [log, key] of entries) log.begin(key);
  let ended = false;
  // Recorded at once (synchronously); the promise is for the shared stores' sake (limits/).
  const end = (outcome: 'succeeded' | 'failed' | 'abandoned'): Promise<void> => {
    if (ended) return Promise.resolve();
    ended = true;
    const at = clock();
    for (const [log, key] of entries) log.end(key, outcome === 'failed', at);
    onEnd(outcome);
    return Promise.resolve();
  };
  return {
    succeeded: () => end('succeeded'),
    failed: () => end('failed'),
    abandoned: () => end('abandoned'),
  };
}

/**
 * One limit on failures per key (the link routes: a link that does not work is a failure;
 * one that works never counts against the address).
 */
export class FailureLimiter {
  private readonly log: AttemptLog;

  constructor(
    private readonly limit: Limit,
    private readonly clock: () => number = Date.now,
  ) {
    this.log = new AttemptLog(limit.windowMs);
  }

  begin(key: string): Admission {
    const retryAfterSeconds = this.log.retryAfterSeconds(key, this.clock(), this.limit);
    if (retryAfterSeconds > 0) return { admitted: false, retryAfterSeconds };
    return { admitted: true, attempt: beginAttempt([[this.log, key]], this.clock) };
  }
}
