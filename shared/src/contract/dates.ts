/**
 * Date helpers (spec 1 and 9): every date is entered and shown in Asia/Kolkata,
 * whatever the time zone of the machine running the code. Each helper passes the
 * zone and the locale explicitly, so neither the browser's nor the server's
 * settings can change an answer. No date library (issue 32): reading is instant.ts's,
 * formatting knows the luxon tokens Duly's formats use (English names).
 */
import { DATE_FORMATS, MS_PER_DAY } from './constants';
import {
  kolkataClock,
  kolkataWallClockToMs,
  parseInKolkata,
  wallClockMs,
  type WallClock,
} from './instant';

export { hasRealOffset } from './instant';

/** `yyyy-MM-ddTHH:mm`, optionally with seconds and milliseconds, and no offset. */
const DATETIME_INPUT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** The value format of `<input type="datetime-local">` (minutes precision). */
const DATETIME_INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Each luxon token Duly's formats use, from the wall clock (English names). */
const TOKENS: Record<string, (clock: WallClock) => string> = {
  yyyy: (clock) => pad(clock.year, 4),
  yy: (clock) => pad(clock.year % 100),
  y: (clock) => String(clock.year),
  MMMM: (clock) => MONTHS[clock.month - 1]!,
  MMM: (clock) => MONTHS[clock.month - 1]!.slice(0, 3),
  MM: (clock) => pad(clock.month),
  M: (clock) => String(clock.month),
  dd: (clock) => pad(clock.day),
  d: (clock) => String(clock.day),
  EEEE: (clock) => WEEKDAYS[new Date(wallClockMs(clock)).getUTCDay()]!,
  EEE: (clock) => WEEKDAYS[new Date(wallClockMs(clock)).getUTCDay()]!.slice(0, 3),
  HH: (clock) => pad(clock.hour),
  H: (clock) => String(clock.hour),
  hh: (clock) => pad(clock.hour % 12 || 12),
  h: (clock) => String(clock.hour % 12 || 12),
  mm: (clock) => pad(clock.minute),
  m: (clock) => String(clock.minute),
  ss: (clock) => pad(clock.second),
  s: (clock) => String(clock.second),
  SSS: (clock) => pad(clock.millisecond, 3),
  a: (clock) => (clock.hour < 12 ? 'AM' : 'PM'),
};
/** Tokens (longest first), quoted literals (`'T'`) and anything else, as luxon splits a format. */
const FORMAT_PARTS = new RegExp(
  `'([^']*)'|${Object.keys(TOKENS)
    .sort((a, b) => b.length - a.length)
    .join('|')}|[\\s\\S]`,
  'g',
);

/** A wall clock in a luxon format (`MMM d, yyyy HH:mm`); other letters are written as they are. */
function formatClock(clock: WallClock, format: string): string {
  return format.replace(FORMAT_PARTS, (part, literal: string | undefined) =>
    literal !== undefined ? literal : (TOKENS[part]?.(clock) ?? part),
  );
}

const isoDate = (clock: WallClock) => `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;

/** The instant of a Kolkata calendar date's midnight (`YYYY-MM-DD`, already valid). */
function kolkataMidnight(date: string): number {
  return kolkataWallClockToMs(Date.parse(`${date}T00:00:00Z`));
}

/**
 * A `datetime-local` value read in Asia/Kolkata → the ISO UTC instant the API
 * expects: `2025-01-05T10:00` → `2025-01-05T04:30:00.000Z`. Null when invalid.
 */
export function kolkataInputToIso(value: string): string | null {
  if (!DATETIME_INPUT_PATTERN.test(value)) return null;
  const ms = parseInKolkata(value);
  return ms === null ? null : new Date(ms).toISOString();
}

/** `kolkataInputToIso` of a value a form's schema has checked already: throws if it is invalid. */
export function checkedKolkataInputToIso(value: string): string {
  const iso = kolkataInputToIso(value);
  if (iso === null) throw new Error(`Invalid date and time: ${value}`);
  return iso;
}

/**
 * An instant → the `datetime-local` value showing it in Asia/Kolkata, for
 * filling an edit form: `2025-01-05T04:30:00.000Z` → `2025-01-05T10:00`.
 * `''` when the instant is missing or invalid (an empty field).
 */
export function isoToKolkataInput(iso: string | null | undefined): string {
  return formatInstant(iso, DATETIME_INPUT_FORMAT);
}

/**
 * A `date` input value (`YYYY-MM-DD`) → the ISO UTC instant of that day's
 * midnight in Asia/Kolkata: `2025-01-05` → `2025-01-04T18:30:00.000Z`.
 * Null when invalid.
 */
export function kolkataDateToIso(value: string): string | null {
  const date = toKolkataDate(value);
  if (date === null) return null;
  return new Date(kolkataMidnight(date)).toISOString();
}

/**
 * Formats an instant in Asia/Kolkata with a luxon-style format
 * (`DATE_FORMATS.taskList` etc.). `''` for a missing or invalid value.
 */
export function formatInstant(iso: string | null | undefined, format: string): string {
  const ms = parseInKolkata(iso);
  return ms === null ? '' : formatClock(kolkataClock(ms), format);
}

/**
 * Formats a calendar date `YYYY-MM-DD` (or an instant, taken as its
 * Asia/Kolkata date). `''` for a missing or invalid value.
 */
export function formatCalendarDate(date: string | null | undefined, format: string): string {
  const kolkataDate = date ? toKolkataDate(date) : null;
  if (kolkataDate === null) return '';
  return formatClock(kolkataClock(kolkataMidnight(kolkataDate)), format);
}

/**
 * The one date format where the spec fixes none (issue 33): a calendar date (or an instant's
 * Asia/Kolkata date) as `Jan 5, 2025`. Every remote shows such dates through it.
 */
export function formatDate(date: string | null | undefined): string {
  return formatCalendarDate(date, DATE_FORMATS.date);
}

/**
 * The one date-and-time format where the spec fixes none: an instant in Asia/Kolkata as
 * `Jan 5, 2025 10:00` (a task's due date always shows its time).
 */
export function formatDateTime(iso: string | null | undefined): string {
  return formatInstant(iso, DATE_FORMATS.dateTime);
}

/** Today's date `YYYY-MM-DD` in Asia/Kolkata. */
export function kolkataToday(now: Date = new Date()): string {
  return isoDate(kolkataClock(now.getTime()));
}

/**
 * `YYYY-MM-DD` or any ISO instant → the Asia/Kolkata calendar date
 * (`2025-01-04T19:00:00Z` → `2025-01-05`). Null when invalid or impossible.
 */
export function toKolkataDate(value: string): string | null {
  const ms = parseInKolkata(value);
  return ms === null ? null : isoDate(kolkataClock(ms));
}

/**
 * Whole days from `now` until the expiry date, rounded up (spec 9):
 * `Math.ceil((expiry - now) / 86_400_000)` with the expiry at Asia/Kolkata
 * midnight of that date. 0 on the expiry day itself, negative once past.
 * NaN when the expiry date is invalid.
 */
export function daysUntilExpiry(expiryDate: string, now: Date = new Date()): number {
  const kolkataDate = toKolkataDate(expiryDate);
  if (kolkataDate === null) return Number.NaN;
  const expiry = kolkataMidnight(kolkataDate);
  const days = Math.ceil((expiry - now.getTime()) / MS_PER_DAY);
  // Math.ceil(-0.5) is -0; a user reads 0.
  return days === 0 ? 0 : days;
}

/** A number of days as the screens write it: "1 day", "12 days", "-3 days". */
export function dayCount(days: number): string {
  return `${days} ${Math.abs(days) === 1 ? 'day' : 'days'}`;
}

/**
 * Days until expiry as the certificate pages show them (spec 9: rounded up, negative once
 * past): "12 days", "0 days", "-3 days"; '' for an invalid expiry date.
 */
export function daysUntilExpiryText(expiryDate: string, now: Date = new Date()): string {
  const days = daysUntilExpiry(expiryDate, now);
  return Number.isNaN(days) ? '' : dayCount(days);
}

/** `YYYY-MM-DD` plus `days` calendar days (UTC midnights: no daylight saving shift moves a day). */
function plusCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** A certificate's reminder and escalation days (ARCHITECTURE 7), as `YYYY-MM-DD`. */
export interface CertificateSchedule {
  /** `expiry_date - reminder_days_before`: the day its reminder is due. */
  remind_on: string;
  /** `expiry_date + 1 + reminder_days_before`: the day it is escalated if still expired. */
  escalate_on: string;
}

/**
 * The one reminder-date rule, used by the API (stored `remind_on` / `escalate_on`) and the
 * certificate screens. The expiry date is `YYYY-MM-DD` or an instant read as its Asia/Kolkata
 * date; null when it is invalid.
 */
export function certificateSchedule(
  expiryDate: string,
  reminderDaysBefore: number,
): CertificateSchedule | null {
  const date = toKolkataDate(expiryDate);
  if (date === null) return null;
  return {
    remind_on: plusCalendarDays(date, -reminderDaysBefore),
    escalate_on: plusCalendarDays(date, 1 + reminderDaysBefore),
  };
}

/** The day a certificate's reminder goes out (`certificateSchedule`'s `remind_on`); '' when invalid. */
export function reminderDate(expiryDate: string, reminderDaysBefore: number): string {
  return certificateSchedule(expiryDate, reminderDaysBefore)?.remind_on ?? '';
}

/**
 * Whether a certificate is in its reminder window on `today` (`YYYY-MM-DD`, Asia/Kolkata): its
 * reminder day has come and it has not expired yet (the API's `in_reminder_window` filter).
 */
export function isInReminderWindow(
  certificate: { expiry_date: string; reminder_days_before: number },
  today: string,
): boolean {
  const schedule = certificateSchedule(certificate.expiry_date, certificate.reminder_days_before);
  const expiry = toKolkataDate(certificate.expiry_date);
  return schedule !== null && expiry !== null && schedule.remind_on <= today && today <= expiry;
}
