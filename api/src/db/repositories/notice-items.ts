/**
 * Tasks and certificates as they are now, in one shape, for the notices that name them
 * (reminders/still-holds.ts: does a notice still hold when its mail goes out?).
 */
import type { Db } from '../tables';

export interface NoticeItemNow {
  organization_id: string;
  id: string;
  /** The task's title or the certificate's name. */
  title: string;
  /** The task's due instant or the certificate's expiry date. */
  date: string;
  status: string;
}

type ReadItems = (
  db: Db,
  organizationIds: readonly string[],
  ids: readonly string[],
) => Promise<NoticeItemNow[]>;

export const noticeItemsNow: Record<'task' | 'certificate', ReadItems> = {
  task: (db, organizationIds, ids) =>
    db
      .selectFrom('tasks')
      .select(['organization_id', 'id', 'title', 'due_date as date', 'status'])
      .where('organization_id', 'in', organizationIds)
      .where('id', 'in', ids)
      .execute(),
  certificate: (db, organizationIds, ids) =>
    db
      .selectFrom('certificates')
      .select(['organization_id', 'id', 'name as title', 'expiry_date as date', 'status'])
      .where('organization_id', 'in', organizationIds)
      .where('id', 'in', ids)
      .execute(),
};
