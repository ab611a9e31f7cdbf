/**
 * The sender: mails what the ledger holds and is due (send_after ≤ now), exactly once across
 * any number of instances, several mails at once, with retries.
 *
 * Work is handed out per recipient: a worker takes a person with something due and sends
 * their mails one after another (their digest, then their immediate notices in the order
 * they fell due), so one person's mails keep their order; `concurrency` workers (the SMTP
 * pool's connections) serve different people at once.
 *
 * Claim: one conditional UPDATE moves rows from `pending` (or `sending` with a lease that
 * ran out: a crashed instance's) to `sending` with this claim's lease owner and lease_until,
 * returning them. The WHERE clause is re-checked on the latest row version by both databases
 * (SQLite runs writers one at a time; PostgreSQL re-evaluates a row another transaction
 * changed), so only one claim wins a row; and no claim takes a person another claim is still
 * sending to (their order again). Leases are written and compared in the database's clock
 * (db/database-clock.ts): an instance whose clock runs ahead cannot take a live claim.
 * "Due" is the scheduler's clock (REMINDER_TIME is business time).
 *
 * Then, mail by mail: check the notices still hold (still-holds.ts; a certificate renewed
 * since the reminder was recorded is not mailed), deliver, and settle (only while this claim
 * still owns the rows): `sent`; a 5xx `failed` at once; a 4xx back to `pending` with an
 * exponential backoff, `failed` after MAX_ATTEMPTS; a dropped connection sends the mail
 * again at once on another connection, and only if that fails too counts as a failed
 * attempt and ends the run's claiming (the server is not there). A mail that fails holds the
 * person's later mails back until its retry, so they do not overtake it.
 *
 * Stopping (`signal`): nothing more is claimed, the mails in flight finish and are settled,
 * and what was claimed but not yet sent goes back to `pending` as it was.
 *
 * The at-least-once edge: a crash after the SMTP server accepted a mail and before `sent` is
 * written leaves the rows `sending`; when the lease runs out another instance sends them
 * again. The Message-ID is derived from the keys, so the copy is recognisable
 * (docs/reminders.md).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type ExpressionBuilder } from 'kysely';
import { databaseNow } from '../db/database-clock';
import type { Clock } from '../lib/clock';
import type { Database, Db, NotificationRow } from '../db/tables';
import type { Mailer } from '../mail/mailer';
import { classifySendError } from '../mail/send-errors';
import { reminderMail, type MessageSettings, type Recipient } from './messages';
import { checkStillHolds } from './still-holds';

export const DEFAULT_LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 8;
/** Mails in flight at once by default: the SMTP pool's default connections. */
export const DEFAULT_CONCURRENCY = 5;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** People served per run at most, so that a backlog does not keep the sweep from running. */
const RECIPIENTS_PER_RUN = 5_000;
/** People read per query of what is due. */
const RECIPIENTS_PER_READ = 200;
/**
 * Immediate notices (one mail each) claimed together for one person, in the order they fell
 * due (send_after, then when they were recorded).
 */
const IMMEDIATE_PER_CLAIM = 10;
const LAST_ERROR_LENGTH = 500;

/** 1, 2, 4, … minutes after the n-th failed attempt, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export interface SenderOptions extends MessageSettings {
  /** How long a claim owns its rows (default 5 minutes); longer than any SMTP exchange. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Mails in flight at once (default 5: the SMTP pool's connections). */
  concurrency?: number;
  /** Once aborted, nothing more is claimed; the mails in flight finish and are settled. */
  signal?: AbortSignal;
}

export interface DeliveryResult {
  /** Mails the mailer accepted (a digest counts once). */
  mailsSent: number;
  noticesSent: number;
  /** Notices that failed this time and wait for a retry. */
  noticesRetrying: number;
  /** Notices that failed for good: a 5xx, or MAX_ATTEMPTS failures. */
  noticesFailed: number;
  /**
   * Notices not mailed: their recipient left or turned the kind off, or they no longer hold
   * (the certificate was renewed, the task completed) since they were recorded.
   */
  noticesSkipped: number;
}

type Eb = ExpressionBuilder<Database, 'notifications'>;

/** Due and free: pending and due, or claimed by someone whose lease ran out. */
function claimable(db: Db, nowIso: string) {
  return (eb: Eb) =>
    eb.or([
      eb.and([eb('email_status', '=', 'pending'), eb('send_after', '<=', nowIso)]),
      eb.and([eb('email_status', '=', 'sending'), eb('lease_until', '<=', databaseNow(db))]),
    ]);
}

const CLAIMED_COLUMNS = [
  'id',
  'organization_id',
  'recipient_user_id',
  'key',
  'kind',
  'item_type',
  'item_id',
  'item_title',
  'item_date',
  'send_after',
  'created_at',
  'attempts',
] as const;
type ClaimedRow = Pick<NotificationRow, (typeof CLAIMED_COLUMNS)[number]>;

interface Person {
  organizationId: string;
  userId: string;
  digest: boolean;
  immediate: boolean;
}

interface Claim {
  owner: string;
  rows: ClaimedRow[];
  /** performance.now() at the claim: a claim half-way through its lease claims anew. */
  at: number;
}

/** What one run shares between its workers. */
interface Run {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  options: SenderOptions;
  leaseMs: number;
  result: DeliveryResult;
  /** Set when the SMTP server cannot be reached: the run claims nothing more. */
  unreachable: boolean;
}

const stopping = (run: Run) => run.unreachable || run.options.signal?.aborted === true;

/** The lease owner of one claim: which instance (for people reading the table), and unique. */
function claimOwner(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID()}`;
}

export async function deliverDueNotifications(
  db: Db,
  mailer: Mailer,
  clock: Clock,
  options: SenderOptions,
): Promise<DeliveryResult> {
  const run: Run = {
    db,
    mailer,
    clock,
    options,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    result: {
      mailsSent: 0,
      noticesSent: 0,
      noticesRetrying: 0,
      noticesFailed: 0,
      noticesSkipped: 0,
    },
    unreachable: false,
  };
  const next = duePeople(run);
  const worker = async () => {
    for (let person = await next(); person && !stopping(run); person = await next()) {
      await deliverTo(run, person);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY) }, worker),
  );
  return run.result;
}

/**
 * Hands out the people with something due, each once per run: read a page of them, and read
 * again when it is used up, until a read brings nobody new (or the run's share is served).
 */
function duePeople(run: Run): () => Promise<Person | undefined> {
  const seen = new Set<string>();
  const queue: Person[] = [];
  let served = 0;
  let exhausted = false;
  let reading: Promise<void> | undefined;

  const read = async () => {
    const rows = await run.db
      .selectFrom('notifications')
      .select(['organization_id', 'recipient_user_id', 'delivery'])
      .distinct()
      .where(claimable(run.db, run.clock().toISOString()))
      .limit(RECIPIENTS_PER_READ * 2)
      .execute();
    const fresh = new Map<string, Person>();
    for (const row of rows) {
      const id = `${row.organization_id}:${row.recipient_user_id}`;
      if (seen.has(id)) continue;
      const person = fresh.get(id) ?? {
        organizationId: row.organization_id,
        userId: row.recipient_user_id,
        digest: false,
        immediate: false,
      };
      person[row.delivery] = true;
      fresh.set(id, person);
    }
    for (const [id, person] of fresh) {
      seen.add(id);
      queue.push(person);
    }
    if (fresh.size === 0) exhausted = true;
  };

  return async () => {
    while (queue.length === 0 && !exhausted && !stopping(run)) {
      reading ??= read().finally(() => {
        reading = undefined;
      });
      await reading;
    }
    if (served >= RECIPIENTS_PER_RUN) return undefined;
    served += 1;
    return queue.shift();
  };
}

/** A person's due mails, in order: their digest, then their immediate notices. */
async function deliverTo(run: Run, person: Person): Promise<void> {
  if (person.digest && !stopping(run)) {
    const claim = await claimFor(run, person, 'digest');
    if (claim.rows.length > 0) {
      const sent = await deliverClaim(run, claim, (rows) => [rows]);
      if (!sent) return;
    }
  }
  while (person.immediate && !stopping(run)) {
    const claim = await claimFor(run, person, 'immediate');
    if (claim.rows.length === 0) return;
    const sent = await deliverClaim(run, claim, (rows) => rows.map((row) => [row]));
    if (!sent) return;
  }
}

/**
 * Claims a person's due digest rows (all of them: one mail), or their next few immediate
 * notices in the order they fell due; nothing while another claim is still sending to them.
 */
async function claimFor(
  run: Run,
  person: Person,
  delivery: 'digest' | 'immediate',
): Promise<Claim> {
  const { db } = run;
  const owner = claimOwner();
  const nowIso = run.clock().toISOString();
  const theirs = (eb: Eb) =>
    eb.and([
      eb('organization_id', '=', person.organizationId),
      eb('recipient_user_id', '=', person.userId),
      eb('delivery', '=', delivery),
      claimable(db, nowIso)(eb),
    ]);
  const rows = await db
    .updateTable('notifications')
    .set({
      email_status: 'sending',
      lease_owner: owner,
      lease_until: databaseNow(db, run.leaseMs),
    })
    .where((eb) =>
      delivery === 'digest'
        ? theirs(eb)
        : eb(
            'id',
            'in',
            eb
              .selectFrom('notifications')
              .select('id')
              .where(theirs)
              .orderBy('send_after')
              .orderBy('created_at')
              .orderBy('key')
              .limit(IMMEDIATE_PER_CLAIM),
          ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notifications as held')
            .select('held.id')
            .where('held.organization_id', '=', person.organizationId)
            .where('held.recipient_user_id', '=', person.userId)
            .where('held.email_status', '=', 'sending')
            .where('held.lease_until', '>', databaseNow(db)),
        ),
      ),
    )
    .returning(CLAIMED_COLUMNS)
    .execute();
  rows.sort(
    (a, b) =>
      a.send_after.localeCompare(b.send_after) ||
      a.created_at.localeCompare(b.created_at) ||
      a.key.localeCompare(b.key),
  );
  return { owner, rows, at: performance.now() };
}

/** Settles the claimed rows `ids`, only while this claim still owns them. */
function settle(db: Db, claim: Claim, ids: string[]) {
  return db
    .updateTable('notifications')
    .where('id', 'in', ids)
    .where('email_status', '=', 'sending')
    .where('lease_owner', '=', claim.owner);
}

/** Back to `pending` as they were (no attempt counted), not before `sendAfter` if given. */
async function release(run: Run, claim: Claim, rows: ClaimedRow[], sendAfter?: string) {
  if (rows.length === 0) return;
  await settle(
    run.db,
    claim,
    rows.map((row) => row.id),
  )
    .set({
      email_status: 'pending',
      lease_owner: null,
      lease_until: null,
      // The later of the two (ISO instants compare as text; CASE is the same on both databases).
      ...(sendAfter
        ? {
            send_after: sql<string>`case when send_after < ${sendAfter} then ${sendAfter} else send_after end`,
          }
        : {}),
    })
    .execute();
}

/**
 * Sends a claim's mails (`mailsOf` groups its rows into mails) one after another. True when
 * every mail was settled as sent, skipped or failed for good; false when the person's
 * remaining mails wait (a retry, a stop).
 */
async function deliverClaim(
  run: Run,
  claim: Claim,
  mailsOf: (rows: ClaimedRow[]) => ClaimedRow[][],
): Promise<boolean> {
  const { db, result } = run;
  const { organization_id: organizationId, recipient_user_id: recipientId } = claim.rows[0];
  const [recipient, optOuts, checked] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'email', 'full_name', 'status'])
      .where('organization_id', '=', organizationId)
      .where('id', '=', recipientId)
      .executeTakeFirst(),
    db
      .selectFrom('email_opt_outs')
      .select('kind')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', recipientId)
      .execute(),
    checkStillHolds(db, organizationId, claim.rows),
  ]);
  // Someone deactivated, or who turned this kind off, since the notice was recorded; or a
  // notice that no longer holds.
  const turnedOff = new Set(optOuts.map((row) => row.kind));
  const skipped = [
    ...checked.stale,
    ...checked.holding.filter((row) => recipient?.status !== 'active' || turnedOff.has(row.kind)),
  ];
  const skippedIds = new Set(skipped.map((row) => row.id));
  if (skipped.length > 0) {
    await settle(db, claim, [...skippedIds])
      .set({ email_status: 'skipped', lease_owner: null, lease_until: null })
      .execute();
    result.noticesSkipped += skipped.length;
  }
  const rows = checked.holding.filter((row) => !skippedIds.has(row.id));
  if (rows.length === 0 || !recipient) return true;

  const mails = mailsOf(rows);
  for (const [index, mail] of mails.entries()) {
    const later = mails.slice(index + 1).flat();
    // Stopping, or half the lease gone (a throttled relay): give the rest back.
    if (stopping(run) || performance.now() - claim.at > run.leaseMs / 2) {
      await release(run, claim, [...mail, ...later]);
      return false;
    }
    const outcome = await sendOne(run, recipient, mail);
    if (outcome === 'sent') {
      await settle(
        db,
        claim,
        mail.map((row) => row.id),
      )
        .set({
          email_status: 'sent',
          sent_at: run.clock().toISOString(),
          attempts: sql<number>`attempts + 1`,
          lease_owner: null,
          lease_until: null,
          last_error: null,
        })
        .execute();
      result.mailsSent += 1;
      result.noticesSent += mail.length;
      continue;
    }
    const retryAt = await recordFailure(run, claim, mail, outcome);
    if (retryAt) {
      // Later mails of this person do not overtake the one that waits for its retry.
      await release(run, claim, later, retryAt);
      return false;
    }
  }
  return true;
}

interface Failed {
  error: unknown;
  permanent: boolean;
}

/** Sends one mail; a dropped connection is given one more go on another connection. */
async function sendOne(
  run: Run,
  recipient: Recipient,
  rows: ClaimedRow[],
): Promise<'sent' | Failed> {
  const message = reminderMail(run.options, recipient, rows);
  for (let tries = 1; ; tries += 1) {
    try {
      await run.mailer.send(message);
      return 'sent';
    } catch (error) {
      const kind = classifySendError(error);
      if (kind === 'connection' && tries === 1) continue;
      if (kind === 'connection') run.unreachable = true;
      return { error, permanent: kind === 'permanent' };
    }
  }
}

/** Records a failed attempt; returns when the mail is retried (undefined: failed for good). */
async function recordFailure(
  run: Run,
  claim: Claim,
  rows: ClaimedRow[],
  failed: Failed,
): Promise<string | undefined> {
  const { error, permanent } = failed;
  const maxAttempts = run.options.maxAttempts ?? MAX_ATTEMPTS;
  const message = (error instanceof Error ? error.message : String(error)).slice(
    0,
    LAST_ERROR_LENGTH,
  );
  const now = run.clock().getTime();
  let retryAt: string | undefined;
  // Rows of one mail usually share their attempt count; settle each count once.
  const byAttempts = new Map<number, string[]>();
  for (const row of rows) {
    const attempts = Number(row.attempts) + 1;
    byAttempts.set(attempts, [...(byAttempts.get(attempts) ?? []), row.id]);
  }
  for (const [attempts, ids] of byAttempts) {
    const givingUp = permanent || attempts >= maxAttempts;
    const sendAfter = new Date(now + retryDelayMs(attempts)).toISOString();
    await settle(run.db, claim, ids)
      .set({
        email_status: givingUp ? 'failed' : 'pending',
        attempts,
        last_error: message,
        send_after: givingUp ? undefined : sendAfter,
        lease_owner: null,
        lease_until: null,
      })
      .execute();
    if (givingUp) run.result.noticesFailed += ids.length;
    else {
      run.result.noticesRetrying += ids.length;
      if (!retryAt || sendAfter > retryAt) retryAt = sendAfter;
    }
  }
  return retryAt;
}
