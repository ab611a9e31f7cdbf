/**
 * Certificate reminders (ARCHITECTURE 7): once `remind_on` (expiry date − reminder days) is
 * reached for an active or renewed certificate, a digest notice for the person in charge and
 * the creator. Due means on or before today, never "exactly today": after downtime the
 * reminders of the missed days are recorded at the next run.
 *
 * Recording clears `remind_on` in the same transaction (conditionally, on the value read), so
 * the certificate leaves the due set; a new expiry date, new reminder days or a renewal set it
 * again (certificateSchedule), and the new expiry date makes a new key.
 */
import type { Db } from '../db/tables';
import { forEachDue } from './due-rows';
import { recordNotice } from './ledger';
import { activePeople } from './recipients';
import { digestSendAfter } from './schedule';
import type { SweepMoment } from './transitions';

const VALID_CERTIFICATE = ['active', 'renewed'] as const;

export function recordCertificateReminders(
  db: Db,
  moment: SweepMoment,
  reminderTime: string,
): Promise<number> {
  return forEachDue(
    (limit) =>
      db
        .selectFrom('certificates')
        .select(['id', 'organization_id', 'remind_on'])
        .where('status', 'in', VALID_CERTIFICATE)
        .where('remind_on', '<=', moment.today)
        .orderBy('remind_on')
        .limit(limit)
        .execute(),
    (certificate) =>
      db.transaction().execute(async (trx) => {
        const cleared = await trx
          .updateTable('certificates')
          .set({ remind_on: null })
          .where('organization_id', '=', certificate.organization_id)
          .where('id', '=', certificate.id)
          .where('status', 'in', VALID_CERTIFICATE)
          .where('remind_on', '=', certificate.remind_on)
          .returning(['name', 'expiry_date', 'incharge_person_id', 'created_by_user_id'])
          .executeTakeFirst();
        if (!cleared) return false;
        // Already past its expiry date (the transition step runs first, so only a row changed
        // in between): the expiry notice replaces a reminder that would come too late.
        if (cleared.expiry_date < moment.today) return false;
        await recordNotice(
          trx,
          {
            organizationId: certificate.organization_id,
            kind: 'certificate_reminder',
            itemId: certificate.id,
            itemTitle: cleared.name,
            itemDate: cleared.expiry_date,
            delivery: 'digest',
            sendAfter: digestSendAfter(moment.now, moment.today, reminderTime),
            now: moment.nowIso,
          },
          await activePeople(trx, certificate.organization_id, [
            cleared.incharge_person_id,
            cleared.created_by_user_id,
          ]),
        );
        return true;
      }),
  );
}
