/**
 * The scheduler in a real server process (src/server.ts): it runs once at start-up and then
 * every SCHEDULER_INTERVAL_MS, asks DULY_CLOCK_FILE's clock for "now", and SCHEDULER=off
 * keeps it from running at all.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { Db } from '../src/db/tables';
import { startTestSmtpServer, type TestSmtpServer } from '../src/mail/test-smtp-server';
import {
  createOrganization,
  createTask,
  createUser,
  daysFromNow,
  openTestDatabase,
  serverDatabaseEnv,
  testDatabases,
  type TestDatabase,
} from './helper';
import { freePort, spawnServer, startServer, waitForOutput } from './server-process';

jest.setTimeout(60_000);

const DAY_MS = 86_400_000;

/** SIGTERM, and SIGKILL if the process has not ended 15 s later (a busy machine). */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

describe.each(testDatabases())('the reminders scheduler of a server process on %s', (kind) => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let db: Db;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'duly-scheduler-'));
    if (kind === 'postgres') {
      database = await openTestDatabase(kind);
      db = database.db;
    } else {
      db = createDatabase({ dialect: 'sqlite', filename: path.join(dataDir, 'duly.sqlite') });
      await migrateToLatest(db);
    }
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    if (database) await database.drop();
    else await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const statusOf = async (id: string) =>
    (await db.selectFrom('tasks').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  test('SCHEDULER=off runs nothing; otherwise it runs at start-up and then on its interval, on the clock of DULY_CLOCK_FILE', async () => {
    const org = await createOrganization(db);
    const late = await createTask(db, org, { due_date: daysFromNow(-0.1) });
    const dueInTwoDays = await createTask(db, org, { due_date: daysFromNow(2) });
    const clockFile = path.join(dataDir, 'clock-offset');
    writeFileSync(clockFile, '0');
    const env = {
      DATA_DIR: dataDir,
      ...serverDatabaseEnv(database),
      JWT_SECRET: 'scheduler-test-secret-that-is-long-enough',
      SMTP_URL: smtp.url,
      DULY_CLOCK_FILE: clockFile,
      SCHEDULER_INTERVAL_MS: '1000',
    };

    const off = await startServer({ ...env, PORT: String(await freePort()), SCHEDULER: 'off' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await stop(off);
    expect(await statusOf(late)).toBe('pending');
    expect(smtp.received).toHaveLength(0);

    const on = await startServer({ ...env, PORT: String(await freePort()) });
    try {
      const first = await smtp.waitForMail(org.employee.email, (mail) =>
        mail.subject.startsWith('Task overdue'),
      );
      expect(first.headers['x-duly-notification-keys']).toContain(`task:${late}:overdue:`);
      expect(await statusOf(late)).toBe('overdue');
      expect(await statusOf(dueInTwoDays)).toBe('pending');

      // Three days later for every instance: the next runs see the second task overdue and
      // the first escalated.
      writeFileSync(clockFile, String(3 * DAY_MS));
      await smtp.waitForMail(org.employee.email, (mail) =>
        (mail.headers['x-duly-notification-keys'] ?? '').includes(`task:${dueInTwoDays}:`),
      );
      await smtp.waitForMail(org.admin.email, (mail) => mail.subject.startsWith('Task escalated'));
      expect(await statusOf(dueInTwoDays)).toBe('overdue');
      expect(await statusOf(late)).toBe('escalated');
      expect(smtp.mailsTo(org.employee.email)).toHaveLength(2);
    } finally {
      await stop(on);
    }
  });

  test('SIGTERM in the middle of a delivery claims nothing more, lets the mails in flight finish, and exits within the shutdown time', async () => {
    await db.deleteFrom('notifications').execute();
    await db.deleteFrom('tasks').execute();
    const org = await createOrganization(db);
    // 60 people with an overdue task each: 60 mails, through a relay that answers slowly.
    for (let i = 0; i < 60; i += 1) {
      const person = await createUser(db, org.id, { role: 'employee' });
      await createTask(db, org, {
        due_date: daysFromNow(-1),
        assigned_to_user_id: person.id,
        created_by_user_id: person.id,
        assigner_id: person.id,
      });
    }
    const slow = await startTestSmtpServer({ commandDelayMs: 200 });
    try {
      const child = spawnServer({
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        ...serverDatabaseEnv(database),
        JWT_SECRET: 'scheduler-test-secret-that-is-long-enough',
        SMTP_URL: slow.url,
        SCHEDULER_INTERVAL_MS: '60000',
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      await waitForOutput(child, /listening on http:\/\/\S+/);
      while (slow.received.length < 5) await new Promise((resolve) => setTimeout(resolve, 20));

      const signalledAt = Date.now();
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(killer);
      expect(code).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);

      const rows = await db
        .selectFrom('notifications')
        .innerJoin('users', 'users.id', 'notifications.recipient_user_id')
        .select(['users.email', 'notifications.email_status'])
        .execute();
      expect(rows).toHaveLength(60);
      // Every mail that arrived is recorded as sent; nothing is left claimed; the rest waits.
      const sent = rows.filter((row) => row.email_status === 'sent').map((row) => row.email);
      expect(slow.received.flatMap((mail) => mail.to).sort()).toEqual(sent.sort());
      expect(rows.filter((row) => row.email_status === 'sending')).toEqual([]);
      expect(rows.filter((row) => row.email_status === 'pending').length).toBeGreaterThan(0);
    } finally {
      await slow.close();
    }
  });
});
