/**
 * How the certificate screens show dates. The spec names no format for certificates; these
 * follow the task screens' (`MMM d, yyyy` without the time a calendar date does not have, and
 * the detail page's `MMMM d, yyyy`), all in Asia/Kolkata.
 */
import { certificateSchedule, DATE_FORMATS, daysUntilExpiry } from '@duly/shared';

/** List: `Jan 5, 2025`. */
export const CERTIFICATE_DATE_FORMAT = 'MMM d, yyyy';
/** Certificate page: `January 5, 2025`. */
export const CERTIFICATE_DETAIL_FORMAT = DATE_FORMATS.taskDetail;
/** Created and updated instants: `January 5, 2025, 10:00`. */
export const TIMESTAMP_FORMAT = `${DATE_FORMATS.taskDetail}, HH:mm`;

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
