/**
 * Certificate reminders (ARCHITECTURE 7): once `remind_on` (expiry date − reminder days) is
 * reached for an active or renewed certificate, a digest notice for the person in charge and
 * the creator. Due means on or before today, never "exactly today": after downtime the
 * reminders of the missed days are recorded at the next run.
 *
 * Recording clears `remind_on` in the same transaction (a conditional update, like the
 * transitions), so the certificate leaves the due set; a new expiry date, new reminder days
 * or a renewal set it again (certificateSchedule), and a new expiry date makes a new key.
 */
import type { Db } from '../db/tables';
import { forEachDueBatch } from './due-rows';
import { recordNotices } from './ledger';
import { recipientsOfNamed } from './recipients';
import { digestSendAfter } from './schedule';
import type { SweepMoment } from './transitions';
import { queueWebhookEvents } from '../webhooks/events';
import { certificateEvent } from '../webhooks/hooks';

const VALID_CERTIFICATE = ['active', 'renewed'] as const;

export function recordCertificateReminders(
  db: Db,
  moment: SweepMoment,
  reminderTime: string,
): Promise<number> {
  const sendAfter = digestSendAfter(moment.now, moment.today, reminderTime);
  return forEachDueBatch(
    (limit) =>
      db
        .selectFrom('certificates')
        .select('id')
        .where('status', 'in', VALID_CERTIFICATE)
        .where('remind_on', '<=', moment.today)
        .orderBy('remind_on')
        .limit(limit)
        .execute(),
    (ids) =>
      db.transaction().execute(async (trx) => {
        const cleared = await trx
          .updateTable('certificates')
          .set({ remind_on: null })
          .where('id', 'in', ids)
          .where('status', 'in', VALID_CERTIFICATE)
          .where('remind_on', '<=', moment.today)
          .returning([
            'id',
            'organization_id',
            'name',
            'expiry_date',
            'incharge_person_id',
            'created_by_user_id',
            'reminder_days_before',
          ])
          .execute();
        // Already past its expiry date (transitions run first, so only a row changed in
        // between): its expiry notice replaces a reminder that would come too late.
        const timely = cleared.filter((certificate) => certificate.expiry_date >= moment.today);
        const recipients = await recipientsOfNamed(
          trx,
          timely.map((certificate) => ({
            organizationId: certificate.organization_id,
            named: [certificate.incharge_person_id, certificate.created_by_user_id],
          })),
        );
        await recordNotices(
          trx,
          timely.map((certificate, i) => ({
            organizationId: certificate.organization_id,
            kind: 'certificate_reminder',
            itemId: certificate.id,
            itemTitle: certificate.name,
            itemDate: certificate.expiry_date,
            delivery: 'digest',
            sendAfter,
            now: moment.nowIso,
            ...recipients[i],
          })),
        );
        // Told when the reminder is recorded (its offset), not at the digest's hour.
        await queueWebhookEvents(
          trx,
          timely.map((certificate) =>
            certificateEvent(
              trx,
              'certificate.expiring',
              certificate.organization_id,
              certificate.id,
              `certificate:${certificate.id}:expiring:${certificate.expiry_date}:${certificate.reminder_days_before}`,
            ),
          ),
          moment.nowIso,
        );
        return timely.length;
      }),
  );
}
