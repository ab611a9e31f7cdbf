/**
 * Certificate date rules. The spec names no format for certificates: the screens show their
 * dates with @duly/shared's one `formatDate` (`Jan 5, 2025`) and instants with `formatDateTime`
 * (issue 33), all in Asia/Kolkata.
 */
import { certificateSchedule, daysUntilExpiry } from '@duly/shared/dates';

/**
 * The date the expiry reminder goes out: `reminder_days_before` days before the expiry date
 * (ARCHITECTURE 7), as `YYYY-MM-DD`. '' for an invalid expiry date.
 */
export function reminderDate(expiryDate: string, reminderDaysBefore: number): string {
  return certificateSchedule(expiryDate, reminderDaysBefore)?.remind_on ?? '';
}

/** "12 days", "1 day", "0 days", "-3 days" (spec 9: rounded up, negative once past). */
export function daysUntilExpiryText(expiryDate: string, now: Date = new Date()): string {
  const days = daysUntilExpiry(expiryDate, now);
  if (Number.isNaN(days)) return '';
  return `${days} ${Math.abs(days) === 1 ? 'day' : 'days'}`;
}
