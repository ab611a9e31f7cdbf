// The API's public entry point: what code outside api/ (benchmarks, browser tests, tools) may
// use. Everything else under api/src is internal and may change without notice.
export { buildApp, type AppOptions } from './app';
export { createDatabase, type DatabaseSettings } from './db/connection';
export { migrateToLatest } from './db/migrate';
export type { Database, Db, NewCertificate, NewNotification, NewTask, NewUser } from './db/tables';
// Notices for browser tests of the bell, until the reminders engine writes them itself.
export { insertNotification } from './db/repositories/notifications';
export { hashPassword } from './lib/passwords';
export {
  startTestSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from './mail/test-smtp-server';

// The reminders (issue 15, docs/reminders.md), for the fault-injection test and the sweep
// benchmark:
// - runReminderSweep(db, clock, { reminderTime }) runs the automatic transitions and records
//   the due reminders in the ledger (table `notifications`); it sends nothing. Its cost grows
//   with what is due, not with the tables.
// - deliverDueNotifications(db, mailer, clock, { publicUrl, jwtSecret, leaseMs? }) mails what
//   the ledger holds and is due, claiming rows with a lease.
// - runRemindersOnce does both, as every instance's scheduler does each SCHEDULER_INTERVAL_MS.
// - certificateSchedule(expiry_date, reminder_days_before) gives the columns remind_on and
//   escalate_on of an untyped certificate, which a raw insert (a bench's seed) must carry
//   (migration 008); the certificates repository works them out itself on every write.
// - Every reminder mail carries NOTIFICATION_KEYS_HEADER (`X-Duly-Notification-Keys`: the
//   ledger keys it delivers, `, `-separated) and the Message-ID messageIdFor(keys).
export { createMailer, type Mailer } from './mail/mailer';
export { clockFromEnv, offsetClock, systemClock, type Clock } from './lib/clock';
export { runReminderSweep, type SweepOptions, type SweepResult } from './reminders/sweep';
export {
  deliverDueNotifications,
  type DeliveryResult,
  type SenderOptions,
} from './reminders/sender';
export { runRemindersOnce, startScheduler } from './reminders/scheduler';
export { certificateSchedule } from './reminders/schedule';
export { messageIdFor, noticeKey, NOTIFICATION_KEYS_HEADER } from './reminders/keys';

// The activity history (issue 29, docs/activity.md), for its benchmark.
export {
  countActivity,
  listActivity,
  recordActivity,
  sealActivity,
  sealSettled,
  setActivityRecording,
  SYSTEM,
  verifyActivity,
  type Actor,
} from './db/repositories/activity';
export { DEFAULT_ACTIVITY_SEAL_MS } from './plugins/activity-sealer';
export { signToken } from './lib/jwt';
