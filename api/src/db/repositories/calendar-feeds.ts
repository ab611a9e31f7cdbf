/**
 * Calendar subscriptions (migration 801, docs/integrations.md) and what a feed shows. The
 * database only sees the SHA-256 of a feed's secret.
 */
import type { CalendarScope, Db } from '../tables';

export async function findCalendarFeedOf(db: Db, organizationId: string, userId: string) {
  return db
    .selectFrom('calendar_feeds')
    .select(['scope', 'created_at', 'secret_hash', 'secret_nonce'])
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new secret for the person: the row is replaced, so the old URL stops at once. */
export async function replaceCalendarFeed(
  db: Db,
  feed: {
    organizationId: string;
    userId: string;
    secretHash: string;
    secretNonce: string;
    scope: CalendarScope;
    now: string;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('calendar_feeds')
      .where('organization_id', '=', feed.organizationId)
      .where('user_id', '=', feed.userId)
      .execute();
    await trx
      .insertInto('calendar_feeds')
      .values({
        organization_id: feed.organizationId,
        user_id: feed.userId,
        secret_hash: feed.secretHash,
        secret_nonce: feed.secretNonce,
        scope: feed.scope,
        created_at: feed.now,
      })
      .execute();
  });
}

/** The feed with this secret's hash and its person, unless the person is deactivated. */
export async function findCalendarFeed(db: Db, secretHash: string) {
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'f.user_id').onRef('u.organization_id', '=', 'f.organization_id'),
    )
    .innerJoin('organizations as o', 'o.id', 'f.organization_id')
    .select([
      'f.organization_id',
      'f.user_id',
      'f.scope',
      'u.role',
      'u.full_name',
      'o.name as organization_name',
    ])
    .where('f.secret_hash', '=', secretHash)
    .where('u.status', '!=', 'inactive')
    .executeTakeFirst();
}

/** The most items of each kind in a feed: nearest first. */
export const CALENDAR_ITEMS_MAX = 500;

const OPEN_TASK_STATUSES = ['pending', 'in_progress', 'overdue', 'escalated'] as const;

export interface CalendarTask {
  id: string;
  title: string;
  description: string | null;
  due_date: string;
  status: string;
  updated_at: string;
  assignee_name: string | null;
}

export interface CalendarCertificate {
  id: string;
  name: string;
  description: string | null;
  expiry_date: string;
  reminder_days_before: number;
  status: string;
  updated_at: string;
  incharge_name: string | null;
}

/**
 * Open tasks due from `tasksFrom` on (overdue ones of the last weeks included), nearest
 * first; `userId` undefined: the organisation's. Index: (organization_id,
 * assigned_to_user_id, status, due_date, id) or (organization_id, status, due_date, id).
 */
export async function calendarTasks(
  db: Db,
  filter: { organizationId: string; userId?: string; from: string; limit: number },
): Promise<CalendarTask[]> {
  let query = db
    .selectFrom('tasks as t')
    .leftJoin('users as u', (join) =>
      join
        .onRef('u.id', '=', 't.assigned_to_user_id')
        .onRef('u.organization_id', '=', 't.organization_id'),
    )
    .select([
      't.id',
      't.title',
      't.description',
      't.due_date',
      't.status',
      't.updated_at',
      'u.full_name as assignee_name',
    ])
    .where('t.organization_id', '=', filter.organizationId)
    .where('t.status', 'in', [...OPEN_TASK_STATUSES])
    .where('t.due_date', '>=', filter.from);
  if (filter.userId !== undefined) query = query.where('t.assigned_to_user_id', '=', filter.userId);
  return query.orderBy('t.due_date').orderBy('t.id').limit(filter.limit).execute();
}

/**
 * Certificates not yet renewed whose expiry date is `from` or later, nearest first. Index:
 * (organization_id, incharge_person_id, expiry_date, id) or (organization_id, status,
 * expiry_date, id).
 */
export async function calendarCertificates(
  db: Db,
  filter: { organizationId: string; userId?: string; from: string; limit: number },
): Promise<CalendarCertificate[]> {
  let query = db
    .selectFrom('certificates as c')
    .leftJoin('users as u', (join) =>
      join
        .onRef('u.id', '=', 'c.incharge_person_id')
        .onRef('u.organization_id', '=', 'c.organization_id'),
    )
    .select([
      'c.id',
      'c.name',
      'c.description',
      'c.expiry_date',
      'c.reminder_days_before',
      'c.status',
      'c.updated_at',
      'u.full_name as incharge_name',
    ])
    .where('c.organization_id', '=', filter.organizationId)
    .where('c.status', 'in', ['active', 'expired', 'escalated'])
    .where('c.expiry_date', '>=', filter.from);
  if (filter.userId !== undefined) query = query.where('c.incharge_person_id', '=', filter.userId);
  return query.orderBy('c.expiry_date').orderBy('c.id').limit(filter.limit).execute();
}
