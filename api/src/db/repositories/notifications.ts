/**
 * The in-app side of the notification ledger (migration 005): a person's own notices, their
 * unread count, marking them read, and the kinds of email they turned off. Every query names
 * the organisation and the recipient, so no path can read or change someone else's notice.
 * (The reminders engine writes the notices; `insertNotification` is for seeding and tests.)
 */
import { NOTIFICATION_KINDS, type NotificationKind } from '@duly/shared/contract';
import { totalOf, type Page } from '../list';
import type { Db, NewNotification } from '../tables';

export interface Recipient {
  organizationId: string;
  userId: string;
}

/** What the API shows of a notice (the outbox columns stay inside). */
const VISIBLE_COLUMNS = [
  'id',
  'kind',
  'item_type',
  'item_id',
  'item_title',
  'item_date',
  'created_at',
  'read_at',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type VisibleNotice = { item_type: string; item_id: string };

/**
 * Each notice with its item's date now (`item_current_date`: the task's due instant, the
 * certificate's expiry date; null for a webhook or an item that is gone), read from the
 * caller's organisation only: the bell says "renewed since" instead of showing a notice's old
 * date as current (issue 33). Two indexed lookups by id for the whole page.
 */
async function withCurrentDates<N extends VisibleNotice>(
  db: Db,
  organizationId: string,
  notices: N[],
): Promise<(N & { item_current_date: string | null })[]> {
  // Ids are UUIDs; anything else (an old or test notice) matches nothing, and PostgreSQL's
  // uuid columns would refuse it.
  const idsOf = (type: string) => [
    ...new Set(
      notices
        .filter((notice) => notice.item_type === type && UUID.test(notice.item_id))
        .map((notice) => notice.item_id),
    ),
  ];
  const current = new Map<string, string>();
  const taskIds = idsOf('task');
  if (taskIds.length > 0) {
    const rows = await db
      .selectFrom('tasks')
      .select(['id', 'due_date'])
      .where('organization_id', '=', organizationId)
      .where('id', 'in', taskIds)
      .execute();
    for (const row of rows) current.set(`task:${row.id}`, row.due_date);
  }
  const certificateIds = idsOf('certificate');
  if (certificateIds.length > 0) {
    const rows = await db
      .selectFrom('certificates')
      .select(['id', 'expiry_date'])
      .where('organization_id', '=', organizationId)
      .where('id', 'in', certificateIds)
      .execute();
    for (const row of rows) current.set(`certificate:${row.id}`, row.expiry_date);
  }
  return notices.map((notice) => ({
    ...notice,
    item_current_date: current.get(`${notice.item_type}:${notice.item_id}`) ?? null,
  }));
}

function ownNotices(db: Db, recipient: Recipient) {
  return db
    .selectFrom('notifications')
    .where('organization_id', '=', recipient.organizationId)
    .where('recipient_user_id', '=', recipient.userId);
}

/** The person's notices, newest first (the index on recipient, created_at, id serves it). */
export async function listNotifications(db: Db, recipient: Recipient, page: Page) {
  const items = await ownNotices(db, recipient)
    .select(VISIBLE_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await totalOf(page, items.length, async () => {
    const row = await ownNotices(db, recipient)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  });
  return { items: await withCurrentDates(db, recipient.organizationId, items), total };
}

export async function findNotification(db: Db, recipient: Recipient, id: string) {
  const notice = await ownNotices(db, recipient)
    .select(VISIBLE_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!notice) return undefined;
  const [withDate] = await withCurrentDates(db, recipient.organizationId, [notice]);
  return withDate;
}

/**
 * Unread notices, counted up to `cap`: the bell shows "99+" beyond it, and a person with
 * thousands of unread notices costs no more than one with a hundred (ARCHITECTURE 7b).
 */
export async function countUnread(db: Db, recipient: Recipient, cap: number): Promise<number> {
  const row = await db
    .selectFrom(
      ownNotices(db, recipient).where('read_at', 'is', null).select('id').limit(cap).as('unread'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one notice read (at `now`) or unread. Keeps the first reading time. */
export async function setNotificationRead(
  db: Db,
  recipient: Recipient,
  id: string,
  read: boolean,
  now: string,
): Promise<void> {
  let update = db
    .updateTable('notifications')
    .set({ read_at: read ? now : null })
    .where('organization_id', '=', recipient.organizationId)
    .where('recipient_user_id', '=', recipient.userId)
    .where('id', '=', id);
  if (read) update = update.where('read_at', 'is', null);
  await update.execute();
}

/** Marks every unread notice of the person read; returns how many changed. */
export async function markAllRead(db: Db, recipient: Recipient, now: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('organization_id', '=', recipient.organizationId)
    .where('recipient_user_id', '=', recipient.userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Seeding and tests only: the reminders engine has its own insert-or-ignore. */
export async function insertNotification(db: Db, notification: NewNotification): Promise<void> {
  await db.insertInto('notifications').values(notification).execute();
}

/** Every kind, true unless the person turned that email off. */
export async function emailPreferences(
  db: Db,
  recipient: Recipient,
): Promise<Record<NotificationKind, boolean>> {
  const optedOut = await db
    .selectFrom('email_opt_outs')
    .select('kind')
    .where('organization_id', '=', recipient.organizationId)
    .where('user_id', '=', recipient.userId)
    .execute();
  const off = new Set(optedOut.map((row) => row.kind));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as Record<
    NotificationKind,
    boolean
  >;
}

/**
 * Turns each named kind of email on (deletes its opt-out) or off (adds one, once), in one
 * transaction. Kinds not named keep their setting.
 */
export async function setEmailPreferences(
  db: Db,
  recipient: Recipient,
  changes: Partial<Record<NotificationKind, boolean>>,
  now: string,
): Promise<void> {
  const entries = Object.entries(changes) as [NotificationKind, boolean][];
  const turnOn = entries.filter(([, on]) => on).map(([kind]) => kind);
  const turnOff = entries.filter(([, on]) => !on).map(([kind]) => kind);
  await db.transaction().execute(async (trx) => {
    if (turnOn.length > 0) {
      await trx
        .deleteFrom('email_opt_outs')
        .where('organization_id', '=', recipient.organizationId)
        .where('user_id', '=', recipient.userId)
        .where('kind', 'in', turnOn)
        .execute();
    }
    if (turnOff.length > 0) {
      await trx
        .insertInto('email_opt_outs')
        .values(
          turnOff.map((kind) => ({
            organization_id: recipient.organizationId,
            user_id: recipient.userId,
            kind,
            created_at: now,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['organization_id', 'user_id', 'kind']).doNothing(),
        )
        .execute();
    }
  });
}
