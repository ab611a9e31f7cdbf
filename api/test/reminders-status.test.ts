/**
 * Whether reminders work, as an admin sees it (issue 35): GET /reminders/status says when the
 * job last ran and what the organisation's outbox holds; the scheduler's log line says how
 * many mails went out, in how long, and how many wait for a retry. Mails go through a real
 * SMTP server.
 */
import { createMailer, type Mailer } from '../src/mail/mailer';
import { startTestSmtpServer, type TestSmtpServer } from '../src/mail/test-smtp-server';
import { startScheduler } from '../src/reminders/scheduler';
import {
  call,
  createOrganization,
  createTask,
  daysFromNow,
  setupTestApp,
  TEST_JWT_SECRET,
  testDatabases,
  type TestOrganization,
} from './helper';

describe.each(testDatabases())('reminders status on %s', (kind) => {
  const context = setupTestApp(kind);
  let org: TestOrganization;
  let smtp: TestSmtpServer;
  let mailer: Mailer;

  beforeAll(async () => {
    org = await createOrganization(context().db);
    smtp = await startTestSmtpServer({
      refuse: (address) =>
        address === org.manager.email.toLowerCase()
          ? { code: 450, message: '450 mailbox busy' }
          : undefined,
    });
    mailer = createMailer(
      { smtpUrl: smtp.url, from: 'Duly <no-reply@duly.test>' },
      {
        info: () => undefined,
      },
    );
  });
  afterAll(async () => {
    mailer.close();
    await smtp.close();
  });

  test('only admins may read it', async () => {
    const { app } = context();
    for (const person of [org.manager, org.employee]) {
      const answer = await call(app, 'GET', '/reminders/status', { token: person.token });
      expect(answer.statusCode).toBe(403);
    }
    expect((await call(app, 'GET', '/reminders/status')).statusCode).toBe(401);
  });

  test('says when the job last ran and what waits in the outbox, and the run logs what it mailed', async () => {
    const { app, db } = context();
    const before = await call(app, 'GET', '/reminders/status', { token: org.admin.token });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      last_run_at: null,
      last_run_succeeded: null,
      queue: { due: 0, scheduled: 0, waiting_for_retry: 0, failed: 0 },
    });

    // Overdue: one notice to the employee (mailed) and one to the manager (a 450: retried).
    await createTask(db, org, { due_date: daysFromNow(-1) });
    const logged: string[] = [];
    const startedAt = new Date().toISOString();
    const scheduler = startScheduler({
      db,
      mailer,
      clock: () => new Date(),
      reminderTime: '09:00',
      intervalMs: 60_000,
      publicUrl: 'https://duly.test',
      jwtSecret: TEST_JWT_SECRET,
      log: { info: (_details, message) => logged.push(message), error: () => undefined },
    });
    await smtp.waitForMail(org.employee.email);
    await scheduler.stop();

    expect(logged).toContainEqual(
      expect.stringMatching(/^Reminders: 1 mails sent in \d+ ms, 1 waiting for a retry$/),
    );
    const after = (await call(app, 'GET', '/reminders/status', { token: org.admin.token })).json();
    expect(after.last_run_at >= startedAt.slice(0, 19)).toBe(true);
    expect(after).toMatchObject({
      last_run_succeeded: true,
      queue: { due: 0, scheduled: 0, waiting_for_retry: 1, failed: 0 },
    });
  });
});
