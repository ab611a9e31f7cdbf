/**
 * The stored schedule of a certificate as a save writes it (issue 28): `escalate_on` as
 * always, and `remind_on` at its first reminder day over all its offsets (its own, its type's,
 * or `reminder_days_before`). The sweep records every reminder due from there and moves
 * `remind_on` on to the next (certificate-reminders.ts).
 */
import { findCertificateType } from '../db/repositories/certificate-types';
import type { Db } from '../db/tables';
import { firstReminderOn, reminderOccasions } from './offsets';
import { certificateSchedule, type CertificateSchedule } from './schedule';

export interface ScheduledCertificate {
  organizationId: string;
  expiryDate: string;
  reminderDaysBefore: number;
  ownOffsets: number[] | null;
  certificateTypeId: string | null;
}

export async function certificateReminderSchedule(
  db: Db,
  certificate: ScheduledCertificate,
): Promise<CertificateSchedule> {
  const schedule = certificateSchedule(certificate.expiryDate, certificate.reminderDaysBefore);
  const type =
    certificate.certificateTypeId === null
      ? undefined
      : await findCertificateType(db, certificate.organizationId, certificate.certificateTypeId);
  const occasions = reminderOccasions({
    expiryDate: certificate.expiryDate,
    reminderDaysBefore: certificate.reminderDaysBefore,
    ownOffsets: certificate.ownOffsets,
    type: type
      ? { offsets: type.reminder_offsets, remindAfterExpiry: type.remind_after_expiry }
      : null,
  });
  return { ...schedule, remind_on: firstReminderOn(occasions) };
}
