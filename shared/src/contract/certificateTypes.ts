/**
 * The rules of certificate types (issue 28), one copy for the API and the screens: what a
 * type's reminder offsets and validity may be, which offsets a certificate is reminded on,
 * and the expiry a renewal proposes.
 */
import { DateTime } from 'luxon';
import {
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  REMINDER_OFFSETS_MAX,
  VALIDITY_MONTHS_MAX,
  VALIDITY_MONTHS_MIN,
} from './constants';

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
  const date = DateTime.fromISO(issueDate, { zone: 'utc' });
  if (!date.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(issueDate)) return null;
  return date.plus({ months: validityMonths }).toISODate();
}
