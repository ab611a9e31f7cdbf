import {
  call,
  createOrganization,
  createTask,
  daysFromNow,
  setupTestApp,
  snapshot,
  testDatabases,
  type TestOrganization,
} from './helper';

const TASK_FIELDS = [
  'assigned_to',
  'assigned_to_user_id',
  'assigner',
  'assigner_id',
  'created_at',
  'created_by_user_id',
  'description',
  'due_date',
  'id',
  'organization_id',
  'status',
  'title',
  'updated_at',
];

describe.each(testDatabases())('tasks on %s', (kind) => {
  const context = setupTestApp(kind);

  describe('POST /tasks/', () => {
    test('creates a pending task in the caller’s organisation, with the caller as creator and assigner', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);

      const response = await call(app, 'POST', '/tasks/', {
        token: org.manager.token,
        body: {
          title: '  File the annual return  ',
          description: 'Before the deadline',
          due_date: '2030-01-05T10:00:00+05:30',
          organization_id: org.id,
          assigned_to_user_id: org.employee.id,
          created_by_user_id: org.manager.id,
          assigner_id: org.manager.id,
        },
      });

      expect(response.statusCode).toBe(201);
      const task = response.json();
      expect(Object.keys(task).sort()).toEqual(TASK_FIELDS);
      expect(task).toMatchObject({
        title: 'File the annual return',
        description: 'Before the deadline',
        due_date: '2030-01-05T04:30:00.000Z',
        status: 'pending',
        assigned_to_user_id: org.employee.id,
        organization_id: org.id,
        created_by_user_id: org.manager.id,
        assigner_id: org.manager.id,
        assigned_to: { id: org.employee.id, full_name: org.employee.full_name },
        assigner: { id: org.manager.id, full_name: org.manager.full_name },
      });
      expect(task.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const stored = await call(app, 'GET', `/tasks/${task.id}`, { token: org.manager.token });
      expect(stored.json()).toEqual(task);
    });

    test('leaves assigned_to out of an unassigned task', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const response = await call(app, 'POST', '/tasks/', {
        token: org.admin.token,
        body: { title: 'Nobody yet', due_date: '2030-02-01T00:00:00Z' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().assigned_to_user_id).toBeNull();
      expect(response.json()).not.toHaveProperty('assigned_to');
      expect(response.json().description).toBeNull();
    });

    test('accepts a due date in the past (only the form refuses it) and one without offset as Kolkata time', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const past = await call(app, 'POST', '/tasks/', {
        token: org.manager.token,
        body: { title: 'Back-dated', due_date: '2020-03-01T09:00:00Z' },
      });
      expect(past.statusCode).toBe(201);
      const local = await call(app, 'POST', '/tasks/', {
        token: org.manager.token,
        body: { title: 'Local', due_date: '2030-01-05T10:00' },
      });
      expect(local.json().due_date).toBe('2030-01-05T04:30:00.000Z');
    });
  });

  describe('GET /tasks/', () => {
    let org: TestOrganization;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const { db } = context();
      org = await createOrganization(db);
      ids.alpha = await createTask(db, org, {
        title: 'Alpha 100% done',
        due_date: daysFromNow(3),
        status: 'pending',
      });
      ids.bravo = await createTask(db, org, {
        title: 'bravo report',
        due_date: daysFromNow(1),
        status: 'in_progress',
        assigned_to_user_id: org.colleague.id,
      });
      ids.charlie = await createTask(db, org, {
        title: 'Charlie REPORT',
        due_date: daysFromNow(2),
        status: 'completed',
        assigned_to_user_id: null,
        assigner_id: org.admin.id,
      });
    });

    const list = (query: Record<string, string> = {}, token = org.manager.token) =>
      call(context().app, 'GET', '/tasks/', { token, query });
    const titles = (response: { json(): { title: string }[] }) =>
      response.json().map((task) => task.title);

    test('answers an array ordered by due date with the total in X-Total-Count', async () => {
      const response = await list();
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('3');
      expect(titles(response)).toEqual(['bravo report', 'Charlie REPORT', 'Alpha 100% done']);
      const [bravo, charlie] = response.json();
      expect(bravo.assigned_to).toEqual({
        id: org.colleague.id,
        full_name: org.colleague.full_name,
      });
      expect(bravo.assigner).toMatchObject({
        id: org.manager.id,
        full_name: org.manager.full_name,
      });
      expect(charlie).not.toHaveProperty('assigned_to');
      expect(charlie.assigner).toMatchObject({ id: org.admin.id });
    });

    test.each([
      [{ status: 'completed' }, ['Charlie REPORT']],
      [{ q: 'report' }, ['bravo report', 'Charlie REPORT']],
      [{ q: '100%' }, ['Alpha 100% done']],
      [{ q: '_' }, []],
      [{ sort: '-due_date' }, ['Alpha 100% done', 'Charlie REPORT', 'bravo report']],
      [{ sort: 'title' }, ['Alpha 100% done', 'Charlie REPORT', 'bravo report']],
      [{ sort: 'status' }, ['Charlie REPORT', 'bravo report', 'Alpha 100% done']],
      [{ limit: '1', offset: '1' }, ['Charlie REPORT']],
    ])('filters, sorts and pages: %j', async (query, expected) => {
      const response = await list(query);
      expect(response.statusCode).toBe(200);
      expect(titles(response)).toEqual(expected);
    });

    test('filters by assignee', async () => {
      const response = await list({ assigned_to_user_id: org.colleague.id });
      expect(titles(response)).toEqual(['bravo report']);
      expect(response.headers['x-total-count']).toBe('1');
    });

    test('counts every match in X-Total-Count, not only the page', async () => {
      const response = await list({ limit: '2' });
      expect(response.json()).toHaveLength(2);
      expect(response.headers['x-total-count']).toBe('3');
      const last = await list({ limit: '2', offset: '2' });
      expect(last.json()).toHaveLength(1);
      expect(last.headers['x-total-count']).toBe('3');
      const beyond = await list({ offset: '10' });
      expect(beyond.json()).toEqual([]);
      expect(beyond.headers['x-total-count']).toBe('3');
    });

    test('an employee sees only the tasks assigned to them', async () => {
      const response = await list({}, org.employee.token);
      expect(titles(response)).toEqual(['Alpha 100% done']);
      expect(response.headers['x-total-count']).toBe('1');
      const theirs = await list({ assigned_to_user_id: org.colleague.id }, org.employee.token);
      expect(theirs.json()).toEqual([]);
      expect(theirs.headers['x-total-count']).toBe('0');
    });

    test.each([
      [{ limit: '0' }, 'limit'],
      [{ limit: '201' }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ offset: '-1' }, 'offset'],
      [{ status: 'done' }, 'status'],
      [{ sort: 'password_hash' }, 'sort'],
      [{ sort: 'due_date; drop table tasks' }, 'sort'],
    ])('answers 400 naming the parameter for %j', async (query, field) => {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual([field]);
    });

    test('allows up to 200 per page', async () => {
      expect((await list({ limit: '200' })).statusCode).toBe(200);
    });
  });

  describe('GET /tasks/{id}', () => {
    test('answers the task, with or without a trailing slash', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const id = await createTask(db, org, { title: 'Look me up' });
      for (const path of [`/tasks/${id}`, `/tasks/${id}/`]) {
        const response = await call(app, 'GET', path, { token: org.employee.token });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id, title: 'Look me up' });
      }
    });

    test('answers 404 "Task not found" for an unknown id and for someone else’s task (employee)', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const colleagues = await createTask(db, org, { assigned_to_user_id: org.colleague.id });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', colleagues]) {
        const response = await call(app, 'GET', `/tasks/${id}`, { token: org.employee.token });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Task not found', code: 'not_found' });
      }
    });
  });

  describe('PUT /tasks/{id}', () => {
    test('changes only the fields sent', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const id = await createTask(db, org, { title: 'Old', description: 'Keep me' });
      const before = (await call(app, 'GET', `/tasks/${id}`, { token: org.manager.token })).json();

      const response = await call(app, 'PUT', `/tasks/${id}`, {
        token: org.manager.token,
        body: { title: 'New' },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...before,
        title: 'New',
        updated_at: expect.any(String),
      });
      expect(response.json().updated_at >= before.updated_at).toBe(true);
    });

    test('the edit form’s assigned_to_employee_id reassigns the task and makes the caller its assigner', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const id = await createTask(db, org);

      const response = await call(app, 'PUT', `/tasks/${id}`, {
        token: org.admin.token,
        body: {
          title: 'Edited',
          description: '',
          status: 'in_progress',
          due_date: '2031-06-01T12:00:00.000Z',
          assigned_to_employee_id: org.colleague.id,
        },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        title: 'Edited',
        description: null,
        status: 'in_progress',
        due_date: '2031-06-01T12:00:00.000Z',
        assigned_to_user_id: org.colleague.id,
        assigner_id: org.admin.id,
        assigned_to: { id: org.colleague.id },
        assigner: { id: org.admin.id },
      });
    });

    test('unassigns with null', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const id = await createTask(db, org);
      const response = await call(app, 'PUT', `/tasks/${id}`, {
        token: org.manager.token,
        body: { assigned_to_user_id: null },
      });
      expect(response.json().assigned_to_user_id).toBeNull();
      expect(response.json()).not.toHaveProperty('assigned_to');
    });
  });

  describe('PATCH /tasks/{id} (Mark as Done)', () => {
    test('an employee marks their own task completed', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const id = await createTask(db, org, { status: 'overdue' });

      const response = await call(app, 'PATCH', `/tasks/${id}`, {
        token: org.employee.token,
        body: { status: 'completed' },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, status: 'completed' });
      const dashboard = await call(app, 'GET', '/dashboard/', { token: org.employee.token });
      expect(dashboard.json().tasks).toEqual({ total_tasks: 1, overdue_tasks: 0 });
    });

    test('only the status can be patched: other fields are a 400 and change nothing', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const id = await createTask(db, org);
      const before = await snapshot(db);
      const response = await call(app, 'PATCH', `/tasks/${id}`, {
        token: org.employee.token,
        body: { status: 'completed', title: 'Sneaky' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'title', message: 'is not allowed' }]);
      expect(await snapshot(db)).toEqual(before);
    });
  });
});
