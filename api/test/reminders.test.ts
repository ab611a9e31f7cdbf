/**
 * The reminders (issue 15, docs/reminders.md) on each database, with an injected clock:
 * every automatic transition and its boundaries, who is told, the ledger's exactly-once,
 * the digest at REMINDER_TIME, catch-up after downtime, two instances on one database,
 * retries after an SMTP failure, and opt-outs. Mails go through a real SMTP server.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { offsetClock, systemClock, type Clock } from '../src/lib/clock';
import type { Db, NotificationRow } from '../src/db/tables';
import { createDatabase } from '../src/db/connection';
import { createMailer, type Mailer } from '../src/mail/mailer';
import { startTestSmtpServer, type TestSmtpServer } from '../src/mail/test-smtp-server';
import { deliverDueNotifications, retryDelayMs } from '../src/reminders/sender';
import { runReminderSweep } from '../src/reminders/sweep';
import { messageIdFor } from '../src/reminders/keys';
import { certificateSchedule } from '../src/reminders/schedule';
import {
  call,
  daysFromNow,
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

    test('an SMTP server that cannot be reached costs one attempt of the mails in flight only; they are retried after a backoff and each mail is sent once', async () => {
      const { db } = context();
      const people = [];
      for (let i = 0; i < 8; i += 1) {
        const person = await createUser(db, org.id, { role: 'employee' });
        people.push(person);
        await createTask(db, org, {
          due_date: '2030-05-10T00:00:00Z',
          assigned_to_user_id: person.id,
          created_by_user_id: person.id,
          assigner_id: person.id,
        });
      }
      const port = Number(new URL(smtp.url).port);
      await smtp.close();
      const now = at('2030-05-11T00:00:00Z');
      await runReminderSweep(db, now);
      const options = { ...SENDER, concurrency: 2 };
      const failed = await deliverDueNotifications(db, mailer, now, options);
      // The mails in flight (at most 2 at once) failed, each twice (a second go on a new
      // connection); then the run claimed nothing more: the others used no attempt.
      expect(failed.mailsSent).toBe(0);
      expect(failed.noticesRetrying).toBeGreaterThanOrEqual(1);
      expect(failed.noticesRetrying).toBeLessThanOrEqual(2);
      const rows = await db.selectFrom('notifications').selectAll().execute();
      const tried = rows.filter((row) => row.attempts === 1);
      expect(tried).toHaveLength(failed.noticesRetrying);
      expect(rows.filter((row) => row.attempts === 0)).toHaveLength(8 - tried.length);
      expect(rows.map((row) => row.email_status)).toEqual(rows.map(() => 'pending'));
      expect(tried[0].last_error).toBeTruthy();
      const retryAt = new Date(Date.parse('2030-05-11T00:00:00Z') + retryDelayMs(1));
      expect(tried.map((row) => row.send_after)).toEqual(tried.map(() => retryAt.toISOString()));

      smtp = await startTestSmtpServer({ port });
      await deliverDueNotifications(db, mailer, at('2030-05-11T00:00:30Z'), options);
      expect(smtp.received).toHaveLength(8 - tried.length);
      await deliverDueNotifications(db, mailer, () => retryAt, options);
      await deliverDueNotifications(db, mailer, () => retryAt, options);
      for (const person of people) expect(smtp.mailsTo(person.email)).toHaveLength(1);
      const sent = await db.selectFrom('notifications').select(['email_status']).execute();
      expect(new Set(sent.map((row) => row.email_status))).toEqual(new Set(['sent']));
    });

    test('after the last attempt a notice is failed and no longer tried', async () => {
      const { db } = context();
      await createTask(db, org, { due_date: '2030-05-10T00:00:00Z' });
      await smtp.close();
      const now = at('2030-05-11T00:00:00Z');
      await runReminderSweep(db, now);
      const options = { ...SENDER, maxAttempts: 1 };
      const first = await deliverDueNotifications(db, mailer, now, options);
      const second = await deliverDueNotifications(db, mailer, now, options);
      expect(first.noticesFailed + second.noticesFailed).toBe(2);
      expect(
        await deliverDueNotifications(db, mailer, at('2030-06-01T00:00:00Z'), SENDER),
      ).toMatchObject({ noticesFailed: 0, noticesRetrying: 0 });
      smtp = await startTestSmtpServer();
    });

    describe('with a server that refuses one address', () => {
      const refusing = async (code: number) => {
        await smtp.close();
        smtp = await startTestSmtpServer({
          refuse: (address) =>
            address === org.employee.email.toLowerCase()
              ? { code, message: `${code} mailbox unavailable` }
              : undefined,
        });
        mailer.close();
        mailer = createMailer({ smtpUrl: smtp.url, from: 'Duly <no-reply@duly.test>' }, silentLog);
      };

      test('a 5xx fails that mail at once, and the other mails go out', async () => {
        const { db } = context();
        await refusing(550);
        await twoRemindersForTheEmployee();
        await runReminderSweep(db, REMINDER_DAY_NINE);
        const result = await deliverDueNotifications(db, mailer, REMINDER_DAY_NINE, SENDER);
        expect(result).toMatchObject({ mailsSent: 1, noticesSent: 2, noticesFailed: 2 });
        expect(smtp.mailsTo(org.manager.email)).toHaveLength(1);
        const refused = await db
          .selectFrom('notifications')
          .select(['email_status', 'attempts', 'last_error'])
          .where('recipient_user_id', '=', org.employee.id)
          .execute();
        expect(refused.map((row) => [row.email_status, row.attempts])).toEqual([
          ['failed', 1],
          ['failed', 1],
        ]);
        expect(refused[0].last_error).toContain('550');
      });

      test('a 4xx is tried again after a backoff, and the other mails go out', async () => {
        const { db } = context();
        await refusing(451);
        await twoRemindersForTheEmployee();
        await runReminderSweep(db, REMINDER_DAY_NINE);
        const result = await deliverDueNotifications(db, mailer, REMINDER_DAY_NINE, SENDER);
        expect(result).toMatchObject({ mailsSent: 1, noticesRetrying: 2 });
        const waiting = await db
          .selectFrom('notifications')
          .select(['email_status', 'attempts', 'send_after'])
          .where('recipient_user_id', '=', org.employee.id)
          .execute();
        const retryAt = new Date(Date.parse('2030-05-11T03:30:00Z') + retryDelayMs(1));
        expect(waiting).toEqual(
          waiting.map(() => ({
            email_status: 'pending',
            attempts: 1,
            send_after: retryAt.toISOString(),
          })),
        );
      });
    });

    test("a person's mails keep their order: a mail waiting for its retry holds the later ones back", async () => {
      const { db } = context();
      await smtp.close();
      let refusals = 1;
      smtp = await startTestSmtpServer({
        refuse: () => (refusals-- > 0 ? { code: 421, message: '421 try later' } : undefined),
      });
      mailer.close();
      mailer = createMailer({ smtpUrl: smtp.url, from: 'Duly <no-reply@duly.test>' }, silentLog);
      const tasks: string[] = [];
      for (let hour = 1; hour <= 3; hour += 1) {
        tasks.push(
          await createTask(db, org, {
            due_date: `2030-05-10T0${hour}:00:00.000Z`,
            assigned_to_user_id: org.employee.id,
            created_by_user_id: org.employee.id,
            assigner_id: org.employee.id,
          }),
        );
      }
      // Each becomes overdue (and its notice due) in a sweep of its own, an hour apart.
      for (let hour = 1; hour <= 3; hour += 1) {
        await runReminderSweep(db, at(`2030-05-10T0${hour}:00:00.001Z`));
      }
      const now = at('2030-05-11T00:00:00Z');
      const first = await deliverDueNotifications(db, mailer, now, SENDER);
      expect(first).toMatchObject({ mailsSent: 0, noticesRetrying: 1 });
      const retryAt = new Date(Date.parse('2030-05-11T00:00:00Z') + retryDelayMs(1));
      await deliverDueNotifications(db, mailer, () => retryAt, SENDER);
      const subjects = smtp.mailsTo(org.employee.email).map((mail) => mail.text);
      expect(subjects).toHaveLength(3);
      tasks.forEach((task, index) => expect(subjects[index]).toContain(task));
    });

    test('a run that ends at its share of people leaves nothing claimed: the next run sends the rest, each once', async () => {
      const { db } = context();
      const people = [];
      for (let i = 0; i < 120; i += 1) {
        const person = await createUser(db, org.id, { role: 'employee' });
        people.push(person);
        await createTask(db, org, {
          due_date: '2030-05-10T00:00:00Z',
          assigned_to_user_id: person.id,
          created_by_user_id: person.id,
          assigner_id: person.id,
        });
      }
      const now = at('2030-05-11T00:00:00Z');
      await runReminderSweep(db, now);
      // Stops as the workers take the 41st person: the next batch is being claimed then.
      const first = await deliverDueNotifications(db, mailer, now, { ...SENDER, peoplePerRun: 41 });
      expect(first.mailsSent).toBe(41);
      const claimed = await db
        .selectFrom('notifications')
        .select('id')
        .where('email_status', '=', 'sending')
        .execute();
      expect(claimed).toEqual([]);
      await deliverDueNotifications(db, mailer, now, SENDER);
      for (const person of people) expect(smtp.mailsTo(person.email)).toHaveLength(1);
    });

    test('mails go out over a few pooled connections, several at once', async () => {
      const { db } = context();
      await smtp.close();
      smtp = await startTestSmtpServer({ commandDelayMs: 50 });
      mailer.close();
      mailer = createMailer(
        { smtpUrl: smtp.url, from: 'Duly <no-reply@duly.test>', poolConnections: 4 },
        silentLog,
      );
      for (let i = 0; i < 20; i += 1) {
        const person = await createUser(db, org.id, { role: 'employee' });
        await createTask(db, org, {
          due_date: '2030-05-10T00:00:00Z',
          assigned_to_user_id: person.id,
          created_by_user_id: person.id,
          assigner_id: person.id,
        });
      }
      const now = at('2030-05-11T00:00:00Z');
      await runReminderSweep(db, now);
      const result = await deliverDueNotifications(db, mailer, now, { ...SENDER, concurrency: 4 });
      expect(result).toMatchObject({ mailsSent: 20 });
      expect(smtp.connectionsOpened()).toBeLessThanOrEqual(4);
      // Several at once, seen by the server (not timed: a loaded machine makes any time limit
      // a coin toss): each mail takes at least 4 round trips of 50 ms, so mails sent one after
      // another would never overlap.
      expect(smtp.mostMailsAtOnce()).toBeGreaterThan(1);
    });

    test('a connection dropped in the middle of a batch sends again only what was in flight: each mail once', async () => {
      const { db } = context();
      await smtp.close();
      smtp = await startTestSmtpServer({ commandDelayMs: 30 });
      mailer.close();
      mailer = createMailer({ smtpUrl: smtp.url, from: 'Duly <no-reply@duly.test>' }, silentLog);
      const people = [];
      for (let i = 0; i < 30; i += 1) {
        const person = await createUser(db, org.id, { role: 'employee' });
        people.push(person);
        await createTask(db, org, {
          due_date: '2030-05-10T00:00:00Z',
          assigned_to_user_id: person.id,
          created_by_user_id: person.id,
          assigner_id: person.id,
        });
      }
      const now = at('2030-05-11T00:00:00Z');
      await runReminderSweep(db, now);
      const delivery = deliverDueNotifications(db, mailer, now, SENDER);
      while (smtp.received.length < 5) await new Promise((resolve) => setTimeout(resolve, 5));
      const openedBeforeDrop = smtp.connectionsOpened();
      smtp.dropConnections();
      const result = await delivery;
      expect(smtp.connectionsOpened()).toBeGreaterThan(openedBeforeDrop);
      expect(result).toMatchObject({ mailsSent: 30, noticesRetrying: 0, noticesFailed: 0 });
      for (const person of people) expect(smtp.mailsTo(person.email)).toHaveLength(1);
      expect(smtp.received).toHaveLength(30);
    });

    test('a claim whose instance died is taken over when its lease runs out by the database clock, not before', async () => {
      const { db } = context();
      const task = await createTask(db, org, { due_date: '2030-05-10T00:00:00Z' });
      const now = at('2030-05-11T00:00:00Z');
      await runReminderSweep(db, now);
      // What a killed instance leaves: rows claimed, never settled. Leases are in the
      // database's time, whatever the instances' clocks say (here: years ahead of it).
      const leaseUntil = async (until: Date) =>
        db
          .updateTable('notifications')
          .set({
            email_status: 'sending',
            lease_owner: 'dead-instance',
            lease_until: until.toISOString(),
          })
          .where('item_id', '=', task)
          .execute();
      await leaseUntil(new Date(Date.now() + 60_000));
      await deliverDueNotifications(db, mailer, now, SENDER);
      expect(smtp.received).toHaveLength(0);
      await leaseUntil(new Date(Date.now() - 1_000));
      await deliverDueNotifications(db, mailer, now, SENDER);
      expect(smtp.received).toHaveLength(2);
    });

    test('an instance whose clock runs ahead cannot take a claim another instance is still sending', async () => {
      const { db } = context();
      // A slow relay, so that the first instance's mails are in flight for a while.
      const slow = await startTestSmtpServer({ commandDelayMs: 150 });
      const slowMailer = createMailer({ smtpUrl: slow.url, from: 'Duly <a@duly.test>' }, silentLog);
      const clockDir = mkdtempSync(path.join(os.tmpdir(), 'duly-skew-'));
      try {
        await createTask(db, org, { due_date: daysFromNow(-1) });
        await runReminderSweep(db, systemClock);
        const first = deliverDueNotifications(db, slowMailer, systemClock, SENDER);
        const sending = async () =>
          (
            await db
              .selectFrom('notifications')
              .select('id')
              .where('email_status', '=', 'sending')
              .execute()
          ).length;
        while ((await sending()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));

        // The second instance's clock is 10 minutes ahead: past the first one's 5-minute lease
        // if the lease were measured by the instances' clocks.
        const clockFile = path.join(clockDir, 'offset');
        writeFileSync(clockFile, String(10 * 60_000));
        const second = await deliverDueNotifications(db, mailer, offsetClock(clockFile), SENDER);
        expect(second).toMatchObject({ mailsSent: 0 });
        expect(await first).toMatchObject({ mailsSent: 2 });
        expect(smtp.received).toHaveLength(0);
        expect(slow.received.map((mail) => mail.to).sort()).toEqual(
          [[org.employee.email], [org.manager.email]].sort(),
        );
      } finally {
        slowMailer.close();
        await slow.close();
        rmSync(clockDir, { recursive: true, force: true });
      }
    });

    test('a reminder whose certificate got a new expiry date before the digest went out is not mailed', async () => {
      const { app, db } = context();
      const [renewed, unchanged] = await twoRemindersForTheEmployee();
      await runReminderSweep(db, REMINDER_DAY_EARLY);
      // 00:30 IST: recorded for 09:00; then the expiry moves a year on.
      const moved = await call(app, 'PUT', `/certificates/${renewed}/`, {
        token: org.manager.token,
        body: { expiry_date: '2031-06-10' },
      });
      expect(moved.statusCode).toBe(200);

      const result = await deliverDueNotifications(db, mailer, REMINDER_DAY_NINE, SENDER);
      expect(result).toMatchObject({ mailsSent: 2, noticesSent: 2, noticesSkipped: 2 });
      for (const person of [org.employee, org.manager]) {
        const [mail] = smtp.mailsTo(person.email);
        expect(mail.text).toContain(`https://duly.test/certificates/${unchanged}`);
        expect(mail.text).not.toContain(renewed);
        expect(mail.headers['x-duly-notification-keys']).toBe(
          `certificate:${unchanged}:reminder:${EXPIRY}:${person.id}`,
        );
      }
      expect((await notices(db, renewed)).map((row) => row.email_status)).toEqual([
        'skipped',
        'skipped',
      ]);
    });

    test('an overdue notice whose task was completed before it went out is not mailed', async () => {
      const { app, db } = context();
      const task = await createTask(db, org, { due_date: daysFromNow(-1) });
      await runReminderSweep(db, systemClock);
      const done = await call(app, 'PATCH', `/tasks/${task}`, {
        token: org.employee.token,
        body: { status: 'completed' },
      });
      expect(done.statusCode).toBe(200);
      const result = await deliverDueNotifications(db, mailer, systemClock, SENDER);
      expect(result).toMatchObject({ mailsSent: 0, noticesSkipped: 2 });
      expect(smtp.received).toHaveLength(0);
    });

    test('a digest of 5,000 reminders reaches a real SMTP server as one mail with a bounded header', async () => {
      const { db } = context();
      const now = new Date().toISOString();
      const ids = Array.from({ length: 5_000 }, () => randomUUID());
      for (let start = 0; start < ids.length; start += 250) {
        await db
          .insertInto('certificates')
          .values(
            ids.slice(start, start + 250).map((id, i) => ({
              ...certificateSchedule(EXPIRY, 30),
              id,
              organization_id: org.id,
              name: `Licence ${start + i}`,
              description: null,
              issue_date: null,
              expiry_date: EXPIRY,
              reminder_days_before: 30,
              department: null,
              incharge_person_id: org.employee.id,
              created_by_user_id: org.employee.id,
              assigner_id: org.employee.id,
              status: 'active' as const,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }
      await runReminderSweep(db, REMINDER_DAY_NINE);
      const result = await deliverDueNotifications(db, mailer, REMINDER_DAY_NINE, SENDER);
      expect(result).toMatchObject({ mailsSent: 1, noticesSent: 5_000 });

      const [digest] = smtp.mailsTo(org.employee.email);
      const keys = ids.map((id) => `certificate:${id}:reminder:${EXPIRY}:${org.employee.id}`);
      expect(digest.subject).toBe('Reminder: 5000 certificates expire soon');
      expect(digest.messageId).toBe(messageIdFor(keys));
      expect(digest.headers['x-duly-notification-count']).toBe('5000');
      const headerBytes = Object.entries(digest.headers).reduce(
        (sum, [name, value]) => sum + name.length + value.length + 4,
        0,
      );
      expect(headerBytes).toBeLessThan(32_000);
      for (const id of ids) expect(digest.text).toContain(`https://duly.test/certificates/${id}`);
      const statuses = await db
        .selectFrom('notifications')
        .select('email_status')
        .where('recipient_user_id', '=', org.employee.id)
        .execute();
      expect(statuses).toHaveLength(5_000);
      expect(new Set(statuses.map((row) => row.email_status))).toEqual(new Set(['sent']));
    }, 120_000);

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
