/**
 * Writes notices into the ledger (table `notifications`, migration 005): one row per
 * occurrence and recipient, inserted with insert-or-ignore on UNIQUE (organization_id, key)
 * inside the caller's transaction, so a row exists if and only if the status change (or the
 * cleared reminder) that caused it committed, and never twice.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { optOutsOf } from '../db/repositories/email-opt-outs';
import type { Database, NewNotification, NotificationKind } from '../db/tables';
import { itemTypeOf, noticeKey } from './keys';

export interface Notice {
  organizationId: string;
  kind: NotificationKind;
  itemId: string;
  itemTitle: string;
  /** The due instant or expiry date the notice is about (part of the key). */
  itemDate: string;
  /** Which of the item's reminders, when it has several (part of the key). */
  occurrence?: string;
  delivery: 'digest' | 'immediate';
  /** When the email may go out (ISO UTC). */
  sendAfter: string;
  /** When it is recorded (ISO UTC). */
  now: string;
  recipientIds: readonly string[];
  /** People on leave: the notice shows in their bell, with no email (reminders/recipients.ts). */
  bellOnlyIds?: readonly string[];
}

/** Rows per INSERT: well under both databases' limits on bound parameters. */
const INSERT_CHUNK = 500;

/** The ledger row of one notice to one person. */
function rowOf(
  notice: Notice,
  recipientId: string,
  emailStatus: 'pending' | 'skipped',
): NewNotification {
  return {
    id: randomUUID(),
    organization_id: notice.organizationId,
    recipient_user_id: recipientId,
    key: noticeKey(notice.kind, notice.itemId, notice.itemDate, recipientId, notice.occurrence),
    kind: notice.kind,
    item_type: itemTypeOf(notice.kind),
    item_id: notice.itemId,
    item_title: notice.itemTitle,
    item_date: notice.itemDate,
    delivery: notice.delivery,
    email_status: emailStatus,
    send_after: notice.sendAfter,
    created_at: notice.now,
  };
}

/** Kinds of email people turned off, as `<organisation>:<user>:<kind>`. */
async function optedOutKeys(
  trx: Transaction<Database>,
  notices: readonly Notice[],
): Promise<Set<string>> {
  const recipients = [...new Set(notices.flatMap((notice) => notice.recipientIds))];
  if (recipients.length === 0) return new Set();
  const optOuts = await optOutsOf(trx, {
    userIds: recipients,
    kinds: [...new Set(notices.map((notice) => notice.kind))],
  });
  return new Set(optOuts.map((row) => `${row.organization_id}:${row.user_id}:${row.kind}`));
}

/** Inserts each notice for each of its recipients; returns how many rows were new. */
export async function recordNotices(
  trx: Transaction<Database>,
  notices: readonly Notice[],
): Promise<number> {
  // A kind a person turned off still shows in the bell; only its email is skipped.
  const optedOut = await optedOutKeys(trx, notices);
  const rows = notices.flatMap((notice) => [
    ...notice.recipientIds.map((recipientId) =>
      rowOf(
        notice,
        recipientId,
        optedOut.has(`${notice.organizationId}:${recipientId}:${notice.kind}`)
          ? 'skipped'
          : 'pending',
      ),
    ),
    ...(notice.bellOnlyIds ?? []).map((recipientId) => rowOf(notice, recipientId, 'skipped')),
  ]);
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const result = await trx
      .insertInto('notifications')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .onConflict((conflict) => conflict.columns(['organization_id', 'key']).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}
