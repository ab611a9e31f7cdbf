/**
 * The ledger's keys and the Message-IDs derived from them. A key names one occurrence for
 * one person: the item, the kind of notice, the item's date, the recipient. A new due date,
 * a new expiry date or a renewal therefore makes new keys (the reminder re-arms), while the
 * same occurrence can never get a second row (UNIQUE (organization_id, key)).
 */
import { createHash } from 'node:crypto';
import type { NotificationKind } from '../db/tables';

/** The word each kind takes in a key: `certificate:<id>:reminder:<date>:<user>`. */
const KEY_WORDS: Record<NotificationKind, string> = {
  certificate_reminder: 'reminder',
  certificate_expired: 'expired',
  certificate_escalated: 'escalated',
  task_overdue: 'overdue',
  task_escalated: 'escalated',
  document_approved: 'document-approved',
  document_rejected: 'document-rejected',
};

export function itemTypeOf(kind: NotificationKind): 'task' | 'certificate' {
  return kind.startsWith('task_') ? 'task' : 'certificate';
}

export function noticeKey(
  kind: NotificationKind,
  itemId: string,
  itemDate: string,
  recipientId: string,
  /** Which of an item's reminders (issue 28: `60d`, `after-14d`); none for the only one. */
  occurrence?: string,
): string {
  const date = occurrence === undefined ? itemDate : `${itemDate}:${occurrence}`;
  return `${itemTypeOf(kind)}:${itemId}:${KEY_WORDS[kind]}:${date}:${recipientId}`;
}

/** A reminder about a certificate already expired (remind_after_expiry, reminders/offsets.ts). */
export function isAfterExpiryKey(key: string): boolean {
  return /:reminder:[^:]+:after-\d+d:/.test(key);
}

/**
 * `<sha256 of the keys@duly>`: the same notice (or digest of notices) always gets the same
 * Message-ID, so a receiver can drop the copy a retry after a crash may deliver.
 */
export function messageIdFor(keys: readonly string[]): string {
  const digest = createHash('sha256')
    .update([...keys].sort().join(','))
    .digest('hex');
  return `<${digest}@duly>`;
}

/** The header of a reminder mail that names the ledger keys it delivers (up to the cap below). */
export const NOTIFICATION_KEYS_HEADER = 'X-Duly-Notification-Keys';

/** The header every reminder mail carries: how many notices it delivers. */
export const NOTIFICATION_COUNT_HEADER = 'X-Duly-Notification-Count';

/**
 * At most this many keys in the keys header: about 107 bytes each, so 200 keys make a header
 * of about 21 KB, a fifth of Postfix's default limit for a message's whole header (100 KB,
 * `header_size_limit`), which a digest of thousands of keys (100 KB+) would pass and be
 * refused for, every retry. A larger digest leaves the header out; its Message-ID (the hash
 * of its sorted keys) still names it, and the ledger says which rows it delivered.
 */
export const MAX_KEYS_IN_HEADER = 200;
