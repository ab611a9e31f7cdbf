/**
 * Limits of the public account routes (forgot password, sign-up), in the style of the
 * sign-in limits (login-limiter.ts); what each protects against: docs/accounts.md ("Limits").
 *
 * - Every request counts from the moment it is admitted, whatever its outcome, so parallel
 *   requests cannot slip in before the first one is recorded: admitting is synchronous, and
 *   Node runs one admission at a time.
 * - Each request names its keys (the client address, the email at that address); it is
 *   admitted only if every key is under its cap within the window.
 * - Mails a stranger can make Duly send are also counted per recipient, across addresses
 *   (`mailsPerRecipient`). Over it the request is answered as usual and the mail is not sent:
 *   the answer must not depend on the email, and the mails already sent hold a working link
 *   (a newer link ends the older ones, so the last one sent is the one that works).
 *
 * In memory with SQLite (one instance); with a shared store (PostgreSQL, or REDIS_URL:
 * limits/store.ts) every instance counts in the same place, admitting under all keys at once.
 */
import type { LimitStore } from '../limits/store';

export interface RequestLimit {
  windowMs: number;
  max: number;
}

const MINUTE = 60_000;

export const ACCOUNT_LIMITS = {
  /** Forgot password, per address: an office behind one address stays well under it. */
  forgotPerAddress: { windowMs: 15 * MINUTE, max: 30 },
  /** Forgot password, per email and address: a few mails, then wait. */
  forgotPerEmail: { windowMs: 15 * MINUTE, max: 3 },
  /** Mails to one address that anyone can trigger (forgot password, sign-up), from anywhere. */
  mailsPerRecipient: { windowMs: 15 * MINUTE, max: 3 },
  /** Accepting an invitation or resetting a password: links that did not work, per address. */
  linkFailuresPerAddress: { windowMs: 15 * MINUTE, max: 30 },
  /** Sign-ups (each a new organisation), per address; `max` is SIGNUP_LIMIT (config.ts). */
  signupPerAddress: { windowMs: 60 * MINUTE, max: 10 },
} satisfies Record<string, RequestLimit>;

export type LimitAnswer = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/** Where a limiter counts when instances share a store: the store and the limit's name. */
export interface SharedCount {
  store: LimitStore;
  name: string;
}

/** One sliding window of requests per key. */
export class RequestLimiter {
  private readonly times = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    readonly limit: RequestLimit,
    private readonly clock: () => number = Date.now,
    readonly shared?: SharedCount,
  ) {}

  /** Seconds until `key` may make another request; 0 when it may now. */
  retryAfterSeconds(key: string, now = this.clock()): number {
    const recent = this.recent(key, now);
    if (recent.length < this.limit.max) return 0;
    const oldestCounted = recent[recent.length - this.limit.max];
    return Math.max(1, Math.ceil((oldestCounted + this.limit.windowMs - now) / 1000));
  }

  count(key: string, now = this.clock()): void {
    this.sweep(now);
    this.times.set(key, [...this.recent(key, now), now]);
  }

  private recent(key: string, now: number): number[] {
    return (this.times.get(key) ?? []).filter((at) => at > now - this.limit.windowMs);
  }

  /** Forgets keys whose requests all left the window, at most once a window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.limit.windowMs) return;
    this.lastSweep = now;
    for (const [key, times] of this.times) {
      if (times.every((at) => at <= now - this.limit.windowMs)) this.times.delete(key);
    }
  }
}

/**
 * Admits a request only if every `[limiter, key]` pair is under its cap, and then counts it
 * in all of them at once (a refused request counts in none). Limiters of one app share one
 * store or none.
 */
export async function admit(checks: [RequestLimiter, string][]): Promise<LimitAnswer> {
  const store = checks[0]?.[0].shared?.store;
  if (store) {
    const answer = await store.admit(
      checks.map(([limiter, key]) => ({
        key: `${limiter.shared?.name}:${key}`,
        ...limiter.limit,
        record: true,
      })),
    );
    return answer.admitted ? { admitted: true } : answer;
  }
  const retryAfterSeconds = Math.max(
    0,
    ...checks.map(([limiter, key]) => limiter.retryAfterSeconds(key)),
  );
  if (retryAfterSeconds > 0) return { admitted: false, retryAfterSeconds };
  for (const [limiter, key] of checks) limiter.count(key);
  return { admitted: true };
}
