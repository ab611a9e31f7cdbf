/** The manager team dashboard (/manager/*) and the employee dashboard (/employee/*). */
import {
  call,
  createCertificate,
  createOrganization,
  createTask,
  createUser,
  daysFromNow,
  kolkataDateIn,
  setupTestApp,
  snapshot,
  testDatabases,
  type TestOrganization,
} from './helper';
import type { Db } from '../src/db/tables';

/**
 * The employee's tasks both summaries count: one open, one late by its date, one marked overdue
 * (3 open, 2 overdue), and a completed one that neither counts.
 */
async function seedOpenOverdueAndDoneTasks(db: Db, org: TestOrganization): Promise<void> {
  await createTask(db, org, { due_date: daysFromNow(3) });
  await createTask(db, org, { due_date: daysFromNow(-1) });
  await createTask(db, org, { due_date: daysFromNow(5), status: 'overdue' });
  await createTask(db, org, { due_date: daysFromNow(-2), status: 'completed' });
}

describe.each(testDatabases())('team dashboards on %s', (kind) => {
  const context = setupTestApp(kind);

  describe('GET /manager/team', () => {
    test('lists the active users of the organisation as { id, full_name, email }', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      await createUser(db, org.id, { first_name: 'Gone', status: 'inactive' });
      await createUser(db, org.id, { first_name: 'Resting', status: 'on_leave' });

      const response = await call(app, 'GET', '/manager/team', { token: org.manager.token });

      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('4');
      const ids = response.json().map((member: { id: string }) => member.id);
      expect(ids.sort()).toEqual(
        [org.admin.id, org.manager.id, org.employee.id, org.colleague.id].sort(),
      );
      expect(response.json()).toContainEqual({
        id: org.employee.id,
        full_name: org.employee.full_name,
        email: org.employee.email,
        open_tasks: 0,
        overdue_tasks: 0,
        expiring_certificates: 0,
      });
    });

    test('counts each person’s open and overdue tasks and certificates in their reminder window', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      await seedOpenOverdueAndDoneTasks(db, org);
      await createTask(db, org, { assigned_to_user_id: org.colleague.id });
      // In the window: 10 days left of 30; 30 of 30 (its first day); a renewed one 5 of 30. Not: 31 of 30, expired.
      await createCertificate(db, org, {
        expiry_date: kolkataDateIn(10),
        reminder_days_before: 30,
      });
      await createCertificate(db, org, {
        expiry_date: kolkataDateIn(30),
        reminder_days_before: 30,
      });
      await createCertificate(db, org, {
        expiry_date: kolkataDateIn(31),
        reminder_days_before: 30,
      });
      await createCertificate(db, org, {
        expiry_date: kolkataDateIn(5),
        reminder_days_before: 30,
        status: 'renewed',
      });
      await createCertificate(db, org, { expiry_date: kolkataDateIn(-1), status: 'expired' });

      const response = await call(app, 'GET', '/manager/team', { token: org.manager.token });

      const byId = new Map(
        response.json().map((member: { id: string }) => [member.id, member] as const),
      );
      expect(byId.get(org.employee.id)).toMatchObject({
        open_tasks: 3,
        overdue_tasks: 2,
        expiring_certificates: 3,
      });
      expect(byId.get(org.colleague.id)).toMatchObject({
        open_tasks: 1,
        overdue_tasks: 0,
        expiring_certificates: 0,
      });

      const windowed = await call(app, 'GET', '/manager/certificates', {
        token: org.manager.token,
        query: { in_reminder_window: 'true' },
      });
      expect(windowed.statusCode).toBe(200);
      expect(windowed.headers['x-total-count']).toBe('3');
      const own = await call(app, 'GET', '/certificates/', {
        token: org.employee.token,
        query: { in_reminder_window: 'true', limit: '1' },
      });
      expect(own.headers['x-total-count']).toBe('3');
    });
  });

  describe('GET /manager/summary (the team dashboard’s summary line in one answer)', () => {
    test('counts what /dashboard/, /manager/certificates?in_reminder_window=true and /documents/?status=pending count', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const other = await createOrganization(db);
      await seedOpenOverdueAndDoneTasks(db, org);
      await createCertificate(db, org, {
        expiry_date: kolkataDateIn(10),
        reminder_days_before: 30,
      });
      await createCertificate(db, org, {
        expiry_date: kolkataDateIn(31),
        reminder_days_before: 30,
      });
      // Another organisation's late work is not counted.
      await createTask(db, other, { due_date: daysFromNow(-3) });
      await createCertificate(db, other, {
        expiry_date: kolkataDateIn(2),
        reminder_days_before: 30,
      });

      for (const token of [org.manager.token, org.admin.token]) {
        const response = await call(app, 'GET', '/manager/summary', { token });
        expect(response.statusCode).toBe(200);
        // A count, not a list: no X-Total-Count.
        expect(response.headers['x-total-count']).toBeUndefined();
        expect(response.json()).toEqual({
          overdue_tasks: 2,
          certificates_in_reminder_window: 1,
          pending_documents: 0,
        });
        const dashboard = await call(app, 'GET', '/dashboard/', { token });
        const expiring = await call(app, 'GET', '/manager/certificates', {
          token,
          query: { in_reminder_window: 'true', limit: '1' },
        });
        const pending = await call(app, 'GET', '/documents/', {
          token,
          query: { status: 'pending', limit: '1' },
        });
        expect(response.json()).toEqual({
          overdue_tasks: dashboard.json().tasks.overdue_tasks,
          certificates_in_reminder_window: Number(expiring.headers['x-total-count']),
          pending_documents: Number(pending.headers['x-total-count']),
        });
      }
    });

    test('an employee is refused (403) and nothing is counted for them; no token is 401', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const before = await snapshot(db);
      const refused = await call(app, 'GET', '/manager/summary', { token: org.employee.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toHaveProperty('message');
      expect((await call(app, 'GET', '/manager/summary')).statusCode).toBe(401);
      expect(await snapshot(db)).toEqual(before);
    });

    test('a query string changes nothing: the answer has no parameters', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      await createTask(db, org, { due_date: daysFromNow(-1) });
      const plain = await call(app, 'GET', '/manager/summary', { token: org.manager.token });
      const odd = await call(app, 'GET', '/manager/summary', {
        token: org.manager.token,
        query: { limit: 'nonsense', organization_id: 'x' },
      });
      expect(odd.statusCode).toBe(200);
      expect(odd.json()).toEqual(plain.json());
    });
  });

  describe('GET /manager/tasks and /manager/certificates', () => {
    test('answer the organisation’s tasks with assignee and assigner', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      await createTask(db, org, { title: 'Mine', due_date: daysFromNow(1) });
      await createTask(db, org, {
        title: 'Open',
        due_date: daysFromNow(2),
        assigned_to_user_id: null,
      });

      const response = await call(app, 'GET', '/manager/tasks', { token: org.manager.token });

      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('2');
      const [mine, open] = response.json();
      expect(mine).toMatchObject({
        title: 'Mine',
        assigned_to: { id: org.employee.id, full_name: org.employee.full_name },
        assigner: { id: org.manager.id, full_name: org.manager.full_name },
      });
      expect(open).not.toHaveProperty('assigned_to');
    });

    test('answer the organisation’s certificates with the person in charge as assigned_to', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      await createCertificate(db, org, { name: 'Held', incharge_person_id: org.colleague.id });
      await createCertificate(db, org, { name: 'Nobody', incharge_person_id: null });

      const response = await call(app, 'GET', '/manager/certificates', {
        token: org.admin.token,
        query: { sort: 'name' },
      });

      expect(response.statusCode).toBe(200);
      const [held, nobody] = response.json();
      expect(held.assigned_to).toEqual({
        id: org.colleague.id,
        full_name: org.colleague.full_name,
      });
      expect(nobody).not.toHaveProperty('assigned_to');
    });
  });

  describe('sort=urgency (the team dashboards: most urgent first)', () => {
    /** Open tasks by due date (the overdue ones lead), then completed ones by due date. */
    async function seedUrgencyTasks(
      org: Awaited<ReturnType<typeof createOrganization>>,
      db: Parameters<typeof createTask>[0],
    ) {
      const plan = [
        ['done long ago', 'completed', -30],
        ['next week', 'pending', 7],
        ['late', 'overdue', -2],
        ['done next month', 'completed', 30],
        ['tomorrow', 'in_progress', 1],
        ['escalated', 'escalated', -10],
      ] as const;
      for (const [title, status, days] of plan) {
        await createTask(db, org, { title, status, due_date: daysFromNow(days) });
      }
    }
    const URGENT_FIRST = [
      'escalated',
      'late',
      'tomorrow',
      'next week',
      'done long ago',
      'done next month',
    ];

    test('/manager/tasks answers open tasks by due date first, then completed ones', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      await seedUrgencyTasks(org, db);

      const titles = async (query: Record<string, string>) => {
        const response = await call(app, 'GET', '/manager/tasks', {
          token: org.manager.token,
          query,
        });
        expect(response.statusCode).toBe(200);
        return response.json().map((task: { title: string }) => task.title);
      };

      expect(await titles({ sort: 'urgency' })).toEqual(URGENT_FIRST);
      expect(await titles({ sort: '-urgency' })).toEqual([...URGENT_FIRST].reverse());
      // Pages follow the same order.
      expect(await titles({ sort: 'urgency', limit: '2', offset: '2' })).toEqual([
        'tomorrow',
        'next week',
      ]);
    });

    test('/employee/tasks answers the caller’s own tasks in the same order', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      await seedUrgencyTasks(org, db);
      await createTask(db, org, {
        title: 'colleague’s',
        due_date: daysFromNow(-40),
        assigned_to_user_id: org.colleague.id,
      });

      const response = await call(app, 'GET', '/employee/tasks', {
        token: org.employee.token,
        query: { sort: 'urgency', status: 'pending' },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json().map((task: { title: string }) => task.title)).toEqual(
        URGENT_FIRST.slice(0, 4),
      );
    });
  });

  describe('POST /manager/tasks/assign and /manager/certificates/assign', () => {
    test('assign a task: the employee becomes the assignee and the manager its assigner', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const taskId = await createTask(db, org, {
        assigned_to_user_id: null,
        assigner_id: org.admin.id,
      });

      const response = await call(app, 'POST', '/manager/tasks/assign', {
        token: org.manager.token,
        body: { task_id: taskId, employee_id: org.colleague.id },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: taskId,
        assigned_to_user_id: org.colleague.id,
        assigner_id: org.manager.id,
        assigned_to: { id: org.colleague.id },
      });
      const reloaded = await call(app, 'GET', '/employee/tasks', { token: org.colleague.token });
      expect(reloaded.json().map((task: { id: string }) => task.id)).toEqual([taskId]);
    });

    test('assign a certificate: the employee becomes the person in charge', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const certificateId = await createCertificate(db, org, { incharge_person_id: null });

      const response = await call(app, 'POST', '/manager/certificates/assign', {
        token: org.manager.token,
        body: { certificate_id: certificateId, employee_id: org.employee.id },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: certificateId,
        incharge_person_id: org.employee.id,
        assigned_to: { id: org.employee.id, full_name: org.employee.full_name },
      });
    });

    test.each([
      ['task', '/manager/tasks/assign', 'task_id', 'Task not found'],
      ['employee', '/manager/tasks/assign', 'employee_id', 'Employee not found'],
      ['certificate', '/manager/certificates/assign', 'certificate_id', 'Certificate not found'],
      ['employee', '/manager/certificates/assign', 'employee_id', 'Employee not found'],
    ])(
      'an unknown %s (%s) is a 404 and changes nothing',
      async (_what, path, unknownField, message) => {
        const { app, db } = context();
        const org = await createOrganization(db);
        const body: Record<string, string> = {
          task_id: await createTask(db, org),
          certificate_id: await createCertificate(db, org),
          employee_id: org.colleague.id,
        };
        body[unknownField] = '7d5c1b0e-0000-4000-8000-000000000000';
        if (path.includes('tasks')) delete body.certificate_id;
        else delete body.task_id;
        const before = await snapshot(db);

        const response = await call(app, 'POST', path, { token: org.manager.token, body });

        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message, code: 'not_found' });
        expect(await snapshot(db)).toEqual(before);
      },
    );
  });

  describe('GET /employee/tasks', () => {
    test('answers the caller’s own tasks; pending = not completed, done = completed', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const statuses = ['pending', 'in_progress', 'completed', 'overdue', 'escalated'] as const;
      for (const [index, status] of statuses.entries()) {
        await createTask(db, org, { title: status, status, due_date: daysFromNow(index + 1) });
      }
      await createTask(db, org, { title: 'colleague', assigned_to_user_id: org.colleague.id });
      const titles = async (query: Record<string, string>) => {
        const response = await call(app, 'GET', '/employee/tasks', {
          token: org.employee.token,
          query,
        });
        expect(response.statusCode).toBe(200);
        return response.json().map((task: { title: string }) => task.title);
      };

      expect(await titles({})).toEqual([...statuses]);
      expect(await titles({ status: 'pending' })).toEqual([
        'pending',
        'in_progress',
        'overdue',
        'escalated',
      ]);
      expect(await titles({ status: 'done' })).toEqual(['completed']);
    });

    test('a manager gets their own tasks too, and the assigner comes with each', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      await createTask(db, org, {
        title: 'For the manager',
        assigned_to_user_id: org.manager.id,
        assigner_id: org.admin.id,
      });
      await createTask(db, org, { title: 'For the employee' });
      const response = await call(app, 'GET', '/employee/tasks', { token: org.manager.token });
      expect(response.json()).toHaveLength(1);
      expect(response.json()[0].assigner).toMatchObject({
        id: org.admin.id,
        full_name: org.admin.full_name,
      });
    });

    test('answers 400 for a status other than pending or done', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const response = await call(app, 'GET', '/employee/tasks', {
        token: org.employee.token,
        query: { status: 'completed' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'status', message: 'must be one of: pending, done' },
      ]);
    });
  });

  describe('GET /employee/certificates', () => {
    test('answers the certificates the caller is in charge of, filtered by status', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      for (const status of ['active', 'expired', 'renewed', 'escalated'] as const) {
        await createCertificate(db, org, { name: status, status });
      }
      await createCertificate(db, org, { name: 'not mine', incharge_person_id: org.colleague.id });

      const all = await call(app, 'GET', '/employee/certificates', { token: org.employee.token });
      expect(all.headers['x-total-count']).toBe('4');
      for (const status of ['active', 'expired', 'renewed', 'escalated']) {
        const response = await call(app, 'GET', '/employee/certificates', {
          token: org.employee.token,
          query: { status },
        });
        expect(response.json().map((c: { name: string }) => c.name)).toEqual([status]);
      }
    });
  });
});
