/**
 * Does a notice still hold when its mail goes out? A reminder is recorded at one moment
 * (say 00:30 IST) and mailed at another (the 09:00 digest, or a retry an hour later); in
 * between the certificate may have been renewed, the task completed, the item deleted.
 * Each notice is checked against its item as it is now, by the item's date (part of the
 * notice's key) and status; the mail says what the item is called now.
 */
import { noticeItemsNow, type NoticeItemNow } from '../db/repositories/notice-items';
import type { Db, NotificationKind } from '../db/tables';
import { isAfterExpiryKey } from './keys';
import type { DeliverableNotice } from './messages';

/** The statuses an item is in while a notice of each kind is true. */
const HOLDS_WHILE: Record<NotificationKind, readonly string[]> = {
  certificate_reminder: ['active', 'renewed'],
  certificate_expired: ['expired', 'escalated'],
  certificate_escalated: ['escalated'],
  task_overdue: ['overdue', 'escalated'],
  task_escalated: ['escalated'],
  // A rejection stays true whatever the certificate's status (issue 26).
  document_rejected: ['active', 'renewed', 'expired', 'escalated'],
};

type ItemNow = Pick<NoticeItemNow, 'title' | 'date' | 'status'>;

/** Ids per statement: well under both databases' limits on bound parameters. */
const READ_CHUNK = 500;

/** A notice as the sender claimed it: of some organisation. */
type OwnedNotice = DeliverableNotice & { organization_id: string };

const itemKey = (organizationId: string, type: string, id: string) =>
  `${organizationId}:${type}:${id}`;

async function itemsNow(db: Db, notices: readonly OwnedNotice[]): Promise<Map<string, ItemNow>> {
  const items = new Map<string, ItemNow>();
  const organizations = [...new Set(notices.map((notice) => notice.organization_id))];
  for (const type of ['task', 'certificate'] as const) {
    const ids = [
      ...new Set(notices.filter((notice) => notice.item_type === type).map((n) => n.item_id)),
    ];
    for (let start = 0; start < ids.length; start += READ_CHUNK) {
      const rows = await noticeItemsNow[type](
        db,
        organizations,
        ids.slice(start, start + READ_CHUNK),
      );
      for (const row of rows) items.set(itemKey(row.organization_id, type, row.id), row);
    }
  }
  return items;
}

/**
 * Splits `notices` into those that still hold, with the item's current title, and those that
 * no longer do. Each item is looked up in its notice's own organisation.
 */
export async function checkStillHolds<T extends OwnedNotice>(
  db: Db,
  notices: readonly T[],
): Promise<{ holding: T[]; stale: T[] }> {
  const items = await itemsNow(db, notices);
  const holding: T[] = [];
  const stale: T[] = [];
  for (const notice of notices) {
    const item = items.get(itemKey(notice.organization_id, notice.item_type, notice.item_id));
    // A reminder after expiry (issue 28) holds while the certificate is still expired.
    const holdsWhile = isAfterExpiryKey(notice.key)
      ? HOLDS_WHILE.certificate_expired
      : HOLDS_WHILE[notice.kind];
    if (item && item.date === notice.item_date && holdsWhile.includes(item.status)) {
      holding.push({ ...notice, item_title: item.title });
    } else {
      stale.push(notice);
    }
  }
  return { holding, stale };
}
