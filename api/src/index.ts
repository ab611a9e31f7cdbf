// The API's public entry point: what code outside api/ (benchmarks, browser tests, tools) may
// use. Everything else under api/src is internal and may change without notice.
export { buildApp, type AppOptions } from './app';
export { createDatabase, type DatabaseSettings } from './db/connection';
export { migrateToLatest } from './db/migrate';
export type { Db, NewCertificate, NewNotification, NewTask, NewUser } from './db/tables';
// Notices for browser tests of the bell, until the reminders engine writes them itself.
export { insertNotification } from './db/repositories/notifications';
export { hashPassword } from './lib/passwords';
export {
  startTestSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from './mail/test-smtp-server';
