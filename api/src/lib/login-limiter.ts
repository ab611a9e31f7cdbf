/**
 * Sign-in limits, in one place. Password checks elsewhere (the current password of a
 * password change, PUT /profile/password) go through the same limiter and gate, so they
 * cannot be used to guess around it. What each limit protects against: docs/accounts.md
 * ("Limits"). The address is the client's (TRUST_PROXY behind a proxy; an IPv6 client
 * counts by its /64, lib/client-address.ts).
 *
 * - Per account and address: `perAccountAndAddress` failures, then that address waits
 *   before trying that account again. One client guessing one password.
 * - Per address, across accounts: `perAddress` failures (one password tried on many
 *   accounts). High enough for an office behind one NAT address.
 * - Per account, across addresses: once an account has had `perAccount` failures, it is
 *   being guessed at from several addresses; from then on an address may try it only while
 *   it has fewer than `perAddressAtTargetedAccount` failures at it. An address that has not
 *   been guessing (the owner's) is always checked, so the owner still gets in; each
 *   guessing address gets a few tries per window instead of a full allowance a minute.
 * - An attempt counts from the moment it is admitted (attempt-log.ts).
 * - At most `hashesAtOnce` password hashes are computed at a time and `hashesWaiting` wait
 *   for a turn (PasswordGate); beyond that an attempt is refused at once instead of queueing,
 *   so a flood of sign-ins from many addresses cannot make every sign-in take seconds.
 *
 * A refusal says nothing about the account: unknown emails are counted exactly like known ones.
 *
 * With a shared store (several instances: limits/store.ts) the same limits are counted there,
 * with one difference: a failure counts from its admission's time, not from its end (an
 * attempt lasts a hash, under a second against windows of minutes).
 */
import type { LimitStore } from '../limits/store';
import { AttemptLog, beginAttempt, type Admission, type Limit } from './attempt-log';

export type { Admission, Attempt } from './attempt-log';

export interface SignInLimits {
  perAccountAndAddress: Limit;
  perAddress: Limit;
  perAccount: Limit;
  /** Read within `perAccount.windowMs`. */
  perAddressAtTargetedAccount: Pick<Limit, 'max'>;
  hashesAtOnce: number;
  hashesWaiting: number;
}

const MINUTE = 60_000;

export const SIGN_IN_LIMITS: SignInLimits = {
  perAccountAndAddress: { max: 10, windowMs: MINUTE },
  // 100 mistyped passwords in 15 minutes is far beyond what an office of hundreds behind
  // one address makes; spraying one password over accounts gets 100 tries a quarter hour.
  perAddress: { max: 100, windowMs: 15 * MINUTE },
  perAccount: { max: 20, windowMs: 15 * MINUTE },
  // Room for an owner's typos from their own address, while the account is targeted.
  perAddressAtTargetedAccount: { max: 3 },
  // scrypt runs on libuv's thread pool (4 threads); two leave room for everything else,
  // and two hashes at N=2^17 hold 256 MiB.
  hashesAtOnce: 2,
  // Room for one account's whole allowance of parallel guesses (2 + 8 = 10), so they are
  // refused by the count, not by the queue. An admitted sign-in waits at most (2 + 8) / 2 = 5
  // hashes: about 4.5 s at ~0.9 s a hash on the 2-core development machine under a flood,
  // well under a second on a server with idle cores.
  hashesWaiting: 8,
};

export class LoginLimiter {
  /** Failures per account and address (kept as long as the account's window reads them). */
  private readonly pairs: AttemptLog;
  private readonly addresses: AttemptLog;
  private readonly accounts: AttemptLog;

  constructor(
    private readonly limits: Pick<
      SignInLimits,
      'perAccountAndAddress' | 'perAddress' | 'perAccount' | 'perAddressAtTargetedAccount'
    > = SIGN_IN_LIMITS,
    private readonly clock: () => number = Date.now,
    private readonly store?: LimitStore,
  ) {
    this.pairs = new AttemptLog(
      Math.max(limits.perAccountAndAddress.windowMs, limits.perAccount.windowMs),
    );
    this.addresses = new AttemptLog(limits.perAddress.windowMs);
    this.accounts = new AttemptLog(limits.perAccount.windowMs);
  }

  /** Admits an attempt at `email` from `address` (counted from now on) or says when to retry. */
  async begin(email: string, address: string): Promise<Admission> {
    return this.store
      ? this.beginShared(this.store, email, address)
      : this.beginHere(email, address);
  }

  /**
   * The same limits in the shared store, in one call: the pair, the address and the account
   * each record the attempt; the pair's targeted-account limit applies while the account's
   * count (check 2) is full. A success takes its hit back and clears the pair, an abandoned
   * attempt takes its hit back, a failure stays counted.
   */
  private async beginShared(store: LimitStore, email: string, address: string): Promise<Admission> {
    const account = email.trim().toLowerCase();
    const pair = `signin:pair:${account}\n${address}`;
    const keys = [pair, `signin:address:${address}`, `signin:account:${account}`];
    const { perAccountAndAddress, perAddress, perAccount, perAddressAtTargetedAccount } =
      this.limits;
    const answer = await store.admit(
      [
        { key: keys[0], ...perAccountAndAddress, record: true },
        { key: keys[1], ...perAddress, record: true },
        { key: keys[2], ...perAccount, record: true, gateOnly: true },
        {
          key: pair,
          max: perAddressAtTargetedAccount.max,
          windowMs: perAccount.windowMs,
          whenFull: 2,
        },
      ],
      this.clock(),
    );
    if (!answer.admitted) return answer;
    let ended = false;
    const end = async (outcome: 'succeeded' | 'failed' | 'abandoned') => {
      if (ended || outcome === 'failed') {
        ended = true;
        return;
      }
      ended = true;
      await store.release(keys, answer.hit);
      if (outcome === 'succeeded') await store.forget(pair);
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

  private beginHere(email: string, address: string): Admission {
    const now = this.clock();
    const account = email.trim().toLowerCase();
    const pair = `${account}\n${address}`;
    const { perAccountAndAddress, perAddress, perAccount, perAddressAtTargetedAccount } =
      this.limits;
    const waits = [
      this.pairs.retryAfterSeconds(pair, now, perAccountAndAddress),
      this.addresses.retryAfterSeconds(address, now, perAddress),
    ];
    if (this.accounts.count(account, now, perAccount.windowMs) >= perAccount.max) {
      waits.push(
        this.pairs.retryAfterSeconds(pair, now, {
          max: perAddressAtTargetedAccount.max,
          windowMs: perAccount.windowMs,
        }),
      );
    }
    const retryAfterSeconds = Math.max(...waits);
    if (retryAfterSeconds > 0) return { admitted: false, retryAfterSeconds };
    const attempt = beginAttempt(
      [
        [this.pairs, pair],
        [this.addresses, address],
        [this.accounts, account],
      ],
      this.clock,
      (outcome) => {
        // A success clears that account's failures from this address only: one good
        // account must not reset the count of guesses at the others, nor at this one
        // from elsewhere.
        if (outcome === 'succeeded') this.pairs.forget(pair);
      },
    );
    return { admitted: true, attempt };
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
