/**
 * Several reminders per certificate (issue 28): one per reminder offset, each its own
 * occurrence in the ledger (its key names the offset), so each goes out exactly once, is
 * caught up after downtime (due means on or before today) and is re-armed by a new expiry date
 * (the key names the date too).
 *
 * Which offsets: the certificate's own override, else its type's, else its
 * `reminder_days_before` as the single offset. A certificate from before types (no type, no
 * override) keeps the key it always had (`certificate:<id>:reminder:<expiry>:<user>`), so a
 * reminder recorded before this change is never sent again; offset reminders add `:<n>d`.
 * With the type's `remind_after_expiry`, one more reminder goes out the smallest offset's
 * number of days after the expiry date while the certificate is still expired (`after-<n>d`).
 */
import { effectiveOffsets } from '@duly/shared/contract';
import { addCalendarDays } from '../lib/dates';
import { certificateSchedule } from './schedule';

/** A reminder `days` before the expiry date: @duly/shared's one reminder-date rule. */
const reminderDay = (expiryDate: string, days: number) =>
  certificateSchedule(expiryDate, days).remind_on;

export interface ReminderOccasion {
  /** The day it is due, `YYYY-MM-DD` Asia/Kolkata. */
  date: string;
  /** Part of the ledger key; undefined for the single reminder of an untyped certificate. */
  occurrence: string | undefined;
  /** A reminder about a certificate already expired (remind_after_expiry). */
  afterExpiry: boolean;
}

export interface ReminderSettings {
  expiryDate: string;
  reminderDaysBefore: number;
  /** The certificate's own offsets (null: none). */
  ownOffsets: number[] | null;
  /** Its type's offsets and after-expiry flag (null: no type). */
  type: { offsets: number[]; remindAfterExpiry: boolean } | null;
}

export function reminderOccasions(settings: ReminderSettings): ReminderOccasion[] {
  const { expiryDate, type } = settings;
  if (!settings.ownOffsets && !type) {
    const date = reminderDay(expiryDate, settings.reminderDaysBefore);
    return [{ date, occurrence: undefined, afterExpiry: false }];
  }
  const offsets = effectiveOffsets(settings.ownOffsets, type?.offsets, settings.reminderDaysBefore);
  const occasions: ReminderOccasion[] = offsets.map((days) => ({
    date: reminderDay(expiryDate, days),
    occurrence: `${days}d`,
    afterExpiry: false,
  }));
  if (type?.remindAfterExpiry) {
    const days = Math.min(...offsets);
    occasions.push({
      date: addCalendarDays(expiryDate, days),
      occurrence: `after-${days}d`,
      afterExpiry: true,
    });
  }
  return occasions;
}

/** The first reminder day: what a save stores in `remind_on` (the sweep records from there). */
export function firstReminderOn(occasions: readonly ReminderOccasion[]): string {
  return occasions.map((occasion) => occasion.date).sort()[0];
}

/** The next reminder day after `today`, or null when every occasion has come. */
export function nextReminderOn(
  occasions: readonly ReminderOccasion[],
  today: string,
): string | null {
  return (
    occasions
      .map((occasion) => occasion.date)
      .filter((date) => date > today)
      .sort()[0] ?? null
  );
}

/** The occasions due today for a certificate in `status` (before expiry only while valid). */
export function dueOccasions(
  occasions: readonly ReminderOccasion[],
  certificate: { expiryDate: string; status: string },
  today: string,
): ReminderOccasion[] {
  const valid = certificate.status === 'active' || certificate.status === 'renewed';
  return occasions.filter((occasion) => {
    if (occasion.date > today) return false;
    if (occasion.afterExpiry) return !valid && certificate.expiryDate < today;
    return valid && certificate.expiryDate >= today;
  });
}
