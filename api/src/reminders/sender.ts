/**
 * The sender: mails what the ledger holds and is due (send_after ≤ now), exactly once across
 * any number of instances, with retries.
 *
 * Claim: one conditional UPDATE moves rows from `pending` (or `sending` with a lease that
 * ran out: a crashed instance's) to `sending` with this claim's lease owner and lease_until,
 * returning them. The WHERE clause is re-checked on the latest row version by both databases
 * (SQLite runs writers one at a time; PostgreSQL re-evaluates a row another transaction
 * changed), so only one claim wins a row. A digest claims all of a recipient's due reminders
 * in one statement, so they go out as one mail.
 *
 * Then: deliver, and mark `sent` (only while this claim still owns the rows). A failure
 * records attempts and last_error and moves send_after by an exponential backoff; after
 * MAX_ATTEMPTS the rows are `failed`.
 *
 * The at-least-once edge: a crash after the SMTP server accepted a mail and before `sent` is
 * written leaves the rows `sending`; when the lease runs out another instance sends them
 * again. The Message-ID is derived from the keys, so the copy is recognisable
 * (docs/reminders.md).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Clock } from '../lib/clock';
import type { Database, Db, NotificationRow } from '../db/tables';
import type { Mailer } from '../mail/mailer';
import { reminderMail, type MessageSettings } from './messages';

export const DEFAULT_LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
const CLAIMS_PER_RUN = 200;
const LAST_ERROR_LENGTH = 500;

/** 1, 2, 4, … minutes after the n-th failed attempt, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export interface SenderOptions extends MessageSettings {
  /** How long a claim owns its rows (default 5 minutes); longer than any SMTP exchange. */
  leaseMs?: number;
  maxAttempts?: number;
}

export interface DeliveryResult {
  /** Mails the mailer accepted (a digest counts once). */
  mailsSent: number;
  noticesSent: number;
  /** Notices that failed this time and wait for a retry. */
  noticesRetrying: number;
  /** Notices that failed MAX_ATTEMPTS times. */
  noticesFailed: number;
  /** Notices whose recipient left or turned the kind off since they were recorded. */
  noticesSkipped: number;
}

type Eb = ExpressionBuilder<Database, 'notifications'>;

/** Due and free: pending and due, or claimed by someone whose lease ran out. */
function claimable(nowIso: string) {
  return (eb: Eb) =>
    eb.or([
      eb.and([eb('email_status', '=', 'pending'), eb('send_after', '<=', nowIso)]),
      eb.and([eb('email_status', '=', 'sending'), eb('lease_until', '<=', nowIso)]),
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
  'attempts',
] as const;
type ClaimedRow = Pick<NotificationRow, (typeof CLAIMED_COLUMNS)[number]>;

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
  const result: DeliveryResult = {
    mailsSent: 0,
    noticesSent: 0,
    noticesRetrying: 0,
    noticesFailed: 0,
    noticesSkipped: 0,
  };
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;

  const claim = async (narrow: (eb: Eb) => ReturnType<Eb['and']>): Promise<Claim> => {
    const now = clock();
    const owner = claimOwner();
    const rows = await db
      .updateTable('notifications')
      .set({
        email_status: 'sending',
        lease_owner: owner,
        lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      })
      .where((eb) => eb.and([narrow(eb), claimable(now.toISOString())(eb)]))
      .returning(CLAIMED_COLUMNS)
      .execute();
    return { owner, rows: rows.sort((a, b) => a.key.localeCompare(b.key)) };
  };

  for (let claims = 0; claims < CLAIMS_PER_RUN;) {
    const nowIso = clock().toISOString();
    const [digests, immediate] = await Promise.all([
      db
        .selectFrom('notifications')
        .select(['organization_id', 'recipient_user_id'])
        .distinct()
        .where('delivery', '=', 'digest')
        .where(claimable(nowIso))
        .limit(50)
        .execute(),
      db
        .selectFrom('notifications')
        .select('id')
        .where('delivery', '=', 'immediate')
        .where(claimable(nowIso))
        .orderBy('send_after')
        .limit(50)
        .execute(),
    ]);
    if (digests.length === 0 && immediate.length === 0) break;
    let claimedAny = false;
    for (const recipient of digests) {
      const claimed = await claim((eb) =>
        eb.and([
          eb('organization_id', '=', recipient.organization_id),
          eb('recipient_user_id', '=', recipient.recipient_user_id),
          eb('delivery', '=', 'digest'),
        ]),
      );
      claims += 1;
      if (claimed.rows.length === 0) continue; // another instance won them
      claimedAny = true;
      await deliver(db, mailer, clock, options, claimed, result);
    }
    for (const { id } of immediate) {
      const claimed = await claim((eb) => eb.and([eb('id', '=', id)]));
      claims += 1;
      if (claimed.rows.length === 0) continue;
      claimedAny = true;
      await deliver(db, mailer, clock, options, claimed, result);
    }
    if (!claimedAny) break;
  }
  return result;
}

interface Claim {
  owner: string;
  rows: ClaimedRow[];
}

/** Settles the claimed rows `ids`, only while this claim still owns them. */
function settle(db: Db, claim: Claim, ids: string[]) {
  return db
    .updateTable('notifications')
    .where('id', 'in', ids)
    .where('email_status', '=', 'sending')
    .where('lease_owner', '=', claim.owner);
}

async function deliver(
  db: Db,
  mailer: Mailer,
  clock: Clock,
  options: SenderOptions,
  claim: Claim,
  result: DeliveryResult,
): Promise<void> {
  const { organization_id: organizationId, recipient_user_id: recipientId } = claim.rows[0];
  const [recipient, optOuts] = await Promise.all([
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
  ]);
  // Someone deactivated, or who turned this kind off, since the notice was recorded.
  const turnedOff = new Set(optOuts.map((row) => row.kind));
  const skipped = claim.rows.filter(
    (row) => recipient?.status !== 'active' || turnedOff.has(row.kind),
  );
  const rows = claim.rows.filter((row) => !skipped.includes(row));
  if (skipped.length > 0) {
    await settle(
      db,
      claim,
      skipped.map((row) => row.id),
    )
      .set({ email_status: 'skipped', lease_owner: null, lease_until: null })
      .execute();
    result.noticesSkipped += skipped.length;
  }
  if (rows.length === 0 || !recipient) return;

  const ids = rows.map((row) => row.id);
  try {
    await mailer.send(reminderMail(options, recipient, rows));
  } catch (error) {
    await recordFailure(db, clock, options, claim, rows, error, result);
    return;
  }
  await settle(db, claim, ids)
    .set({
      email_status: 'sent',
      sent_at: clock().toISOString(),
      attempts: sql<number>`attempts + 1`,
      lease_owner: null,
      lease_until: null,
      last_error: null,
    })
    .execute();
  result.mailsSent += 1;
  result.noticesSent += rows.length;
}

async function recordFailure(
  db: Db,
  clock: Clock,
  options: SenderOptions,
  claim: Claim,
  rows: ClaimedRow[],
  error: unknown,
  result: DeliveryResult,
): Promise<void> {
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const message = (error instanceof Error ? error.message : String(error)).slice(
    0,
    LAST_ERROR_LENGTH,
  );
  const now = clock().getTime();
  // Rows of one claim usually share their attempt count; settle each count once.
  const byAttempts = new Map<number, string[]>();
  for (const row of rows) {
    const attempts = Number(row.attempts) + 1;
    byAttempts.set(attempts, [...(byAttempts.get(attempts) ?? []), row.id]);
  }
  for (const [attempts, ids] of byAttempts) {
    const givingUp = attempts >= maxAttempts;
    await settle(db, claim, ids)
      .set({
        email_status: givingUp ? 'failed' : 'pending',
        attempts,
        last_error: message,
        send_after: givingUp ? undefined : new Date(now + retryDelayMs(attempts)).toISOString(),
        lease_owner: null,
        lease_until: null,
      })
      .execute();
    if (givingUp) result.noticesFailed += ids.length;
    else result.noticesRetrying += ids.length;
  }
}
