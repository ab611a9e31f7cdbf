import type { CalendarCertificate } from '../../db/repositories/calendar-feeds';
import type { CalendarEvent } from '../../lib/icalendar';
import { certificateSchedule } from '../../reminders/schedule';

/** A certificate's first reminder (expiry − reminder_days_before), when it is still to come. */
export function addCertificateSchedule(
  events: CalendarEvent[],
  certificate: CalendarCertificate,
  who: string,
  url: string,
  today: string,
): void {
  if (certificate.status !== 'active' || certificate.reminder_days_before <= 0) return;
  const { remind_on: remindOn } = certificateSchedule(
    certificate.expiry_date,
    certificate.reminder_days_before,
  );
  if (remindOn < today) return;
  events.push({
    uid: `certificate-${certificate.id}-reminder@duly`,
    stamp: certificate.updated_at,
    summary: `Renew soon: ${certificate.name}${who} expires ${certificate.expiry_date}`,
    start: { date: remindOn },
    url,
    categories: 'Certificate',
  });
}
