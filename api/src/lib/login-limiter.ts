/**
 * Failed sign-ins per (email, client address): after `maxFailures` failures
 * within `windowMs`, further attempts are refused (429) until the oldest
 * failure leaves the window.
 *
 * Kept in memory, so the limit is per instance: behind a load balancer with N
 * instances an attacker gets at most N × maxFailures tries a minute per
 * address. A shared store (a table in PostgreSQL) can replace this class
 * without touching the route.
 */
export interface LoginLimiterOptions {
  maxFailures: number;
  windowMs: number;
}

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly options: LoginLimiterOptions = { maxFailures: 10, windowMs: 60_000 },
    private readonly clock: () => number = Date.now,
  ) {}

  /** Seconds until another attempt is allowed, or 0 when it is allowed now. */
  retryAfterSeconds(email: string, address: string): number {
    const now = this.clock();
    this.sweep(now);
    const recent = this.recent(this.key(email, address), now);
    if (recent.length < this.options.maxFailures) return 0;
    return Math.max(1, Math.ceil((recent[0] + this.options.windowMs - now) / 1000));
  }

  recordFailure(email: string, address: string): void {
    const key = this.key(email, address);
    const recent = this.recent(key, this.clock());
    recent.push(this.clock());
    this.failures.set(key, recent);
  }

  recordSuccess(email: string, address: string): void {
    this.failures.delete(this.key(email, address));
  }

  private key(email: string, address: string): string {
    return `${email.trim().toLowerCase()}\n${address}`;
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - this.options.windowMs);
  }

  /** Forgets keys whose failures all left the window, at most once a window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.options.windowMs) return;
    this.lastSweep = now;
    for (const [key, times] of this.failures) {
      if (times.every((at) => at <= now - this.options.windowMs)) this.failures.delete(key);
    }
  }
}
