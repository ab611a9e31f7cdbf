/**
 * The reminders' job (ARCHITECTURE 7): on every instance, once at start-up and then every
 * SCHEDULER_INTERVAL_MS, sweep (transitions and reminders into the ledger) and then deliver
 * what is due. Every step claims its work in the database, so any number of instances may
 * run it at once. Started by server.ts, never by buildApp: API tests call runReminderSweep
 * and deliverDueNotifications themselves with a clock of their own.
 *
 * Each run logs what it mailed (`Reminders: 120 mails sent in 2300 ms, 3 waiting for a
 * retry`) and is recorded as the job's last run (status.ts), which admins see.
 */
import type { Change } from '../live/change-feed';
import { performance } from 'node:perf_hooks';
import type { Clock } from '../lib/clock';
import { pruneAllActivity } from '../db/repositories/activity';
import type { Db } from '../db/tables';
import type { Mailer } from '../mail/mailer';
import { deliverDueNotifications, type DeliveryResult, type SenderOptions } from './sender';
import { countWaitingForRetry, recordRun } from '../db/repositories/scheduler-runs';
import { runReminderSweep, type SweepResult } from './sweep';
import type { UrlPolicy } from '../webhooks/address';
import { tellAdminsWebhookDisabled } from '../webhooks/disabled';
import { deliverDueWebhooks } from '../webhooks/sender';

export interface SchedulerLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SchedulerSettings extends Omit<SenderOptions, 'signal'> {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  reminderTime: string;
  intervalMs: number;
  log: SchedulerLog;
  /** Where webhooks may go: when given, each run sends the webhooks' outbox too (issue 30). */
  webhooks?: UrlPolicy;
  /** ACTIVITY_RETENTION_DAYS: each run prunes older history (db/repositories/activity.ts). */
  activityRetentionDays?: number;
  /** The app's publishChange: the sweep's status changes reach open screens like HTTP writes. */
  publishChange?: (change: Change) => void;
}

export interface Scheduler {
  /**
   * Stops the timer and the run in progress: nothing more is claimed, and the mails in
   * flight finish and are recorded (server.ts gives it the shutdown's 10 s).
   */
  stop(): Promise<void>;
}

/** One run: the sweep, then the sender. */
export async function runRemindersOnce(
  settings: Omit<SchedulerSettings, 'intervalMs' | 'log'>,
): Promise<{ sweep: SweepResult; delivery: DeliveryResult }> {
  const { db, mailer, clock } = settings;
  const sweep = await runReminderSweep(db, clock, {
    reminderTime: settings.reminderTime,
    publish: settings.publishChange,
  });
  const delivery = await deliverDueNotifications(db, mailer, clock, settings);
  return { sweep, delivery };
}

const didSomething = (counts: object) => Object.values(counts).some((count) => count > 0);

const NOTHING_DELIVERED: DeliveryResult = {
  mailsSent: 0,
  noticesSent: 0,
  noticesRetrying: 0,
  noticesFailed: 0,
  noticesSkipped: 0,
};

export function startScheduler(settings: SchedulerSettings): Scheduler {
  const { db, mailer, clock, log } = settings;
  let running: Promise<void> | undefined;
  const stopping = new AbortController();

  // Each step on its own: a sweep that fails (a lost connection, a deadlock PostgreSQL broke)
  // does not keep what is already in the ledger from being mailed. The next run tries again;
  // the ledger keeps what is left to do.
  const runOnce = async () => {
    const started = performance.now();
    const errors: string[] = [];
    try {
      const sweep = await runReminderSweep(db, clock, {
        reminderTime: settings.reminderTime,
        publish: settings.publishChange,
      });
      if (didSomething(sweep)) log.info({ sweep }, 'Reminders: sweep');
    } catch (error) {
      errors.push(`sweep: ${String(error)}`);
      log.error({ err: error }, 'Reminders: sweep failed');
    }
    if (stopping.signal.aborted) return;
    let delivery = NOTHING_DELIVERED;
    try {
      delivery = await deliverDueNotifications(db, mailer, clock, {
        ...settings,
        signal: stopping.signal,
      });
    } catch (error) {
      errors.push(`delivery: ${String(error)}`);
      log.error({ err: error }, 'Reminders: delivery failed');
    }
    if (settings.webhooks && !stopping.signal.aborted) {
      try {
        const hooks = await deliverDueWebhooks(db, clock, {
          ...settings.webhooks,
          signal: stopping.signal,
          onDisabled: async (endpoint, disabledAt) => {
            try {
              await tellAdminsWebhookDisabled(db, mailer, settings.publicUrl, endpoint, disabledAt);
            } catch (error) {
              log.error(
                { err: error, webhookId: endpoint.id },
                'Webhooks: telling the admins failed',
              );
            }
          },
        });
        if (didSomething(hooks)) log.info({ webhooks: hooks }, 'Webhooks: sent');
      } catch (error) {
        errors.push(`webhooks: ${String(error)}`);
        log.error({ err: error }, 'Webhooks: delivery failed');
      }
    }
    if (settings.activityRetentionDays !== undefined && !stopping.signal.aborted) {
      try {
        const pruned = await pruneAllActivity(db, settings.activityRetentionDays, clock());
        if (pruned > 0) log.info({ pruned }, 'Activity: older entries pruned');
      } catch (error) {
        errors.push(`activity retention: ${String(error)}`);
        log.error({ err: error }, 'Activity: pruning failed');
      }
    }
    const durationMs = Math.round(performance.now() - started);
    try {
      if (didSomething(delivery)) {
        const waiting = await countWaitingForRetry(db);
        log.info(
          { delivery, durationMs, waitingForRetry: waiting },
          `Reminders: ${delivery.mailsSent} mails sent in ${durationMs} ms, ${waiting} waiting for a retry`,
        );
      }
      await recordRun(db, {
        durationMs,
        delivery,
        error: errors.length > 0 ? errors.join('; ') : undefined,
      });
    } catch (error) {
      log.error({ err: error }, 'Reminders: recording the run failed');
    }
  };

  const tick = () => {
    // A run longer than the interval is not overlapped by the next one.
    if (running || stopping.signal.aborted) return;
    running = runOnce().finally(() => {
      running = undefined;
    });
  };

  const timer = setInterval(tick, settings.intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
