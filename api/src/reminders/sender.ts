/**
 * The sender: mails what the ledger holds and is due (send_after ≤ now), exactly once across
 * any number of instances, several mails at once, with retries.
 *
 * Work is handed out per person: `concurrency` workers (one per pooled SMTP connection) each
 * take a person and send their mails one after another (their digest, then their immediate
 * notices in the order they fell due), so one person's mails keep their order while
 * different people are served at once.
 *
 * Claim, a batch of up to 50 people a step ahead of the workers: two conditional UPDATEs (the
 * digests; each person's next few immediate notices) move rows from `pending` (or `sending`
 * with a lease that ran out: a crashed instance's) to `sending` with this claim's lease owner
 * and lease_until, returning them. The WHERE clause is re-checked on the latest row version
 * by both databases (SQLite runs writers one at a time; PostgreSQL re-evaluates a row another
 * transaction changed), so only one claim wins a row; and no claim takes a person another
 * claim is still sending to (their order, across instances). Leases are written and compared
 * in the database's clock (db/database-clock.ts): an instance whose clock runs ahead cannot
 * take a live claim. "Due" is the scheduler's clock (REMINDER_TIME is business time). The
 * batch is then checked in three reads: the people (still active?), their opt-outs, and the
 * items (still-holds.ts: a certificate renewed since the reminder was recorded is not
 * mailed); what no longer holds is `skipped`.
 *
 * Then, mail by mail: deliver, and settle (only while this claim still owns the rows):
 * `sent`; a 5xx `failed` at once; a 4xx back to `pending` with an exponential backoff,
 * `failed` after MAX_ATTEMPTS; a dropped connection sends the mail again at once on another
 * connection, and only if that fails too counts as a failed attempt and ends the run's
 * claiming (the server is not there). A mail that fails holds the person's later mails back
 * until its retry, so they do not overtake it.
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
import { optOutsOf } from '../db/repositories/email-opt-outs';
import type { Clock } from '../lib/clock';
import type { Database, Db, NotificationKind, NotificationRow } from '../db/tables';
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
export const DEFAULT_PEOPLE_PER_RUN = 5_000;
/** People claimed together (a batch ahead of the workers). */
const PEOPLE_PER_CLAIM = 50;
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
  /** People served per run at most (default 5,000); the next run goes on. */
  peoplePerRun?: number;
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
  'delivery',
  'send_after',
  'created_at',
  'attempts',
] as const;
/**
 * Only the reminders' kinds are ever claimed: the other notices (a webhook disabled) are
 * written with their email `skipped`, since they are mailed at once (webhooks/disabled.ts).
 */
type ClaimedRow = Omit<
  Pick<NotificationRow, (typeof CLAIMED_COLUMNS)[number]>,
  'kind' | 'item_type'
> & {
  kind: NotificationKind;
  item_type: 'task' | 'certificate';
};

interface Claim {
  owner: string;
  /** performance.now() at the claim: a claim half-way through its lease claims anew. */
  at: number;
}

/** One person's claimed mails, checked and ready: their digest, then their notices in order. */
interface PersonJob {
  id: string;
  claim: Claim;
  recipient: Recipient;
  mails: ClaimedRow[][];
  /** They had as many immediate notices due as one claim takes: more may be waiting. */
  mayHaveMore: boolean;
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
  /** `sent` marks being written: a worker goes on to its next mail meanwhile. */
  settling: Set<Promise<void>>;
  /** The first `sent` mark that failed: the run ends with it once every mail has settled. */
  settleError: unknown;
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
    settling: new Set(),
    settleError: undefined,
  };
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const queue = jobQueue(run, Math.max(PEOPLE_PER_CLAIM, concurrency));
  const worker = async () => {
    for (let job = await queue.next(); job; job = await queue.next()) {
      const done = await deliverJob(run, job);
      if (done && job.mayHaveMore) queue.again(job.id);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  // Stopped (or the server unreachable) with people claimed but not started: give them back.
  for (const job of await queue.leftOver()) await release(run, job.claim, job.mails.flat());
  await Promise.all(run.settling);
  // Rows whose mark failed stay `sending` until their lease runs out, then go again (the
  // at-least-once edge, docs/reminders.md).
  if (run.settleError) throw run.settleError;
  return run.result;
}

/**
 * The people to mail, claimed a batch at a time, a batch ahead of the workers: read who has
 * something due, claim their rows, check them, and queue one job per person. Each person is
 * served once per run (again if they had more immediate notices than one claim takes), until
 * a read brings nobody new or the run's share is served.
 */
function jobQueue(run: Run, batchSize: number) {
  const seen = new Set<string>();
  const jobs: PersonJob[] = [];
  let served = 0;
  const peoplePerRun = run.options.peoplePerRun ?? DEFAULT_PEOPLE_PER_RUN;
  let exhausted = false;
  let filling: Promise<void> | undefined;
  const lowWater = Math.ceil(batchSize / 5);
  const startFilling = () =>
    (filling ??= fill().finally(() => {
      filling = undefined;
    }));

  const fill = async () => {
    // Two range reads of their own indexes ((email_status, send_after), (email_status,
    // lease_until)) that stop after a few hundred rows, deduplicated here: a DISTINCT over the
    // OR read every due row of the ledger at each batch (10,000 due: 200 batches of 15,000).
    const nowIso = run.clock().toISOString();
    const read = (where: (eb: Eb) => ReturnType<Eb['and']>) =>
      run.db
        .selectFrom('notifications')
        .select(['organization_id', 'recipient_user_id'])
        .where(where)
        .limit(batchSize * 4)
        .execute();
    const [due, abandoned] = await Promise.all([
      read((eb) => eb.and([eb('email_status', '=', 'pending'), eb('send_after', '<=', nowIso)])),
      read((eb) =>
        eb.and([eb('email_status', '=', 'sending'), eb('lease_until', '<=', databaseNow(run.db))]),
      ),
    ]);
    const rows = [...abandoned, ...due];
    const people = new Map<string, { organizationId: string; userId: string }>();
    for (const row of rows) {
      const id = `${row.organization_id}:${row.recipient_user_id}`;
      if (seen.has(id) || people.size >= batchSize) continue;
      seen.add(id);
      people.set(id, { organizationId: row.organization_id, userId: row.recipient_user_id });
    }
    if (people.size === 0) {
      exhausted = true;
      return;
    }
    jobs.push(...(await claimAndCheck(run, [...people.values()])));
  };

  return {
    async next(): Promise<PersonJob | undefined> {
      for (;;) {
        if (stopping(run) || served >= peoplePerRun) return undefined;
        const job = jobs.shift();
        // The next batch is claimed while the workers still have this one's last people.
        // (A failure here is met again by the fill a worker waits for, below.)
        if (jobs.length < lowWater && !exhausted) startFilling().catch(() => undefined);
        if (job) {
          served += 1;
          return job;
        }
        if (exhausted) return undefined;
        await startFilling();
      }
    },
    /** Lets a later read bring this person again. */
    again(id: string) {
      seen.delete(id);
      exhausted = false;
    },
    /** What was claimed and not handed out, a batch being claimed at the end included. */
    async leftOver(): Promise<PersonJob[]> {
      await filling?.catch(() => undefined);
      return jobs.splice(0);
    },
  };
}

const personId = (row: { organization_id: string; recipient_user_id: string }) =>
  `${row.organization_id}:${row.recipient_user_id}`;

/**
 * Claims the due rows of `people` in two statements (their whole digests; their next few
 * immediate notices each, in order), skips what no longer holds or no longer reaches them,
 * and returns one job per person with something left to send. Nothing is claimed for a person
 * another claim is still sending to.
 */
async function claimAndCheck(
  run: Run,
  people: { organizationId: string; userId: string }[],
): Promise<PersonJob[]> {
  const { db } = run;
  const claim: Claim = { owner: claimOwner(), at: 0 };
  const nowIso = run.clock().toISOString();
  const organizations = [...new Set(people.map((person) => person.organizationId))];
  const users = people.map((person) => person.userId);
  const theirs = (delivery: 'digest' | 'immediate') => (eb: Eb) =>
    eb.and([
      eb('organization_id', 'in', organizations),
      eb('recipient_user_id', 'in', users),
      eb('delivery', '=', delivery),
      claimable(db, nowIso)(eb),
    ]);
  const claimWhere = async (rows: (eb: Eb) => ReturnType<Eb['and']>) =>
    (await db
      .updateTable('notifications')
      .set({
        email_status: 'sending',
        lease_owner: claim.owner,
        lease_until: databaseNow(db, run.leaseMs),
      })
      .where(rows)
      // On the row itself too, not only inside a subquery: PostgreSQL re-checks the outer
      // WHERE on a row another claim changed meanwhile, not the subquery's answer.
      .where(claimable(db, nowIso))
      .where(({ not, exists, selectFrom, ref }) =>
        not(
          exists(
            selectFrom('notifications as held')
              .select('held.id')
              .whereRef('held.organization_id', '=', ref('notifications.organization_id'))
              .whereRef('held.recipient_user_id', '=', ref('notifications.recipient_user_id'))
              .where('held.email_status', '=', 'sending')
              .where('held.lease_until', '>', databaseNow(db)),
          ),
        ),
      )
      .returning(CLAIMED_COLUMNS)
      .execute()) as ClaimedRow[];
  const digests = await claimWhere(theirs('digest'));
  const immediate = await claimWhere((eb) =>
    eb(
      'id',
      'in',
      eb
        .selectFrom((inner) =>
          inner
            .selectFrom('notifications')
            .select((row) => [
              'id',
              row.fn
                .agg<number>('row_number')
                .over((over) =>
                  over
                    .partitionBy(['organization_id', 'recipient_user_id'])
                    .orderBy('send_after')
                    .orderBy('created_at')
                    .orderBy('key'),
                )
                .as('place'),
            ])
            .where(theirs('immediate'))
            .as('due'),
        )
        .select('due.id')
        .where('due.place', '<=', IMMEDIATE_PER_CLAIM),
    ),
  );
  claim.at = performance.now();
  const claimed = [...digests, ...immediate];
  if (claimed.length === 0) return [];

  const claimedUsers = [...new Set(claimed.map((row) => row.recipient_user_id))];
  const [recipients, optOuts, checked] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'organization_id', 'email', 'full_name', 'status'])
      .where('organization_id', 'in', organizations)
      .where('id', 'in', claimedUsers)
      .execute(),
    optOutsOf(db, { userIds: claimedUsers, organizationIds: organizations }),
    checkStillHolds(db, claimed),
  ]);
  const recipientOf = new Map(
    recipients.map((user) => [
      personId({ organization_id: user.organization_id, recipient_user_id: user.id }),
      user,
    ]),
  );
  const turnedOff = new Set(
    optOuts.map((row) => `${row.organization_id}:${row.user_id}:${row.kind}`),
  );
  // Someone deactivated, or who turned this kind off, since the notice was recorded; or a
  // notice that no longer holds.
  const reaches = (row: ClaimedRow) =>
    recipientOf.get(personId(row))?.status === 'active' &&
    !turnedOff.has(`${personId(row)}:${row.kind}`);
  const skipped = [...checked.stale, ...checked.holding.filter((row) => !reaches(row))];
  if (skipped.length > 0) {
    await settle(
      db,
      claim,
      skipped.map((row) => row.id),
    )
      .set({ email_status: 'skipped', lease_owner: null, lease_until: null })
      .execute();
    run.result.noticesSkipped += skipped.length;
  }

  const byPerson = new Map<string, ClaimedRow[]>();
  for (const row of checked.holding.filter(reaches)) {
    byPerson.set(personId(row), [...(byPerson.get(personId(row)) ?? []), row]);
  }
  const immediateCount = new Map<string, number>();
  for (const row of immediate) {
    immediateCount.set(personId(row), (immediateCount.get(personId(row)) ?? 0) + 1);
  }
  return [...byPerson].map(([id, rows]) => {
    const digest = rows.filter((row) => row.delivery === 'digest');
    const notices = rows.filter((row) => row.delivery === 'immediate').sort(inOrder);
    return {
      id,
      claim,
      recipient: recipientOf.get(id)!,
      mails: [...(digest.length > 0 ? [digest] : []), ...notices.map((row) => [row])],
      mayHaveMore: (immediateCount.get(id) ?? 0) >= IMMEDIATE_PER_CLAIM,
    };
  });
}

/** The order a person's notices fell due in. */
function inOrder(a: ClaimedRow, b: ClaimedRow): number {
  return (
    a.send_after.localeCompare(b.send_after) ||
    a.created_at.localeCompare(b.created_at) ||
    a.key.localeCompare(b.key)
  );
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
 * Sends a person's mails one after another. True when every mail was settled as sent or
 * failed for good; false when the rest waits (a retry, a stop, half the lease gone).
 */
async function deliverJob(run: Run, job: PersonJob): Promise<boolean> {
  const { db, result } = run;
  const { claim, mails } = job;
  for (const [index, mail] of mails.entries()) {
    const later = mails.slice(index + 1).flat();
    // Stopping, or half the lease gone (a throttled relay): give the rest back.
    if (stopping(run) || performance.now() - claim.at > run.leaseMs / 2) {
      await release(run, claim, [...mail, ...later]);
      return false;
    }
    const outcome = await sendOne(run, job.recipient, mail);
    if (outcome === 'sent') {
      // Written while the next mail goes out: these rows are this mail's alone, and the
      // run waits for every mark before it ends.
      const marked = settle(
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
        .execute()
        .then(
          () => {
            result.mailsSent += 1;
            result.noticesSent += mail.length;
          },
          (error: unknown) => {
            run.settleError ??= error;
          },
        )
        .finally(() => run.settling.delete(marked));
      run.settling.add(marked);
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
