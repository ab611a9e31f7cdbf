/**
 * Certificate reminders (ARCHITECTURE 7, issue 28): once `remind_on` is reached, a digest
 * notice for the person in charge and the creator, one per reminder offset whose day has come
 * (reminders/offsets.ts). Due means on or before today, never "exactly today": after downtime
 * the reminders of the missed days are recorded at the next run, each offset once.
 *
 * Recording claims the certificates by clearing `remind_on` in a conditional update (like the
 * transitions), then sets it to the next offset's day in the same transaction, so a
 * certificate leaves the due set until its next reminder. A new expiry date, new offsets or a
 * renewal set it again (a save stores the first reminder day); the ledger's keys, which name
 * the expiry date and the offset, make sure a reminder already recorded is not recorded again.
 */
import type { Db } from '../db/tables';
import { parseOffsets } from '../db/repositories/certificate-types';
import {
  certificatesDueForReminder,
  claimDueReminders,
  reminderSettingsOfTypes,
  setNextReminderDay,
} from '../db/repositories/reminder-claims';
import { forEachDueBatch } from './due-rows';
import { recordNotices, type Notice } from './ledger';
import { dueOccasions, nextReminderOn, reminderOccasions } from './offsets';
import { recipientsOfNamed } from './recipients';
import { digestSendAfter } from './schedule';
import type { SweepMoment } from './transitions';
import { queueWebhookEvents } from '../webhooks/events';
import { certificateEvent } from '../webhooks/hooks';

/** The types of the claimed certificates: their offsets and after-expiry flag, by id. */
async function typesOf(trx: Db, typeIds: string[]) {
  const types = new Map<string, { offsets: number[]; remindAfterExpiry: boolean }>();
  for (const row of await reminderSettingsOfTypes(trx, typeIds)) {
    types.set(`${row.organization_id}:${row.id}`, {
      offsets: parseOffsets(row.reminder_offsets) ?? [],
      remindAfterExpiry: Number(row.remind_after_expiry) === 1,
    });
  }
  return types;
}

export function recordCertificateReminders(
  db: Db,
  moment: SweepMoment,
  reminderTime: string,
): Promise<number> {
  const sendAfter = digestSendAfter(moment.now, moment.today, reminderTime);
  return forEachDueBatch(
    (limit) => certificatesDueForReminder(db, moment.today, limit),
    (ids) =>
      db.transaction().execute(async (trx) => {
        const claimed = await claimDueReminders(trx, ids, moment.today);
        const types = await typesOf(trx, [
          ...new Set(claimed.flatMap((row) => row.certificate_type_id ?? [])),
        ]);
        const plans = claimed.map((certificate) => {
          const occasions = reminderOccasions({
            expiryDate: certificate.expiry_date,
            reminderDaysBefore: Number(certificate.reminder_days_before),
            ownOffsets: parseOffsets(certificate.reminder_offsets),
            type:
              (certificate.certificate_type_id &&
                types.get(`${certificate.organization_id}:${certificate.certificate_type_id}`)) ||
              null,
          });
          return {
            certificate,
            // Past its expiry date (transitions run first): its expiry notice replaces a
            // reminder that would come too late.
            due: dueOccasions(
              occasions,
              { expiryDate: certificate.expiry_date, status: certificate.status },
              moment.today,
            ),
            next: nextReminderOn(occasions, moment.today),
          };
        });
        // The next reminder day, one statement per distinct day; a save meanwhile wins.
        const byNext = new Map<string, string[]>();
        for (const { certificate, next } of plans) {
          if (next !== null) byNext.set(next, [...(byNext.get(next) ?? []), certificate.id]);
        }
        for (const [next, nextIds] of byNext) {
          await setNextReminderDay(trx, next, nextIds);
        }
        const reminded = plans.filter((plan) => plan.due.length > 0);
        const recipients = await recipientsOfNamed(
          trx,
          reminded.map(({ certificate }) => ({
            organizationId: certificate.organization_id,
            named: [certificate.incharge_person_id, certificate.created_by_user_id],
          })),
        );
        const notices: Notice[] = reminded.flatMap(({ certificate, due }, i) =>
          due.map((occasion) => ({
            organizationId: certificate.organization_id,
            kind: 'certificate_reminder' as const,
            itemId: certificate.id,
            itemTitle: certificate.name,
            itemDate: certificate.expiry_date,
            occurrence: occasion.occurrence,
            delivery: 'digest' as const,
            sendAfter,
            now: moment.nowIso,
            ...recipients[i],
          })),
        );
        await recordNotices(trx, notices);
        // Told when the reminder is recorded (its offset), not at the digest's hour.
        await queueWebhookEvents(
          trx,
          reminded.flatMap(({ certificate, due }) =>
            due
              .filter((occasion) => !occasion.afterExpiry)
              .map((occasion) =>
                certificateEvent(
                  trx,
                  'certificate.expiring',
                  certificate.organization_id,
                  certificate.id,
                  `certificate:${certificate.id}:expiring:${certificate.expiry_date}:${
                    occasion.occurrence ?? certificate.reminder_days_before
                  }`,
                ),
              ),
          ),
          moment.nowIso,
        );
        return notices.length;
      }),
  );
}
