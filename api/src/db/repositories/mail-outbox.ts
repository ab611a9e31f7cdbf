/**
 * The SQL of the mail outbox (the `notifications` ledger's email side; reminders/sender.ts
 * sends): which people have mail due, claiming their rows under a lease so that two instances
 * never send one row twice, and settling a claim's rows only while it still owns them.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import { databaseNow } from '../database-clock';
import type { Database, Db, NewNotification, NotificationKind, NotificationRow } from '../tables';

type Eb = ExpressionBuilder<Database, 'notifications'>;

/** Due and free: pending and due, or claimed by someone whose lease ran out. */
function claimable(db: Db, nowIso: string) {
  return (eb: Eb) =>
    eb.or([
      eb.and([eb('email_status', '=', 'pending'), eb('send_after', '<=', nowIso)]),
      eb.and([eb('email_status', '=', 'sending'), eb('lease_until', '<=', databaseNow(db))]),
    ]);
}

export const CLAIMED_COLUMNS = [
  'id',
  'organization_id',
  'recipient_user_id',
  'key',
  'kind',
  'item_type',
  'item_id',
  'item_title',
  'item_date',
  'delivery',
  'send_after',
  'created_at',
  'attempts',
] as const;
/**
 * Only the reminders' kinds are ever claimed: the other notices (a webhook disabled) are
 * written with their email `skipped`, since they are mailed at once (webhooks/disabled.ts).
 */
export type ClaimedRow = Omit<
  Pick<NotificationRow, (typeof CLAIMED_COLUMNS)[number]>,
  'kind' | 'item_type'
> & {
  kind: NotificationKind;
  item_type: 'task' | 'certificate';
};

/** Inserts the ledger rows whose key is new (a notice is recorded once); how many were. */
export async function insertNewNotices(db: Db, rows: readonly NewNotification[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('notifications')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['organization_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/**
 * Recipients with mail due now, or whose claim's lease ran out: two range reads of their own
 * indexes ((email_status, send_after), (email_status, lease_until)) that stop after `limit`
 * rows each; a DISTINCT over the OR read every due row of the ledger at each batch (10,000
 * due: 200 batches of 15,000). Abandoned claims first; repeats are left to the caller.
 */
export async function duePeopleRows(db: Db, nowIso: string, limit: number) {
  const read = (where: (eb: Eb) => ReturnType<Eb['and']>) =>
    db
      .selectFrom('notifications')
      .select(['organization_id', 'recipient_user_id'])
      .where(where)
      .limit(limit)
      .execute();
  const [due, abandoned] = await Promise.all([
    read((eb) => eb.and([eb('email_status', '=', 'pending'), eb('send_after', '<=', nowIso)])),
    read((eb) =>
      eb.and([eb('email_status', '=', 'sending'), eb('lease_until', '<=', databaseNow(db))]),
    ),
  ]);
  return [...abandoned, ...due];
}

/**
 * Claims the claimable rows of one delivery kind for `users` of `organizations` under a lease
 * of `leaseMs` owned by `owner`; with `perPerson`, only each person's first that many in the
 * order they fell due (send_after, then when recorded). Nothing is claimed for a person
 * another claim is still sending to. Returns the rows this statement claimed.
 */
export async function claimNotices(
  db: Db,
  claim: {
    organizations: readonly string[];
    users: readonly string[];
    delivery: 'digest' | 'immediate';
    nowIso: string;
    owner: string;
    leaseMs: number;
    perPerson?: number;
  },
): Promise<ClaimedRow[]> {
  const theirs = (eb: Eb) =>
    eb.and([
      eb('organization_id', 'in', claim.organizations),
      eb('recipient_user_id', 'in', claim.users),
      eb('delivery', '=', claim.delivery),
      claimable(db, claim.nowIso)(eb),
    ]);
  const { perPerson } = claim;
  const rows =
    perPerson === undefined
      ? theirs
      : (eb: Eb) =>
          eb(
            'id',
            'in',
            eb
              .selectFrom((inner) =>
                inner
                  .selectFrom('notifications')
                  .select((row) => [
                    'id',
                    row.fn
                      .agg<number>('row_number')
                      .over((over) =>
                        over
                          .partitionBy(['organization_id', 'recipient_user_id'])
                          .orderBy('send_after')
                          .orderBy('created_at')
                          .orderBy('key'),
                      )
                      .as('place'),
                  ])
                  .where(theirs)
                  .as('due'),
              )
              .select('due.id')
              .where('due.place', '<=', perPerson),
          );
  return (
    (await db
      .updateTable('notifications')
      .set({
        email_status: 'sending',
        lease_owner: claim.owner,
        lease_until: databaseNow(db, claim.leaseMs),
      })
      .where(rows)
      // On the row itself too, not only inside a subquery: PostgreSQL re-checks the outer
      // WHERE on a row another claim changed meanwhile, not the subquery's answer.
      .where(claimable(db, claim.nowIso))
      .where(({ not, exists, selectFrom, ref }) =>
        not(
          exists(
            selectFrom('notifications as held')
              .select('held.id')
              .whereRef('held.organization_id', '=', ref('notifications.organization_id'))
              .whereRef('held.recipient_user_id', '=', ref('notifications.recipient_user_id'))
              .where('held.email_status', '=', 'sending')
              .where('held.lease_until', '>', databaseNow(db)),
          ),
        ),
      )
      .returning(CLAIMED_COLUMNS)
      .execute()) as ClaimedRow[]
  );
}

/** The people the claimed rows go to, as they are now. */
export function recipientsOfClaims(
  db: Db,
  organizations: readonly string[],
  users: readonly string[],
) {
  return db
    .selectFrom('users')
    .select(['id', 'organization_id', 'email', 'full_name', 'status'])
    .where('organization_id', 'in', organizations)
    .where('id', 'in', users)
    .execute();
}

/** An UPDATE of the claimed rows `ids`, only while the claim `owner` still owns them. */
function settleClaimed(db: Db, owner: string, ids: readonly string[]) {
  return db
    .updateTable('notifications')
    .where('id', 'in', ids)
    .where('email_status', '=', 'sending')
    .where('lease_owner', '=', owner);
}

const UNLEASED = { lease_owner: null, lease_until: null } as const;

/** Not mailed: the recipient left or turned the kind off, or the notice no longer holds. */
export async function markSkipped(db: Db, owner: string, ids: readonly string[]) {
  await settleClaimed(db, owner, ids)
    .set({ email_status: 'skipped', ...UNLEASED })
    .execute();
}

/** Mailed at `sentAt`. */
export async function markSent(db: Db, owner: string, ids: readonly string[], sentAt: string) {
  await settleClaimed(db, owner, ids)
    .set({
      email_status: 'sent',
      sent_at: sentAt,
      attempts: sql<number>`attempts + 1`,
      last_error: null,
      ...UNLEASED,
    })
    .execute();
}

/** Back to `pending` as they were (no attempt counted), not before `sendAfter` if given. */
export async function releaseClaimed(
  db: Db,
  owner: string,
  ids: readonly string[],
  sendAfter?: string,
) {
  await settleClaimed(db, owner, ids)
    .set({
      email_status: 'pending',
      ...UNLEASED,
      // The later of the two: ISO instants compare as text; CASE is the same on both databases.
      ...(sendAfter
        ? {
            send_after: sql<string>`case when send_after < ${sendAfter} then ${sendAfter} else send_after end`,
          }
        : {}),
    })
    .execute();
}

/** A failed attempt: `failed` for good, or `pending` again from `retryAt`. */
export async function recordFailedAttempt(
  db: Db,
  owner: string,
  ids: readonly string[],
  failure: { attempts: number; lastError: string; retryAt: string | undefined },
) {
  await settleClaimed(db, owner, ids)
    .set({
      email_status: failure.retryAt ? 'pending' : 'failed',
      attempts: failure.attempts,
      last_error: failure.lastError,
      send_after: failure.retryAt,
      ...UNLEASED,
    })
    .execute();
}
