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
};

export function itemTypeOf(kind: NotificationKind): 'task' | 'certificate' {
  return kind.startsWith('task_') ? 'task' : 'certificate';
}

export function noticeKey(
  kind: NotificationKind,
  itemId: string,
  itemDate: string,
  recipientId: string,
): string {
  return `${itemTypeOf(kind)}:${itemId}:${KEY_WORDS[kind]}:${itemDate}:${recipientId}`;
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

/** The header every reminder mail carries: the ledger keys it delivers. */
export const NOTIFICATION_KEYS_HEADER = 'X-Duly-Notification-Keys';
