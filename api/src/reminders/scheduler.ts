/**
 * The reminders' job (ARCHITECTURE 7): on every instance, once at start-up and then every
 * SCHEDULER_INTERVAL_MS, sweep (transitions and reminders into the ledger) and then deliver
 * what is due. Every step claims its work in the database, so any number of instances may
 * run it at once. Started by server.ts, never by buildApp: API tests call runReminderSweep
 * and deliverDueNotifications themselves with a clock of their own.
 */
import type { Clock } from '../lib/clock';
import type { Db } from '../db/tables';
import type { Mailer } from '../mail/mailer';
import { deliverDueNotifications, type DeliveryResult, type SenderOptions } from './sender';
import { runReminderSweep, type SweepResult } from './sweep';

export interface SchedulerLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface SchedulerSettings extends SenderOptions {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  reminderTime: string;
  intervalMs: number;
  log: SchedulerLog;
}

export interface Scheduler {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/** One run: the sweep, then the sender. */
export async function runRemindersOnce(
  settings: Omit<SchedulerSettings, 'intervalMs' | 'log'>,
): Promise<{ sweep: SweepResult; delivery: DeliveryResult }> {
  const { db, mailer, clock } = settings;
  const sweep = await runReminderSweep(db, clock, { reminderTime: settings.reminderTime });
  const delivery = await deliverDueNotifications(db, mailer, clock, settings);
  return { sweep, delivery };
}

const didSomething = (counts: object) => Object.values(counts).some((count) => count > 0);

export function startScheduler(settings: SchedulerSettings): Scheduler {
  let running: Promise<void> | undefined;
  let stopped = false;

  // Each step on its own: a sweep that fails (a lost connection, a deadlock PostgreSQL broke)
  // does not keep what is already in the ledger from being mailed. The next run tries again;
  // the ledger keeps what is left to do.
  const step = async <T extends object>(name: string, run: () => Promise<T>) => {
    try {
      const counts = await run();
      if (didSomething(counts)) settings.log.info({ [name]: counts }, `Reminders: ${name}`);
    } catch (error) {
      settings.log.error({ err: error }, `Reminders: ${name} failed`);
    }
  };

  const tick = () => {
    // A run longer than the interval is not overlapped by the next one.
    if (running || stopped) return;
    const { db, mailer, clock } = settings;
    running = (async () => {
      await step('sweep', () =>
        runReminderSweep(db, clock, { reminderTime: settings.reminderTime }),
      );
      await step('delivery', () => deliverDueNotifications(db, mailer, clock, settings));
    })().finally(() => {
      running = undefined;
    });
  };

  const timer = setInterval(tick, settings.intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
