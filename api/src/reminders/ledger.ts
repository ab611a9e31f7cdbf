/**
 * Writes notices into the ledger (table `notifications`, migration 005): one row per
 * occurrence and recipient, inserted with insert-or-ignore on UNIQUE (organization_id, key)
 * inside the caller's transaction, so the row exists if and only if the status change (or
 * the cleared reminder) that caused it committed, and never twice.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database, NewNotification, NotificationKind } from '../db/tables';
import { itemTypeOf, noticeKey } from './keys';

export interface Notice {
  organizationId: string;
  kind: NotificationKind;
  itemId: string;
  itemTitle: string;
  /** The due instant or expiry date the notice is about (part of the key). */
  itemDate: string;
  delivery: 'digest' | 'immediate';
  /** When the email may go out (ISO UTC). */
  sendAfter: string;
  /** When it is recorded (ISO UTC). */
  now: string;
}

/** Inserts the notice for each recipient; returns how many rows were new. */
export async function recordNotice(
  trx: Transaction<Database>,
  notice: Notice,
  recipientIds: readonly string[],
): Promise<number> {
  if (recipientIds.length === 0) return 0;
  // A kind a person turned off still shows in the bell; only its email is skipped.
  const optedOut = new Set(
    (
      await trx
        .selectFrom('email_opt_outs')
        .select('user_id')
        .where('organization_id', '=', notice.organizationId)
        .where('kind', '=', notice.kind)
        .where('user_id', 'in', recipientIds)
        .execute()
    ).map((row) => row.user_id),
  );
  const rows: NewNotification[] = recipientIds.map((recipientId) => ({
    id: randomUUID(),
    organization_id: notice.organizationId,
    recipient_user_id: recipientId,
    key: noticeKey(notice.kind, notice.itemId, notice.itemDate, recipientId),
    kind: notice.kind,
    item_type: itemTypeOf(notice.kind),
    item_id: notice.itemId,
    item_title: notice.itemTitle,
    item_date: notice.itemDate,
    delivery: notice.delivery,
    email_status: optedOut.has(recipientId) ? 'skipped' : 'pending',
    send_after: notice.sendAfter,
    created_at: notice.now,
  }));
  const result = await trx
    .insertInto('notifications')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['organization_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}
