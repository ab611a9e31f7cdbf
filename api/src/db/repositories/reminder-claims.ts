/**
 * The SQL of the certificate reminders (reminders/certificate-reminders.ts decides what is
 * due): the certificates whose `remind_on` came, claimed by clearing it in a conditional
 * UPDATE so two instances never both claim one, and the next reminder day set afterwards.
 */
import type { Db } from '../tables';

/** Valid, or (for the reminder after expiry) expired: the statuses a reminder may be due in. */
const REMINDED = ['active', 'renewed', 'expired', 'escalated'] as const;

/** Up to `limit` ids of certificates whose reminder day came, the earliest first. */
export function certificatesDueForReminder(db: Db, today: string, limit: number) {
  return db
    .selectFrom('certificates')
    .select('id')
    .where('status', 'in', REMINDED)
    .where('remind_on', '<=', today)
    .orderBy('remind_on')
    .limit(limit)
    .execute();
}

/** Clears `remind_on` of those of `ids` still due; returns only the rows this claimed. */
export function claimDueReminders(trx: Db, ids: readonly string[], today: string) {
  return trx
    .updateTable('certificates')
    .set({ remind_on: null })
    .where('id', 'in', ids)
    .where('status', 'in', REMINDED)
    .where('remind_on', '<=', today)
    .returning([
      'id',
      'organization_id',
      'name',
      'status',
      'expiry_date',
      'incharge_person_id',
      'created_by_user_id',
      'reminder_days_before',
      'reminder_offsets',
      'certificate_type_id',
    ])
    .execute();
}

/** The reminder settings of the claimed certificates' types. */
export function reminderSettingsOfTypes(trx: Db, typeIds: readonly string[]) {
  if (typeIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('certificate_types')
    .select(['organization_id', 'id', 'reminder_offsets', 'remind_after_expiry'])
    .where('id', 'in', typeIds)
    .execute();
}

/** Sets the next reminder day of `ids`, unless a save meanwhile set one. */
export async function setNextReminderDay(trx: Db, next: string, ids: readonly string[]) {
  await trx
    .updateTable('certificates')
    .set({ remind_on: next })
    .where('id', 'in', ids)
    .where('remind_on', 'is', null)
    .execute();
}
