/**
 * How the API reads and writes dates (ARCHITECTURE 6). Both databases store
 * instants as ISO-8601 UTC text (`2025-01-05T04:30:00.000Z`, which sorts
 * chronologically) and calendar dates as `YYYY-MM-DD` text, so the same
 * queries and comparisons serve SQLite and PostgreSQL.
 */
import { DateTime } from 'luxon';
import { TIME_ZONE } from '@duly/shared/contract';

/** A date-time with an offset (`Z`, `+05:30`), or without one (then read in Asia/Kolkata). */
const INSTANT_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/**
 * An instant in any ISO offset → ISO UTC with milliseconds. A value without an
 * offset is an Asia/Kolkata wall-clock time, like everything a user enters.
 * Null for anything else, including impossible dates (2025-02-30T10:00Z).
 */
export function parseInstant(value: string): string | null {
  if (!INSTANT_PATTERN.test(value)) return null;
  const parsed = DateTime.fromISO(value, { zone: TIME_ZONE, setZone: false });
  return parsed.isValid ? parsed.toUTC().toISO() : null;
}

/**
 * From the platform library, so the forms and the API read dates alike:
 * - parseCalendarDate: `YYYY-MM-DD`, or an ISO instant taken as its
 *   Asia/Kolkata date (`2025-01-04T19:00:00Z` → `2025-01-05`); null when
 *   invalid or impossible (2025-02-30).
 * - kolkataToday: today's date in Asia/Kolkata, whatever the machine's zone.
 */
export { toKolkataDate as parseCalendarDate, kolkataToday } from '@duly/shared/contract';

/** The current instant as stored: ISO UTC with milliseconds. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

/** A `YYYY-MM-DD` calendar date moved by whole days (`2025-12-30` + 3 → `2026-01-02`). */
export function addCalendarDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate()!;
}
