import { randomUUID } from 'node:crypto';

import type { AppNotification } from '@duly/shared/contract';

import { createDatabase, insertNotification } from '../../api/src/index';

import type { DulyServer } from './duly-server';

export type SeededNotice = Pick<
  AppNotification,
  'kind' | 'item_type' | 'item_id' | 'item_title' | 'item_date'
> & { created_at?: string };

/**
 * Writes notices for one person straight into the server's database, the way the reminders
 * engine writes them (one row per notice, unread), so a test of the bell does not have to wait
 * for a reminder date. Returns their ids.
 */
export async function seedNotices(
  server: DulyServer,
  recipient: { id: string; organization_id: string },
  notices: SeededNotice[],
): Promise<string[]> {
  const db = createDatabase(server.database);
  const ids: string[] = [];
  try {
    for (const notice of notices) {
      const id = randomUUID();
      const now = notice.created_at ?? new Date().toISOString();
      await insertNotification(db, {
        id,
        organization_id: recipient.organization_id,
        recipient_user_id: recipient.id,
        key: `e2e:${notice.item_type}:${notice.item_id}:${notice.kind}:${id}`,
        kind: notice.kind,
        item_type: notice.item_type,
        item_id: notice.item_id,
        item_title: notice.item_title,
        item_date: notice.item_date,
        delivery: 'immediate',
        // Nothing to mail: the e2e server has no SMTP and the bell is what is tested.
        email_status: 'skipped',
        send_after: now,
        read_at: null,
        created_at: now,
      });
      ids.push(id);
    }
  } finally {
    await db.destroy();
  }
  return ids;
}
