/**
 * The rules of certificate types (issue 28), one copy for the API and the screens: what a
 * type's reminder offsets and validity may be, which offsets a certificate is reminded on,
 * and the expiry a renewal proposes. No date library (issue 32): the dates are calendar dates
 * (`YYYY-MM-DD`), counted in UTC, so read-only screens that show a type load no luxon.
 */
import {
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  REMINDER_OFFSETS_MAX,
  VALIDITY_MONTHS_MAX,
  VALIDITY_MONTHS_MIN,
} from './constants';

/** `"60, 14"` → `[60, 14]` (issue 28); a part that is not a whole number becomes NaN. */
export function parseReminderOffsets(text: string): number[] {
  return text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
}

/** Why a list of reminder offsets is refused, or null when it is fine. */
export function reminderOffsetsProblem(offsets: readonly number[]): string | null {
  if (offsets.length === 0) return 'must name at least one day';
  if (offsets.length > REMINDER_OFFSETS_MAX) {
    return `must name at most ${REMINDER_OFFSETS_MAX} days`;
  }
  if (
    offsets.some(
      (days) => !Number.isInteger(days) || days < REMINDER_DAYS_MIN || days > REMINDER_DAYS_MAX,
    )
  ) {
    return `must be whole days from ${REMINDER_DAYS_MIN} to ${REMINDER_DAYS_MAX}`;
  }
  if (new Set(offsets).size !== offsets.length) return 'must not name the same day twice';
  return null;
}

/** Why a validity is refused (null: does not expire, fine), or null when it is fine. */
export function validityMonthsProblem(months: number | null): string | null {
  if (months === null) return null;
  if (!Number.isInteger(months) || months < VALIDITY_MONTHS_MIN || months > VALIDITY_MONTHS_MAX) {
    return `must be whole months from ${VALIDITY_MONTHS_MIN} to ${VALIDITY_MONTHS_MAX}, or empty when it does not expire`;
  }
  return null;
}

/** Offsets in the order reminders go out: the earliest (largest) first. */
export function sortedOffsets(offsets: readonly number[]): number[] {
  return [...offsets].sort((a, b) => b - a);
}

/**
 * The offsets a certificate is reminded on: its own override, else its type's, else its
 * `reminder_days_before` as the single offset (certificates from before types).
 */
export function effectiveOffsets(
  own: readonly number[] | null | undefined,
  typeOffsets: readonly number[] | null | undefined,
  reminderDaysBefore: number,
): number[] {
  if (own && own.length > 0) return sortedOffsets(own);
  if (typeOffsets && typeOffsets.length > 0) return sortedOffsets(typeOffsets);
  return [reminderDaysBefore];
}

/**
 * The expiry a renewal proposes: the issue (renewal) date plus the type's validity, as a
 * calendar date (`2025-01-31` + 1 month = `2025-02-28`). Null when the type does not expire or
 * the date is not one.
 */
export function proposedExpiry(issueDate: string, validityMonths: number | null): string | null {
  if (validityMonths === null) return null;
  const date = calendarDate(issueDate);
  if (!date) return null;
  // The same day `validityMonths` later, or that month's last day when it is shorter.
  const months = date.month - 1 + validityMonths;
  const year = date.year + Math.floor(months / 12);
  const month = months - Math.floor(months / 12) * 12;
  const lastDay = new Date(utcDate(year, month + 1, 0)).getUTCDate();
  return isoDate(utcDate(year, month, Math.min(date.day, lastDay)));
}

/** A real `YYYY-MM-DD` date's parts, or null (`2025-02-30`, `2025-1-5`, ''). */
function calendarDate(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = utcDate(year, month - 1, day);
  const check = new Date(time);
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day
    ? { year, month, day }
    : null;
}

/**
 * The UTC midnight of a calendar day, overflowing months and days carried over (day 0 is the
 * previous month's last). Not Date.UTC, which reads the years 0–99 as 1900–1999.
 */
function utcDate(year: number, monthIndex: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date.getTime();
}

/** `YYYY-MM-DD` of a UTC time. */
function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** A cell of the compliance matrix (issue 28). */
export const COMPLIANCE_STATES = [
  'valid',
  'expiring',
  'expired',
  'missing',
  'not_required',
] as const;
export type ComplianceState = (typeof COMPLIANCE_STATES)[number];

/** The word a state is shown and exported as (never colour alone). */
export const COMPLIANCE_STATE_LABELS: Record<ComplianceState, string> = {
  valid: 'Valid',
  expiring: 'Expiring',
  expired: 'Expired',
  missing: 'Missing',
  not_required: 'Not required',
};

/** `YYYY-MM-DD` plus `days` calendar days. */
function plusDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return isoDate(utcDate(year, month - 1, day + days));
}

/**
 * The state of one person's cell for one type, in Asia/Kolkata calendar dates (`today` is
 * Kolkata's today, whatever the zone of the browser or server asking):
 * - not required: `not_required` (whatever they hold);
 * - required, none held: `missing`;
 * - the expiry date before today: `expired` (a certificate is valid through its expiry day);
 * - the expiry date within the type's first (largest) reminder offset: `expiring`, from the
 *   day `expiry − offset` on, through the expiry day;
 * - otherwise `valid`.
 */
export function complianceCellState(cell: {
  required: boolean;
  expiryDate: string | null;
  firstOffset: number;
  today: string;
}): ComplianceState {
  if (!cell.required) return 'not_required';
  if (cell.expiryDate === null) return 'missing';
  if (cell.expiryDate < cell.today) return 'expired';
  if (plusDays(cell.today, cell.firstOffset) >= cell.expiryDate) return 'expiring';
  return 'valid';
}

/** Whether a state counts as covered in the totals: a certificate valid today. */
export function isCompliant(state: ComplianceState): boolean {
  return state === 'valid' || state === 'expiring';
}

/** The percent shown for `compliant` of `required` (100 when nothing is required), whole. */
export function compliancePercent(compliant: number, required: number): number {
  return required === 0 ? 100 : Math.floor((compliant * 100) / required);
}
