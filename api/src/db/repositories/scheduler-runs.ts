/**
 * Whether reminders work, as an admin can see it (issue 35): when the job last ran on any
 * instance (table scheduler_runs, one row per job) and what the organisation's outbox holds.
 */
import os from 'node:os';
import { databaseNow } from '../database-clock';
import type { Db } from '../tables';

const JOB = 'reminders';

export interface FinishedRun {
  durationMs: number;
  /** What the delivery step did (reminders/sender.ts DeliveryResult). */
  delivery: { mailsSent: number; noticesRetrying: number; noticesFailed: number };
  /** What failed, if a step did. */
  error: string | undefined;
}

/**
 * Writes the run as the job's last one (one upsert per run, whichever instance ran it), at
 * the database's time: the instances' clocks may disagree (db/database-clock.ts).
 */
export async function recordRun(db: Db, run: FinishedRun): Promise<void> {
  const row = {
    finished_at: databaseNow(db),
    duration_ms: Math.round(run.durationMs),
    instance: `${os.hostname()}:${process.pid}`,
    mails_sent: run.delivery.mailsSent,
    notices_retrying: run.delivery.noticesRetrying,
    notices_failed: run.delivery.noticesFailed,
    error: run.error?.slice(0, 500) ?? null,
  };
  await db
    .insertInto('scheduler_runs')
    .values({ job: JOB, ...row })
    .onConflict((conflict) => conflict.column('job').doUpdateSet(row))
    .execute();
}

/** Mails waiting in the whole ledger for a retry after a failed attempt (the log line). */
export async function countWaitingForRetry(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('email_status', '=', 'pending')
    .where('attempts', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export interface RemindersStatus {
  /** When the job last finished, on any instance; null if it never ran. */
  last_run_at: string | null;
  /** False when a step of that run failed (the server's log says why). */
  last_run_succeeded: boolean | null;
  /** The organisation's notices whose email is still to go out. */
  queue: {
    /** Due now (or being sent). */
    due: number;
    /** Recorded for later (the next REMINDER_TIME). */
    scheduled: number;
    /** Failed at least once; tried again later. */
    waiting_for_retry: number;
    /** Given up on (a 5xx, or every attempt failed). */
    failed: number;
  };
}

export async function remindersStatus(
  db: Db,
  organizationId: string,
  nowIso: string,
): Promise<RemindersStatus> {
  const [run, counts] = await Promise.all([
    db
      .selectFrom('scheduler_runs')
      .select(['finished_at', 'error'])
      .where('job', '=', JOB)
      .executeTakeFirst(),
    db
      .selectFrom('notifications')
      .select((eb) => [
        eb.fn
          .countAll<string | number>()
          .filterWhere((w) =>
            w.or([
              w.and([
                w('email_status', '=', 'pending'),
                w('attempts', '=', 0),
                w('send_after', '<=', nowIso),
              ]),
              w('email_status', '=', 'sending'),
            ]),
          )
          .as('due'),
        eb.fn
          .countAll<string | number>()
          .filterWhere((w) =>
            w.and([
              w('email_status', '=', 'pending'),
              w('attempts', '=', 0),
              w('send_after', '>', nowIso),
            ]),
          )
          .as('scheduled'),
        eb.fn
          .countAll<string | number>()
          .filterWhere((w) => w.and([w('email_status', '=', 'pending'), w('attempts', '>', 0)]))
          .as('waiting_for_retry'),
        eb.fn.countAll<string | number>().filterWhere('email_status', '=', 'failed').as('failed'),
      ])
      .where('organization_id', '=', organizationId)
      .where('email_status', 'in', ['pending', 'sending', 'failed'])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    last_run_at: run?.finished_at ?? null,
    last_run_succeeded: run ? run.error === null : null,
    queue: {
      due: Number(counts.due),
      scheduled: Number(counts.scheduled),
      waiting_for_retry: Number(counts.waiting_for_retry),
      failed: Number(counts.failed),
    },
  };
}
