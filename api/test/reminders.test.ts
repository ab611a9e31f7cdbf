/**
 * The reminders (issue 15, docs/reminders.md) on each database, with an injected clock:
 * every automatic transition and its boundaries, who is told, the ledger's exactly-once,
 * the digest at REMINDER_TIME, catch-up after downtime, two instances on one database,
 * retries after an SMTP failure, and opt-outs. Mails go through a real SMTP server.
 */
import type { Clock } from '../src/lib/clock';
import type { Db, NotificationRow } from '../src/db/tables';
import { createDatabase } from '../src/db/connection';
import { createMailer, type Mailer } from '../src/mail/mailer';
import { startTestSmtpServer, type TestSmtpServer } from '../src/mail/test-smtp-server';
import { deliverDueNotifications, retryDelayMs } from '../src/reminders/sender';
import { runReminderSweep } from '../src/reminders/sweep';
import { messageIdFor } from '../src/reminders/keys';
import {
  call,
  createCertificate,
  createOrganization,
  createTask,
  createUser,
  kolkataDateIn,
  openTestDatabase,
  setupTestApp,
  TEST_JWT_SECRET,
  testDatabases,
  type TestOrganization,
} from './helper';

const at =
  (iso: string): Clock =>
  () =>
    new Date(iso);

const SENDER = { publicUrl: 'https://duly.test', jwtSecret: TEST_JWT_SECRET };
const silentLog = { info: () => undefined };

async function notices(db: Db, itemId: string): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('item_id', '=', itemId)
    .orderBy('key')
    .execute();
}

async function statusOf(db: Db, table: 'tasks' | 'certificates', id: string): Promise<string> {
  const row = await db
    .selectFrom(table)
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe.each(testDatabases())('reminders on %s', (kind) => {
  const context = setupTestApp(kind);
  let org: TestOrganization;

  beforeEach(async () => {
    // Each sweep reads every organisation: start each test from empty tables.
    const { db } = context();
    await db.deleteFrom('notifications').execute();
    await db.deleteFrom('email_opt_outs').execute();
    await db.deleteFrom('tasks').execute();
    await db.deleteFrom('certificates').execute();
    org = await createOrganization(context().db);
  });

  describe('tasks', () => {
    const DUE = '2030-06-10T06:30:00.000Z';

    test.each(['pending', 'in_progress'] as const)(
      'a %s task is overdue just after its due instant, telling its assignee and assigner',
      async (status) => {
        const { db } = context();
        const task = await createTask(db, org, { due_date: DUE, status });

        await runReminderSweep(db, at(DUE));
        expect(await statusOf(db, 'tasks', task)).toBe(status);
        expect(await notices(db, task)).toEqual([]);

        await runReminderSweep(db, at('2030-06-10T06:30:00.001Z'));
        expect(await statusOf(db, 'tasks', task)).toBe('overdue');
        const rows = await notices(db, task);
        expect(rows.map((row) => [row.kind, row.delivery])).toEqual([
          ['task_overdue', 'immediate'],
          ['task_overdue', 'immediate'],
        ]);
        expect(rows.map((row) => row.key).sort()).toEqual(
          [org.employee.id, org.manager.id]
            .map((user) => `task:${task}:overdue:${DUE}:${user}`)
            .sort(),
        );
      },
    );

    test('an overdue task is escalated on the third day overdue, telling active managers and admins', async () => {
      const { db } = context();
      const retired = await createUser(db, org.id, { role: 'manager', status: 'inactive' });
      const task = await createTask(db, org, { due_date: DUE });
      await runReminderSweep(db, at('2030-06-11T00:00:00Z'));
      expect(await statusOf(db, 'tasks', task)).toBe('overdue');

      await runReminderSweep(db, at('2030-06-13T06:29:59.999Z'));
      expect(await statusOf(db, 'tasks', task)).toBe('overdue');

      await runReminderSweep(db, at('2030-06-13T06:30:00.000Z'));
      expect(await statusOf(db, 'tasks', task)).toBe('escalated');
      const escalations = (await notices(db, task)).filter((row) => row.kind === 'task_escalated');
      expect(escalations.map((row) => row.recipient_user_id).sort()).toEqual(
        [org.admin.id, org.manager.id].sort(),
      );
      expect(escalations.map((row) => row.recipient_user_id)).not.toContain(retired.id);
    });

    test('a completed task never changes, however late', async () => {
      const { db } = context();
      const task = await createTask(db, org, { due_date: DUE, status: 'completed' });
      await runReminderSweep(db, at('2031-01-01T00:00:00Z'));
      expect(await statusOf(db, 'tasks', task)).toBe('completed');
      expect(await notices(db, task)).toEqual([]);
    });

    test('after downtime a late task becomes overdue and escalated in one run', async () => {
      const { db } = context();
      const task = await createTask(db, org, { due_date: DUE });
      await runReminderSweep(db, at('2030-06-20T00:00:00Z'));
      expect(await statusOf(db, 'tasks', task)).toBe('escalated');
      expect(new Set((await notices(db, task)).map((row) => row.kind))).toEqual(
        new Set(['task_overdue', 'task_escalated']),
      );
    });
  });

  describe('certificates', () => {
    // 2030-06-10 in Asia/Kolkata ends at 2030-06-10T18:30:00Z.
    const EXPIRY = '2030-06-10';

    test('expires at midnight Asia/Kolkata after its expiry date, telling the person in charge and the creator', async () => {
      const { db } = context();
      const certificate = await createCertificate(db, org, {
        expiry_date: EXPIRY,
        reminder_days_before: 7,
      });
      await runReminderSweep(db, at('2030-06-10T18:29:59.999Z'));
      expect(await statusOf(db, 'certificates', certificate)).toBe('active');

      await runReminderSweep(db, at('2030-06-10T18:30:00.000Z'));
      expect(await statusOf(db, 'certificates', certificate)).toBe('expired');
      const expired = (await notices(db, certificate)).filter(
        (row) => row.kind === 'certificate_expired',
      );
      expect(expired.map((row) => [row.recipient_user_id, row.key]).sort()).toEqual(
        [org.employee.id, org.manager.id]
          .map((user) => [user, `certificate:${certificate}:expired:${EXPIRY}:${user}`])
          .sort(),
      );
    });

    test('is escalated once expired for its reminder days, telling managers and admins', async () => {
      const { db } = context();
      const certificate = await createCertificate(db, org, {
        expiry_date: EXPIRY,
        reminder_days_before: 7,
      });
      // Expired from 2030-06-11; 7 days later is 2030-06-18 (Asia/Kolkata).
      await runReminderSweep(db, at('2030-06-17T18:29:59Z'));
      expect(await statusOf(db, 'certificates', certificate)).toBe('expired');
      await runReminderSweep(db, at('2030-06-17T18:30:00Z'));
      expect(await statusOf(db, 'certificates', certificate)).toBe('escalated');
      const escalated = (await notices(db, certificate)).filter(
        (row) => row.kind === 'certificate_escalated',
      );
      expect(escalated.map((row) => row.recipient_user_id).sort()).toEqual(
        [org.admin.id, org.manager.id].sort(),
      );
    });

    test('a renewed certificate with a future date never changes', async () => {
      const { db } = context();
      const certificate = await createCertificate(db, org, {
        expiry_date: '2031-06-10',
        reminder_days_before: 7,
        status: 'renewed',
      });
      await runReminderSweep(db, at('2030-06-20T00:00:00Z'));
      expect(await statusOf(db, 'certificates', certificate)).toBe('renewed');
      expect(await notices(db, certificate)).toEqual([]);
    });

    test('the reminder is recorded from the reminder day on (Asia/Kolkata), once, as a digest at REMINDER_TIME', async () => {
      const { db } = context();
      const certificate = await createCertificate(db, org, {
        expiry_date: EXPIRY,
        reminder_days_before: 30,
      });
      // 2030-06-10 − 30 days = 2030-05-11, which starts at 2030-05-10T18:30:00Z.
      await runReminderSweep(db, at('2030-05-10T18:29:59.999Z'));
      expect(await notices(db, certificate)).toEqual([]);

      await runReminderSweep(db, at('2030-05-10T18:30:00.000Z'), { reminderTime: '09:00' });
      await runReminderSweep(db, at('2030-05-11T02:00:00.000Z'));
      const rows = await notices(db, certificate);
      expect(
        rows.map((row) => [row.recipient_user_id, row.kind, row.delivery, row.send_after]),
      ).toEqual(
        [org.employee.id, org.manager.id]
          .sort((a, b) =>
            `certificate:${certificate}:reminder:${EXPIRY}:${a}`.localeCompare(
              `certificate:${certificate}:reminder:${EXPIRY}:${b}`,
            ),
          )
          .map((user) => [
            user,
            'certificate_reminder',
            'digest',
            // 09:00 Asia/Kolkata on 2030-05-11.
            '2030-05-11T03:30:00.000Z',
          ]),
      );
    });

    test('a reminder missed during downtime is recorded at the next run, to be sent at once', async () => {
      const { db } = context();
      const certificate = await createCertificate(db, org, {
        expiry_date: EXPIRY,
        reminder_days_before: 30,
      });
      await runReminderSweep(db, at('2030-05-14T10:00:00.000Z'));
      const rows = await notices(db, certificate);
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.send_after === '2030-05-14T10:00:00.000Z')).toBe(true);
    });

    test('the person in charge who also created it is told once; inactive people are not told', async () => {
      const { db } = context();
      const gone = await createUser(db, org.id, { status: 'inactive' });
      const own = await createCertificate(db, org, {
        expiry_date: EXPIRY,
        incharge_person_id: org.manager.id,
        created_by_user_id: org.manager.id,
      });
      const left = await createCertificate(db, org, {
        expiry_date: EXPIRY,
        incharge_person_id: gone.id,
      });
      await runReminderSweep(db, at('2030-06-01T00:00:00Z'));
      expect((await notices(db, own)).map((row) => row.recipient_user_id)).toEqual([
        org.manager.id,
      ]);
      expect((await notices(db, left)).map((row) => row.recipient_user_id)).toEqual([
        org.manager.id,
      ]);
    });

    test('a new expiry date re-arms the reminder; saving the same one does not', async () => {
      const { app, db } = context();
      const certificate = await createCertificate(db, org, {
        expiry_date: kolkataDateIn(10),
        reminder_days_before: 30,
      });
      await runReminderSweep(db, () => new Date());
      await runReminderSweep(db, () => new Date());
      expect(await notices(db, certificate)).toHaveLength(2);

      const rename = await call(app, 'PUT', `/certificates/${certificate}/`, {
        token: org.manager.token,
        body: { name: 'Renamed', reminder_days_before: 30 },
      });
      expect(rename.statusCode).toBe(200);
      await runReminderSweep(db, () => new Date());
      expect(await notices(db, certificate)).toHaveLength(2);

      const later = kolkataDateIn(20);
      const moved = await call(app, 'PUT', `/certificates/${certificate}/`, {
        token: org.manager.token,
        body: { expiry_date: later },
      });
      expect(moved.statusCode).toBe(200);
      await runReminderSweep(db, () => new Date());
      const rows = await notices(db, certificate);
      expect(rows).toHaveLength(4);
      expect(rows.filter((row) => row.item_date === later)).toHaveLength(2);
    });

    test('renewing an expired certificate re-arms its expiry and reminder', async () => {
      const { app, db } = context();
      const created = await call(app, 'POST', '/certificates/', {
        token: org.manager.token,
        body: {
          name: 'Fire safety',
          expiry_date: kolkataDateIn(0),
          reminder_days_before: 7,
          incharge_person_id: org.employee.id,
        },
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json();
      const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000);
      await runReminderSweep(db, inTwoDays);
      expect(await statusOf(db, 'certificates', id)).toBe('expired');

      const renewed = await call(app, 'PUT', `/certificates/${id}/`, {
        token: org.manager.token,
        body: { expiry_date: kolkataDateIn(5) },
      });
      expect(renewed.json().status).toBe('renewed');
      await runReminderSweep(db, () => new Date());
      const kinds = (await notices(db, id)).map((row) => `${row.kind} ${row.item_date}`);
      expect(kinds.filter((k) => k === `certificate_reminder ${kolkataDateIn(5)}`)).toHaveLength(2);
      expect(kinds.filter((k) => k.startsWith('certificate_expired'))).toHaveLength(2);
    });
  });

  describe('sending', () => {
    let smtp: TestSmtpServer;
    let mailer: Mailer;
    beforeEach(async () => {
      smtp = await startTestSmtpServer();
      mailer = createMailer({ smtpUrl: smtp.url, from: 'Duly <no-reply@duly.test>' }, silentLog);
    });
    afterEach(async () => {
      mailer.close();
      await smtp.close();
    });

    const EXPIRY = '2030-06-10';
    const REMINDER_DAY_EARLY = at('2030-05-11T01:00:00Z'); // 06:30 Asia/Kolkata
    const REMINDER_DAY_NINE = at('2030-05-11T03:30:00Z'); // 09:00 Asia/Kolkata

    async function twoRemindersForTheEmployee(): Promise<string[]> {
      const { db } = context();
      return [
        await createCertificate(db, org, { expiry_date: EXPIRY, reminder_days_before: 30 }),
        await createCertificate(db, org, { expiry_date: EXPIRY, reminder_days_before: 30 }),
      ];
    }

    test('due reminders go out at REMINDER_TIME as one digest per recipient, with the ledger keys, a stable Message-ID and one-click unsubscribe', async () => {
      const { db } = context();
      const ids = await twoRemindersForTheEmployee();
      await runReminderSweep(db, REMINDER_DAY_EARLY);
      expect(await deliverDueNotifications(db, mailer, REMINDER_DAY_EARLY, SENDER)).toMatchObject({
        mailsSent: 0,
      });
      expect(smtp.received).toHaveLength(0);

      const result = await deliverDueNotifications(db, mailer, REMINDER_DAY_NINE, SENDER);
      expect(result).toMatchObject({ mailsSent: 2, noticesSent: 4 });
      expect(smtp.mailsTo(org.employee.email)).toHaveLength(1);
      expect(smtp.mailsTo(org.manager.email)).toHaveLength(1);

      const [digest] = smtp.mailsTo(org.employee.email);
      const keys = ids.map((id) => `certificate:${id}:reminder:${EXPIRY}:${org.employee.id}`);
      expect(digest.headers['x-duly-notification-keys'].split(/,\s*/).sort()).toEqual(keys.sort());
      expect(digest.messageId).toBe(messageIdFor(keys));
      expect(digest.subject).toBe('Reminder: 2 certificates expire soon');
      expect(digest.text).toContain(`https://duly.test/certificates/${ids[0]}`);
      expect(digest.headers['list-unsubscribe']).toMatch(
        /^<https:\/\/duly\.test\/api\/v1\/unsubscribe\?token=[^>]+>$/,
      );
      expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

      const rows = await db.selectFrom('notifications').selectAll().execute();
      expect(rows.map((row) => [row.email_status, row.attempts, row.lease_owner])).toEqual(
        rows.map(() => ['sent', 1, null]),
      );

      // Again, later: nothing more.
      await runReminderSweep(db, at('2030-05-12T04:00:00Z'));
      await deliverDueNotifications(db, mailer, at('2030-05-12T04:00:00Z'), SENDER);
      expect(smtp.received).toHaveLength(2);
    });

    test('a digest of 40 reminders is one mail whose header names all 40 keys', async () => {
      const { db } = context();
      const ids: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        ids.push(
          await createCertificate(db, org, {
            expiry_date: EXPIRY,
            reminder_days_before: 30,
            created_by_user_id: org.employee.id,
          }),
        );
      }
      await runReminderSweep(db, REMINDER_DAY_NINE);
      await deliverDueNotifications(db, mailer, REMINDER_DAY_NINE, SENDER);
      const mails = smtp.mailsTo(org.employee.email);
      expect(mails).toHaveLength(1);
      const keys = mails[0].headers['x-duly-notification-keys'].split(',').map((key) => key.trim());
      expect(keys.sort()).toEqual(
        ids.map((id) => `certificate:${id}:reminder:${EXPIRY}:${org.employee.id}`).sort(),
      );
      expect(mails[0].messageId).toBe(messageIdFor(keys));
    });

    test('two instances on one database, running together and twice, send each mail once', async () => {
      // Its own database: on PostgreSQL each instance gets its own connection pool, as two
      // servers would (an in-memory SQLite database has a single connection).
      const database = await openTestDatabase(kind);
      const first = database.db;
      const second = kind === 'postgres' ? createDatabase(database.settings) : first;
      try {
        const own = await createOrganization(first);
        for (let i = 0; i < 2; i += 1) {
          await createCertificate(first, own, { expiry_date: EXPIRY, reminder_days_before: 30 });
        }
        const task = await createTask(first, own, { due_date: '2030-05-10T00:00:00Z' });
        const instance = async (db: Db) => {
          await runReminderSweep(db, REMINDER_DAY_NINE);
          await deliverDueNotifications(db, mailer, REMINDER_DAY_NINE, SENDER);
        };
        await Promise.all([instance(first), instance(second), instance(first), instance(second)]);
        await Promise.all([instance(first), instance(second)]);

        const { title } = await first
          .selectFrom('tasks')
          .select('title')
          .where('id', '=', task)
          .executeTakeFirstOrThrow();
        expect(
          smtp
            .mailsTo(own.employee.email)
            .map((mail) => mail.subject)
            .sort(),
        ).toEqual(['Reminder: 2 certificates expire soon', `Task overdue: "${title}"`].sort());
        expect(smtp.mailsTo(own.manager.email)).toHaveLength(2);
        expect(smtp.received).toHaveLength(4);
      } finally {
        if (second !== first) await second.destroy();
        await database.drop();
      }
    });

    test('after downtime across the reminder day, the reminders go out at the next run', async () => {
      const { db } = context();
      await twoRemindersForTheEmployee();
      const threeDaysLate = at('2030-05-14T12:00:00Z');
      await runReminderSweep(db, threeDaysLate);
      await deliverDueNotifications(db, mailer, threeDaysLate, SENDER);
      expect(smtp.mailsTo(org.employee.email)).toHaveLength(1);
      expect(smtp.mailsTo(org.manager.email)).toHaveLength(1);
    });

    test('a mail the SMTP server refused is retried after a backoff, and sent once', async () => {
      const { db } = context();
      await twoRemindersForTheEmployee();
      const port = Number(new URL(smtp.url).port);
      await smtp.close();

      await runReminderSweep(db, REMINDER_DAY_NINE);
      const failed = await deliverDueNotifications(db, mailer, REMINDER_DAY_NINE, SENDER);
      expect(failed).toMatchObject({ mailsSent: 0, noticesRetrying: 4 });
      const rows = await db.selectFrom('notifications').selectAll().execute();
      expect(rows.map((row) => [row.email_status, row.attempts])).toEqual(
        rows.map(() => ['pending', 1]),
      );
      expect(rows[0].last_error).toBeTruthy();
      const retryAt = new Date(Date.parse('2030-05-11T03:30:00Z') + retryDelayMs(1));
      expect(rows.map((row) => row.send_after)).toEqual(rows.map(() => retryAt.toISOString()));

      smtp = await startTestSmtpServer({ port });
      await deliverDueNotifications(db, mailer, at('2030-05-11T03:30:30Z'), SENDER);
      expect(smtp.received).toHaveLength(0);
      await deliverDueNotifications(db, mailer, () => retryAt, SENDER);
      await deliverDueNotifications(db, mailer, () => retryAt, SENDER);
      expect(smtp.mailsTo(org.employee.email)).toHaveLength(1);
      expect(smtp.mailsTo(org.manager.email)).toHaveLength(1);
      const sent = await db
        .selectFrom('notifications')
        .select(['email_status', 'attempts'])
        .execute();
      expect(sent).toEqual(sent.map(() => ({ email_status: 'sent', attempts: 2 })));
    });

    test('after the last attempt a notice is failed and no longer tried', async () => {
      const { db } = context();
      await createTask(db, org, { due_date: '2030-05-10T00:00:00Z' });
      await smtp.close();
      const now = at('2030-05-11T00:00:00Z');
      await runReminderSweep(db, now);
      const result = await deliverDueNotifications(db, mailer, now, { ...SENDER, maxAttempts: 1 });
      expect(result).toMatchObject({ noticesFailed: 2 });
      expect(
        await deliverDueNotifications(db, mailer, at('2030-06-01T00:00:00Z'), SENDER),
      ).toMatchObject({ noticesFailed: 0, noticesRetrying: 0 });
      smtp = await startTestSmtpServer();
    });

    test('a claim whose instance died is taken over when its lease runs out, not before', async () => {
      const { db } = context();
      const task = await createTask(db, org, { due_date: '2030-05-10T00:00:00Z' });
      const now = at('2030-05-11T00:00:00Z');
      await runReminderSweep(db, now);
      // What a killed instance leaves: rows claimed, never settled.
      await db
        .updateTable('notifications')
        .set({
          email_status: 'sending',
          lease_owner: 'dead-instance',
          lease_until: '2030-05-11T00:05:00.000Z',
        })
        .where('item_id', '=', task)
        .execute();
      await deliverDueNotifications(db, mailer, at('2030-05-11T00:04:59Z'), SENDER);
      expect(smtp.received).toHaveLength(0);
      await deliverDueNotifications(db, mailer, at('2030-05-11T00:05:00Z'), SENDER);
      expect(smtp.received).toHaveLength(2);
    });

    test('a kind a person turned off is not emailed but stays in the ledger for the bell', async () => {
      const { db } = context();
      await db
        .insertInto('email_opt_outs')
        .values({
          organization_id: org.id,
          user_id: org.employee.id,
          kind: 'certificate_reminder',
          created_at: new Date().toISOString(),
        })
        .execute();
      const [certificate] = await twoRemindersForTheEmployee();
      await runReminderSweep(db, REMINDER_DAY_NINE);
      await deliverDueNotifications(db, mailer, REMINDER_DAY_NINE, SENDER);
      expect(smtp.mailsTo(org.employee.email)).toHaveLength(0);
      expect(smtp.mailsTo(org.manager.email)).toHaveLength(1);
      const own = (await notices(db, certificate)).find(
        (row) => row.recipient_user_id === org.employee.id,
      );
      expect(own).toMatchObject({ email_status: 'skipped', read_at: null });
    });
  });
});
