/**
 * When things are due (ARCHITECTURE 6 and 7). Calendar dates are Asia/Kolkata dates
 * (`YYYY-MM-DD`), instants ISO UTC text, as stored (lib/dates.ts).
 *
 * - A task is overdue once its due instant has passed, and escalated once it has been overdue
 *   for TASK_ESCALATION_DAYS (its due instant + 3 × 24 h).
 * - A certificate is valid through its expiry date and expired from the next day (Asia/Kolkata
 *   midnight); it is escalated once it has been expired for `reminder_days_before` days.
 * - Its reminder is due on `expiry_date - reminder_days_before`.
 */
import { DateTime } from 'luxon';
import {
  TIME_ZONE,
  certificateSchedule as sharedCertificateSchedule,
  type CertificateSchedule,
} from '@duly/shared/contract';

export const TASK_ESCALATION_DAYS = 3;

const DAY_MS = 86_400_000;

/**
 * The stored dates of a certificate's schedule (migration 008), kept on every save: the rule
 * of @duly/shared, which the certificate screens show too. `remind_on` is cleared by the sweep
 * once the reminder is recorded.
 */
export type { CertificateSchedule };

/** The schedule of a stored (valid `YYYY-MM-DD`) expiry date. */
export function certificateSchedule(
  expiryDate: string,
  reminderDaysBefore: number,
): CertificateSchedule {
  const schedule = sharedCertificateSchedule(expiryDate, reminderDaysBefore);
  if (schedule === null) throw new Error(`not a calendar date: ${expiryDate}`);
  return schedule;
}

/** Tasks whose due instant is at or before this have been overdue for 3 days. */
export function taskEscalationCutoff(now: Date): string {
  return new Date(now.getTime() - TASK_ESCALATION_DAYS * DAY_MS).toISOString();
}

/** The instant of `HH:mm` Asia/Kolkata on the Asia/Kolkata date `date`, as stored. */
export function kolkataInstant(date: string, time: string): string {
  return DateTime.fromISO(`${date}T${time}`, { zone: TIME_ZONE }).toUTC().toISO()!;
}

/**
 * When a digest notice recorded at `now` may be mailed: at REMINDER_TIME on today's Asia/Kolkata
 * date, or at once when that time has passed (a catch-up, or a reminder recorded late in
 * the day).
 */
export function digestSendAfter(now: Date, today: string, reminderTime: string): string {
  const due = kolkataInstant(today, reminderTime);
  const nowText = now.toISOString();
  return due > nowText ? due : nowText;
}
