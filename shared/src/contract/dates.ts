/**
 * Date helpers (spec 1 and 9): every date is entered and shown in Asia/Kolkata,
 * whatever the time zone of the machine running the code. Each helper passes the
 * zone and the locale explicitly, so neither the browser's nor the server's
 * settings can change an answer.
 */
import { DateTime, FixedOffsetZone, type Zone } from 'luxon';
import { DATE_FORMATS, MS_PER_DAY, TIME_ZONE } from './constants';

/**
 * Asia/Kolkata has been UTC+05:30, without daylight saving, since 1945-10-15 (tz database), so
 * from then on a fixed offset gives the very answers of the IANA zone without asking the
 * browser's time-zone database: its first use costs ~50 ms of main thread, and every date read
 * in an IANA zone asks it again for the offset (issue 18: most of the task table's render went
 * there). Older instants still go through the IANA zone, whose history is exact.
 */
const KOLKATA_FIXED = FixedOffsetZone.instance(330);
/** 1945-10-15T00:00+06:30, the end of the last offset other than +05:30. */
const FIXED_OFFSET_SINCE_MS = Date.UTC(1945, 9, 14, 17, 30);

/** Reads a value in Asia/Kolkata with `read(zone)`: the fixed offset unless that is too early. */
function inKolkata(read: (zone: Zone | string) => DateTime): DateTime {
  const fixed = read(KOLKATA_FIXED);
  return fixed.isValid && fixed.toMillis() < FIXED_OFFSET_SINCE_MS ? read(TIME_ZONE) : fixed;
}

/** Month names are English whatever the machine's locale. */
const LOCALE = 'en-US';
/** The value format of `<input type="datetime-local">` (minutes precision). */
const DATETIME_INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** `yyyy-MM-ddTHH:mm`, optionally with seconds and milliseconds, and no offset. */
const DATETIME_INPUT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
/** A calendar date, optionally followed by a time and an offset (an ISO instant). */
const DATE_OR_INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}(T.+)?$/;

/** The numeric offset ending an instant's time (`+05:30`, `-0800`, `+05`): hours, minutes. */
const OFFSET_PATTERN = /T[^+-]*[+-](\d{2})(?::?(\d{2}))?$/;
/** The widest offset a clock uses (Kiribati, +14:00); the farthest west is -12:00. */
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * Whether an instant's offset, if it has a numeric one, is one a clock could show: within
 * ±14:00 and with fewer than 60 minutes. luxon reads `+25:00` or `+05:75` as given, which
 * turned a typo into a date a day away.
 */
export function hasRealOffset(value: string): boolean {
  const offset = OFFSET_PATTERN.exec(value);
  if (!offset) return true;
  const hours = Number(offset[1]);
  const minutes = Number(offset[2] ?? 0);
  return minutes < 60 && hours * 60 + minutes <= MAX_OFFSET_MINUTES;
}

/**
 * Reads a date or an instant in Asia/Kolkata. A value without an offset is a
 * Kolkata wall-clock time; a value with one (`Z`, `+05:30`) is converted.
 * Returns null for anything else, including impossible dates (2025-02-30) and offsets
 * (`+25:00`).
 */
function parseInKolkata(value: string | null | undefined): DateTime | null {
  if (!value || !DATE_OR_INSTANT_PATTERN.test(value) || !hasRealOffset(value)) return null;
  const parsed = inKolkata((zone) => DateTime.fromISO(value, { zone, locale: LOCALE }));
  return parsed.isValid ? parsed : null;
}

/**
 * A `datetime-local` value read in Asia/Kolkata → the ISO UTC instant the API
 * expects: `2025-01-05T10:00` → `2025-01-05T04:30:00.000Z`. Null when invalid.
 */
export function kolkataInputToIso(value: string): string | null {
  if (!DATETIME_INPUT_PATTERN.test(value)) return null;
  return parseInKolkata(value)?.toUTC().toISO() ?? null;
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
  return parseInKolkata(iso)?.toFormat(DATETIME_INPUT_FORMAT) ?? '';
}

/**
 * A `date` input value (`YYYY-MM-DD`) → the ISO UTC instant of that day's
 * midnight in Asia/Kolkata: `2025-01-05` → `2025-01-04T18:30:00.000Z`.
 * Null when invalid.
 */
export function kolkataDateToIso(value: string): string | null {
  const date = toKolkataDate(value);
  if (date === null) return null;
  return inKolkata((zone) => DateTime.fromISO(date, { zone }))
    .toUTC()
    .toISO();
}

/**
 * Formats an instant in Asia/Kolkata with a luxon format
 * (`DATE_FORMATS.taskList` etc.). `''` for a missing or invalid value.
 */
export function formatInstant(iso: string | null | undefined, format: string): string {
  return parseInKolkata(iso)?.toFormat(format) ?? '';
}

/**
 * Formats a calendar date `YYYY-MM-DD` (or an instant, taken as its
 * Asia/Kolkata date). `''` for a missing or invalid value.
 */
export function formatCalendarDate(date: string | null | undefined, format: string): string {
  const kolkataDate = date ? toKolkataDate(date) : null;
  if (kolkataDate === null) return '';
  return inKolkata((zone) => DateTime.fromISO(kolkataDate, { zone, locale: LOCALE })).toFormat(
    format,
  );
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
  return inKolkata((zone) => DateTime.fromJSDate(now, { zone })).toISODate() as string;
}

/**
 * `YYYY-MM-DD` or any ISO instant → the Asia/Kolkata calendar date
 * (`2025-01-04T19:00:00Z` → `2025-01-05`). Null when invalid or impossible.
 */
export function toKolkataDate(value: string): string | null {
  return parseInKolkata(value)?.toISODate() ?? null;
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
  const expiry = inKolkata((zone) => DateTime.fromISO(kolkataDate, { zone })).toMillis();
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
