/**
 * Sign-in limits, in one place (the accounts work extends them). Password checks elsewhere
 * (the current password of a password change, PUT /profile/password) go through the same
 * limiter and gate, so they cannot be used to guess around it.
 *
 * - Per email and client address: after `failuresPerEmail` failures within the window,
 *   further attempts are refused (429) until the oldest failure leaves the window.
 * - Per client address, across emails: `failuresPerAddress` failures within the window, so
 *   one address cannot try one password on many emails.
 * - An attempt counts from the moment it is admitted, not once its password has been
 *   checked (a check takes ~0.9 s at scrypt N=2^17 on the 2-core development machine):
 *   parallel guesses cannot all slip in before the first failure is recorded.
 * - At most `hashesAtOnce` password hashes are computed at a time and `hashesWaiting` wait
 *   for a turn (PasswordGate); beyond that an attempt is refused at once instead of queueing,
 *   so a flood of sign-ins from many addresses cannot make every sign-in take seconds.
 *
 * Kept in memory, so the limits are per instance: behind a load balancer with N instances
 * an attacker gets at most N × the limit. A shared store (a table in PostgreSQL) can replace
 * this class without touching the route.
 */
export interface SignInLimits {
  windowMs: number;
  failuresPerEmail: number;
  failuresPerAddress: number;
  hashesAtOnce: number;
  hashesWaiting: number;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  windowMs: 60_000,
  failuresPerEmail: 10,
  // A whole office behind one address mistyping its passwords stays well under this.
  failuresPerAddress: 30,
  // scrypt runs on libuv's thread pool (4 threads); two leave room for everything else,
  // and two hashes at N=2^17 hold 256 MiB.
  hashesAtOnce: 2,
  // Room for one email's whole allowance of parallel guesses (2 + 8 = failuresPerEmail), so
  // they are refused by the count, not by the queue. An admitted sign-in waits at most
  // (2 + 8) / 2 = 5 hashes: about 4.5 s at ~0.9 s a hash on the 2-core development machine
  // under a flood, well under a second on a server with idle cores.
  hashesWaiting: 8,
};

/** An admitted sign-in attempt: say how it ended, exactly once. */
export interface Attempt {
  succeeded(): void;
  failed(): void;
  /** Ended without a password check (the server was too busy): counts as nothing. */
  abandoned(): void;
}

export type Admission =
  { admitted: true; attempt: Attempt } | { admitted: false; retryAfterSeconds: number };

/** One limit: failures within the window plus attempts under way, per key. */
class Counter {
  private readonly failures = new Map<string, number[]>();
  private readonly underWay = new Map<string, number>();
  private lastSweep = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until `key` may try again; 0 when it may now. */
  retryAfterSeconds(key: string, now: number): number {
    this.sweep(now);
    const recent = this.recent(key, now);
    if (recent.length + (this.underWay.get(key) ?? 0) < this.max) return 0;
    // Full with attempts still under way: one of them may end well within a second.
    if (recent.length < this.max) return 1;
    return Math.max(1, Math.ceil((recent[recent.length - this.max] + this.windowMs - now) / 1000));
  }

  begin(key: string): void {
    this.underWay.set(key, (this.underWay.get(key) ?? 0) + 1);
  }

  end(key: string, outcome: 'failed' | 'succeeded' | 'abandoned', now: number): void {
    const left = (this.underWay.get(key) ?? 1) - 1;
    if (left > 0) this.underWay.set(key, left);
    else this.underWay.delete(key);
    if (outcome === 'failed') this.failures.set(key, [...this.recent(key, now), now]);
  }

  forget(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - this.windowMs);
  }

  /** Forgets keys whose failures all left the window, at most once a window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, times] of this.failures) {
      if (times.every((at) => at <= now - this.windowMs)) this.failures.delete(key);
    }
  }
}

export class LoginLimiter {
  private readonly perEmail: Counter;
  private readonly perAddress: Counter;

  constructor(
    limits: Pick<
      SignInLimits,
      'windowMs' | 'failuresPerEmail' | 'failuresPerAddress'
    > = SIGN_IN_LIMITS,
    private readonly clock: () => number = Date.now,
  ) {
    this.perEmail = new Counter(limits.failuresPerEmail, limits.windowMs);
    this.perAddress = new Counter(limits.failuresPerAddress, limits.windowMs);
  }

  /** Admits an attempt (counted from now on) or says when to try again. */
  begin(email: string, address: string): Admission {
    const now = this.clock();
    const emailKey = `${email.trim().toLowerCase()}\n${address}`;
    const retryAfterSeconds = Math.max(
      this.perEmail.retryAfterSeconds(emailKey, now),
      this.perAddress.retryAfterSeconds(address, now),
    );
    if (retryAfterSeconds > 0) return { admitted: false, retryAfterSeconds };
    this.perEmail.begin(emailKey);
    this.perAddress.begin(address);
    let ended = false;
    const end = (outcome: 'failed' | 'succeeded' | 'abandoned') => {
      if (ended) return;
      ended = true;
      const at = this.clock();
      this.perEmail.end(emailKey, outcome, at);
      this.perAddress.end(address, outcome, at);
      // A success clears that email's failures, not the address's: one good account must
      // not reset the count of guesses at the others.
      if (outcome === 'succeeded') this.perEmail.forget(emailKey);
    };
    return {
      admitted: true,
      attempt: {
        succeeded: () => end('succeeded'),
        failed: () => end('failed'),
        abandoned: () => end('abandoned'),
      },
    };
  }
}

/**
 * Bounds the password hashes computed at once (sign-in and sign-up alike). `run` returns
 * null, without running the task, when `hashesWaiting` tasks are already waiting.
 */
export class PasswordGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limits: Pick<SignInLimits, 'hashesAtOnce' | 'hashesWaiting'> = SIGN_IN_LIMITS,
  ) {}

  run<T>(task: () => Promise<T>): Promise<T> | null {
    if (
      this.running >= this.limits.hashesAtOnce &&
      this.waiting.length >= this.limits.hashesWaiting
    ) {
      return null;
    }
    return this.turn().then(async () => {
      try {
        return await task();
      } finally {
        this.running -= 1;
        this.waiting.shift()?.();
      }
    });
  }

  private turn(): Promise<void> {
    if (this.running < this.limits.hashesAtOnce) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.waiting.push(() => {
        this.running += 1;
        resolve();
      });
    });
  }
}
