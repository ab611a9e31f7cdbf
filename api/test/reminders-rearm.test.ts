/**
 * Reminders that must come again, or reach someone (issue 24, items 3 and 4): an overdue task
 * given a later due instant goes back to its open status and is overdue again, with new
 * notices, after the new instant; a new person in charge or a new assignee gets the notice the
 * previous one got; and a notice whose named people are all away goes to the managers and
 * admins, while the bell of those on leave still shows it. Through the HTTP API, with the
 * sweep run on a clock of the test's own.
 */
import type { Clock } from '../src/lib/clock';
import type { Db, NotificationRow } from '../src/db/tables';
import { runReminderSweep } from '../src/reminders/sweep';
import {
  call,
  createCertificate,
  createOrganization,
  createTask,
  createUser,
  daysFromNow,
  kolkataDateIn,
  setupTestApp,
  testDatabases,
  type TestOrganization,
} from './helper';

const DAY_MS = 86_400_000;
const now: Clock = () => new Date();
const inDays =
  (days: number): Clock =>
  () =>
    new Date(Date.now() + days * DAY_MS);

async function notices(db: Db, itemId: string): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('item_id', '=', itemId)
    .orderBy('key')
    .execute();
}

/** `<kind> <recipient>` of each notice about the item, sorted. */
async function whoWasTold(db: Db, itemId: string): Promise<string[]> {
  return (await notices(db, itemId)).map((row) => `${row.kind} ${row.recipient_user_id}`).sort();
}

const told = (kind: string, ...userIds: string[]) => userIds.map((id) => `${kind} ${id}`);

describe.each(testDatabases())('reminders that re-arm on %s', (kind) => {
  const context = setupTestApp(kind);
  let org: TestOrganization;

  beforeEach(async () => {
    const { db } = context();
    await db.deleteFrom('notifications').execute();
    await db.deleteFrom('tasks').execute();
    await db.deleteFrom('certificates').execute();
    org = await createOrganization(db);
  });

  /** The edit form's PUT: it sends the status it shows along with the other fields. */
  function saveTask(id: string, fields: Record<string, unknown>) {
    return call(context().app, 'PUT', `/tasks/${id}`, { token: org.manager.token, body: fields });
  }

  describe('an overdue task given a later due instant (item 3)', () => {
    test.each(['pending', 'in_progress'] as const)(
      'goes back to %s, and is overdue again with new notices after the new instant',
      async (openStatus) => {
        const { db } = context();
        const task = await createTask(db, org, { due_date: daysFromNow(-1), status: openStatus });
        await runReminderSweep(db, now);
        expect((await notices(db, task)).map((row) => row.kind)).toEqual([
          'task_overdue',
          'task_overdue',
        ]);

        const later = daysFromNow(2);
        const saved = await saveTask(task, { title: 'Later', status: 'overdue', due_date: later });
        expect(saved.statusCode).toBe(200);
        expect(saved.json()).toMatchObject({ status: openStatus, due_date: later });

        await runReminderSweep(db, now);
        expect(
          (await call(context().app, 'GET', `/tasks/${task}`, { token: org.manager.token })).json(),
        ).toMatchObject({ status: openStatus });

        await runReminderSweep(db, inDays(3));
        const rows = await notices(db, task);
        expect(
          rows
            .filter((row) => row.item_date === later)
            .map((row) => row.recipient_user_id)
            .sort(),
        ).toEqual([org.employee.id, org.manager.id].sort());
        expect(rows).toHaveLength(4);
      },
    );

    test('an escalated task goes back to the open status it had before it was overdue', async () => {
      const { db } = context();
      const task = await createTask(db, org, { due_date: daysFromNow(-5), status: 'in_progress' });
      await runReminderSweep(db, now);
      const { status } = (await saveTask(task, { due_date: daysFromNow(1) })).json();
      expect(status).toBe('in_progress');
    });

    test('a task overdue with no open status on record goes back to pending', async () => {
      const { db } = context();
      const task = await createTask(db, org, { due_date: daysFromNow(-1), status: 'overdue' });
      const { status } = (await saveTask(task, { due_date: daysFromNow(1) })).json();
      expect(status).toBe('pending');
    });

    test('a task marked overdue before its due instant stays overdue when the form saves it again', async () => {
      const { db } = context();
      const task = await createTask(db, org, { due_date: daysFromNow(7) });
      // The form shows the due instant to the minute and sends it back that way.
      const again = new Date(daysFromNow(7).slice(0, 16) + ':00.000Z').toISOString();
      const first = await saveTask(task, { status: 'overdue' });
      expect(first.json().status).toBe('overdue');
      const { status } = (await saveTask(task, { status: 'overdue', due_date: again })).json();
      expect(status).toBe('overdue');
    });

    test('moved to another past instant, it stays overdue', async () => {
      const { db } = context();
      const task = await createTask(db, org, { due_date: daysFromNow(-2) });
      await runReminderSweep(db, now);
      const { status } = (await saveTask(task, { due_date: daysFromNow(-1) })).json();
      expect(status).toBe('overdue');
    });
  });

  describe('a new person in charge or assignee (item 4)', () => {
    const reassignCertificate = {
      'PUT /certificates/{id}/': (id: string, personId: string) =>
        call(context().app, 'PUT', `/certificates/${id}/`, {
          token: org.manager.token,
          body: { incharge_person_id: personId },
        }),
      'POST /manager/certificates/assign': (id: string, personId: string) =>
        call(context().app, 'POST', '/manager/certificates/assign', {
          token: org.manager.token,
          body: { certificate_id: id, employee_id: personId },
        }),
    };
    const reassignTask = {
      'PUT /tasks/{id}': (id: string, personId: string) =>
        saveTask(id, { assigned_to_employee_id: personId }),
      'POST /manager/tasks/assign': (id: string, personId: string) =>
        call(context().app, 'POST', '/manager/tasks/assign', {
          token: org.manager.token,
          body: { task_id: id, employee_id: personId },
        }),
    };

    test.each(Object.keys(reassignCertificate) as (keyof typeof reassignCertificate)[])(
      'after the reminder went out, the new person in charge gets it too (%s)',
      async (path) => {
        const { db } = context();
        const certificate = await createCertificate(db, org, {
          expiry_date: kolkataDateIn(10),
          reminder_days_before: 30,
        });
        await runReminderSweep(db, now);
        expect(await whoWasTold(db, certificate)).toEqual(
          told('certificate_reminder', org.employee.id, org.manager.id).sort(),
        );

        expect((await reassignCertificate[path](certificate, org.colleague.id)).statusCode).toBe(
          200,
        );
        await runReminderSweep(db, now);
        await runReminderSweep(db, now);
        expect(await whoWasTold(db, certificate)).toEqual(
          told('certificate_reminder', org.employee.id, org.manager.id, org.colleague.id).sort(),
        );
      },
    );

    test('the new person in charge of an expired certificate is told it expired', async () => {
      const { db } = context();
      const certificate = await createCertificate(db, org, {
        expiry_date: kolkataDateIn(-1),
        reminder_days_before: 30,
      });
      await runReminderSweep(db, now);
      expect(
        (await reassignCertificate['PUT /certificates/{id}/'](certificate, org.colleague.id))
          .statusCode,
      ).toBe(200);
      await runReminderSweep(db, now);
      expect(await whoWasTold(db, certificate)).toEqual(
        told('certificate_expired', org.employee.id, org.manager.id, org.colleague.id).sort(),
      );
    });

    test.each(Object.keys(reassignTask) as (keyof typeof reassignTask)[])(
      'the new assignee of an overdue task is told it is overdue (%s)',
      async (path) => {
        const { db } = context();
        const task = await createTask(db, org, { due_date: daysFromNow(-1) });
        await runReminderSweep(db, now);
        expect((await reassignTask[path](task, org.colleague.id)).statusCode).toBe(200);
        await runReminderSweep(db, now);
        expect(await whoWasTold(db, task)).toEqual(
          told('task_overdue', org.employee.id, org.manager.id, org.colleague.id).sort(),
        );
      },
    );

    test('the new assignee of a task not yet due is told nothing before it is due', async () => {
      const { db } = context();
      const task = await createTask(db, org, { due_date: daysFromNow(1) });
      expect((await reassignTask['PUT /tasks/{id}'](task, org.colleague.id)).statusCode).toBe(200);
      await runReminderSweep(db, now);
      expect(await notices(db, task)).toEqual([]);
    });
  });

  describe('when nobody named can act (item 4)', () => {
    test('a reminder whose person in charge and creator are on leave goes to managers and admins, and shows in the bell of those on leave', async () => {
      const { app, db } = context();
      const away = await createUser(db, org.id, { status: 'on_leave' });
      const awayCreator = await createUser(db, org.id, { role: 'manager', status: 'on_leave' });
      const certificate = await createCertificate(db, org, {
        expiry_date: kolkataDateIn(10),
        reminder_days_before: 30,
        incharge_person_id: away.id,
        created_by_user_id: awayCreator.id,
      });
      await runReminderSweep(db, now);

      const rows = await notices(db, certificate);
      const emailOf = new Map(rows.map((row) => [row.recipient_user_id, row.email_status]));
      expect(Object.fromEntries(emailOf)).toEqual({
        [org.admin.id]: 'pending',
        [org.manager.id]: 'pending',
        [away.id]: 'skipped',
        [awayCreator.id]: 'skipped',
      });
      const bell = await call(app, 'GET', '/notifications/', { token: away.token });
      expect(bell.json().map((notice: { item_id: string }) => notice.item_id)).toEqual([
        certificate,
      ]);
    });

    test('an overdue task whose assignee left and whose assigner is on leave goes to managers and admins', async () => {
      const { db } = context();
      const gone = await createUser(db, org.id, { status: 'inactive' });
      const awayManager = await createUser(db, org.id, { role: 'manager', status: 'on_leave' });
      const task = await createTask(db, org, {
        due_date: daysFromNow(-1),
        assigned_to_user_id: gone.id,
        assigner_id: awayManager.id,
      });
      await runReminderSweep(db, now);
      expect(await whoWasTold(db, task)).toEqual(
        told('task_overdue', org.admin.id, org.manager.id, awayManager.id).sort(),
      );
    });

    test('someone active among the named people is enough: managers are not told as well', async () => {
      const { db } = context();
      const away = await createUser(db, org.id, { status: 'on_leave' });
      const certificate = await createCertificate(db, org, {
        expiry_date: kolkataDateIn(10),
        reminder_days_before: 30,
        incharge_person_id: away.id,
        created_by_user_id: org.colleague.id,
      });
      await runReminderSweep(db, now);
      expect(await whoWasTold(db, certificate)).toEqual(
        told('certificate_reminder', away.id, org.colleague.id).sort(),
      );
    });
  });
});
