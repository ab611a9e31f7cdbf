/**
 * Emails people turned off (`email_opt_outs`), as the reminders engine and the unsubscribe
 * link read and write them; the profile's settings are in notifications.ts.
 */
import type { Db, NotificationKind } from '../tables';

/** The opt-outs of `userIds` among `kinds` (every kind when omitted), within `organizationIds`. */
export function optOutsOf(
  db: Db,
  filter: {
    userIds: readonly string[];
    kinds?: readonly NotificationKind[];
    organizationIds?: readonly string[];
  },
) {
  let query = db
    .selectFrom('email_opt_outs')
    .select(['organization_id', 'user_id', 'kind'])
    .where('user_id', 'in', filter.userIds);
  if (filter.kinds) query = query.where('kind', 'in', filter.kinds);
  if (filter.organizationIds) query = query.where('organization_id', 'in', filter.organizationIds);
  return query.execute();
}

/**
 * An email's unsubscribe link: the kind is turned off (once), and what is waiting to go out
 * of that kind stays in the bell but is not mailed. One transaction.
 */
export async function unsubscribe(
  db: Db,
  person: { organizationId: string; userId: string },
  kind: NotificationKind,
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('email_opt_outs')
      .values({
        organization_id: person.organizationId,
        user_id: person.userId,
        kind,
        created_at: now,
      })
      .onConflict((conflict) =>
        conflict.columns(['organization_id', 'user_id', 'kind']).doNothing(),
      )
      .execute();
    await trx
      .updateTable('notifications')
      .set({ email_status: 'skipped' })
      .where('organization_id', '=', person.organizationId)
      .where('recipient_user_id', '=', person.userId)
      .where('kind', '=', kind)
      .where('email_status', '=', 'pending')
      .execute();
  });
}
