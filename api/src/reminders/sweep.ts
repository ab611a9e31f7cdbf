/**
 * The reminder sweep: the automatic transitions, then the certificate reminders, each
 * recorded in the ledger in the transaction that caused it. It sends nothing (sender.ts
 * does), so it is safe to run on any number of instances at once and as often as wanted.
 *
 * Transitions run first: a certificate whose reminder day and expiry date both passed while
 * no instance ran gets its expiry notice, not a reminder about a date already gone.
 */
import { kolkataToday } from '@duly/shared/contract';
import type { Clock } from '../lib/clock';
import type { Db } from '../db/tables';
import { recordCertificateReminders } from './certificate-reminders';
import {
  escalateExpiredCertificates,
  escalateOverdueTasks,
  expireCertificates,
  markOverdueTasks,
  type SweepMoment,
} from './transitions';

export interface SweepOptions {
  /** REMINDER_TIME: `HH:mm` Asia/Kolkata, when digests go out (default 09:00). */
  reminderTime?: string;
  /** Open screens hear of the transitions (plugins/live.ts publishChange). */
  publish?: SweepMoment['publish'];
}

export interface SweepResult {
  tasksOverdue: number;
  tasksEscalated: number;
  certificatesExpired: number;
  certificatesEscalated: number;
  certificatesReminded: number;
}

export async function runReminderSweep(
  db: Db,
  clock: Clock,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const now = clock();
  const moment: SweepMoment = {
    now,
    nowIso: now.toISOString(),
    today: kolkataToday(now),
    publish: options.publish,
  };
  const tasksOverdue = await markOverdueTasks(db, moment);
  const tasksEscalated = await escalateOverdueTasks(db, moment);
  const certificatesExpired = await expireCertificates(db, moment);
  const certificatesEscalated = await escalateExpiredCertificates(db, moment);
  const certificatesReminded = await recordCertificateReminders(
    db,
    moment,
    options.reminderTime ?? '09:00',
  );
  return {
    tasksOverdue,
    tasksEscalated,
    certificatesExpired,
    certificatesEscalated,
    certificatesReminded,
  };
}
