/**
 * How the API reads and writes dates (ARCHITECTURE 6). Both databases store
 * instants as ISO-8601 UTC text (`2025-01-05T04:30:00.000Z`, which sorts
 * chronologically) and calendar dates as `YYYY-MM-DD` text, so the same
 * queries and comparisons serve SQLite and PostgreSQL.
 */
import { DateTime } from 'luxon';
import { TIME_ZONE, hasRealOffset, kolkataToday, toKolkataDate } from '@duly/shared/contract';

/** A date-time with an offset (`Z`, `+05:30`), or without one (then read in Asia/Kolkata). */
const INSTANT_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/**
 * The years a stored date may fall in. Stored dates are compared as text, which is
 * chronological only for four-digit years: `9999-12-31T23:59:59-12:00` would be stored as
 * `+010000-01-01T…` and sort before every other date. No task or certificate of this
 * product is due before 1900 or after 2200.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2200;

/** Whether a stored date (`YYYY-MM-DD…`, after conversion) falls in FIRST_YEAR..LAST_YEAR. */
function inYearRange(stored: string): boolean {
  if (!/^\d{4}-/.test(stored)) return false;
  const year = Number(stored.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

/**
 * An instant in any ISO offset → ISO UTC with milliseconds. A value without an
 * offset is an Asia/Kolkata wall-clock time, like everything a user enters.
 * Null for anything else, including impossible dates (2025-02-30T10:00Z) and offsets
 * (`+25:00`, `+05:75`), and instants whose UTC year is outside FIRST_YEAR..LAST_YEAR.
 */
export function parseInstant(value: string): string | null {
  if (!INSTANT_PATTERN.test(value) || !hasRealOffset(value)) return null;
  const parsed = DateTime.fromISO(value, { zone: TIME_ZONE, setZone: false });
  const stored = parsed.isValid ? parsed.toUTC().toISO() : null;
  return stored !== null && inYearRange(stored) ? stored : null;
}

/**
 * `YYYY-MM-DD`, or an ISO instant taken as its Asia/Kolkata date
 * (`2025-01-04T19:00:00Z` → `2025-01-05`), read by the platform library so the
 * forms and the API read dates alike; null when invalid, impossible
 * (2025-02-30) or outside FIRST_YEAR..LAST_YEAR.
 */
export function parseCalendarDate(value: string): string | null {
  const date = toKolkataDate(value);
  return date !== null && inYearRange(date) ? date : null;
}

/** Today's date in Asia/Kolkata, whatever the machine's zone. */
export { kolkataToday };

let todayOfMinute = { minute: Number.NaN, today: '' };

/**
 * `kolkataToday(now)`, remembered for the UTC minute of `now`: the dashboard asks on every
 * request, and luxon's zone conversion is a noticeable share of an uncached dashboard
 * (issue 16). Exact, not a cache that may lag: Asia/Kolkata's offset (+05:30) is a whole
 * number of minutes, so its date only ever changes at the start of a UTC minute.
 */
export function kolkataTodayAt(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== todayOfMinute.minute) todayOfMinute = { minute, today: kolkataToday(now) };
  return todayOfMinute.today;
}

/** The current instant as stored: ISO UTC with milliseconds. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

/** A `YYYY-MM-DD` calendar date moved by whole days (`2025-12-30` + 3 → `2026-01-02`). */
export function addCalendarDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate()!;
}
