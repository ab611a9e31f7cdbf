import {
  call,
  createOrganization,
  createUser,
  setupTestApp,
  snapshot,
  testDatabases,
} from './helper';

const EMPLOYEE_FIELDS = [
  'department',
  'email',
  'firstName',
  'full_name',
  'id',
  'invitation_pending',
  'lastName',
  'organization_id',
  'pending_email',
  'phone',
  'role',
  'status',
];

describe.each(testDatabases())('employees on %s', (kind) => {
  const context = setupTestApp(kind);

  describe('GET /employees/', () => {
    test('lists every user of the organisation, whatever the status, in camelCase', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      await createUser(db, org.id, { first_name: 'Zed', last_name: 'Away', status: 'on_leave' });
      await createUser(db, org.id, { first_name: 'Yan', last_name: 'Gone', status: 'inactive' });

      const response = await call(app, 'GET', '/employees/', { token: org.employee.token });

      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('6');
      const employees = response.json();
      expect(employees).toHaveLength(6);
      expect(Object.keys(employees[0]).sort()).toEqual(EMPLOYEE_FIELDS);
      expect(employees.find((e: { firstName: string }) => e.firstName === 'Zed')).toMatchObject({
        lastName: 'Away',
        full_name: 'Zed Away',
        status: 'on_leave',
        organization_id: org.id,
      });
    });

    test.each([
      [{ status: 'inactive' }, ['Yan Gone']],
      [{ q: 'ZED' }, ['Zed Away']],
      [{ q: 'yan@' }, ['Yan Gone']],
      [{ q: 'a', sort: 'full_name', status: 'on_leave' }, ['Ann Away', 'Zed Away']],
      [{ q: 'a', sort: '-full_name', status: 'on_leave' }, ['Zed Away', 'Ann Away']],
      [{ q: 'away', sort: '-email' }, ['Zed Away', 'Ann Away']],
    ])('filters by %j', async (query, expected) => {
      const { app, db } = context();
      const org = await createOrganization(db);
      await createUser(db, org.id, {
        first_name: 'Zed',
        last_name: 'Away',
        email: `zed-${org.id}@x.test`,
        status: 'on_leave',
      });
      await createUser(db, org.id, {
        first_name: 'Ann',
        last_name: 'Away',
        email: `ann-${org.id}@x.test`,
        status: 'on_leave',
      });
      await createUser(db, org.id, {
        first_name: 'Yan',
        last_name: 'Gone',
        email: `yan@${org.id}.test`,
        status: 'inactive',
      });
      const response = await call(app, 'GET', '/employees/', { token: org.manager.token, query });
      expect(response.json().map((e: { full_name: string }) => e.full_name)).toEqual(expected);
    });
    test('filters by role and by department, with the other filters and the total', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      await createUser(db, org.id, { first_name: 'Dev', role: 'manager', department: 'Design' });
      await createUser(db, org.id, { first_name: 'Eve', department: 'Design', status: 'inactive' });
      await createUser(db, org.id, { first_name: 'Sam', department: 'Sales' });
      const names = async (query: Record<string, string>) => {
        const response = await call(app, 'GET', '/employees/', {
          token: org.employee.token,
          query,
        });
        expect(response.statusCode).toBe(200);
        const people = response.json().map((e: { full_name: string }) => e.full_name);
        expect(response.headers['x-total-count']).toBe(String(people.length));
        return people;
      };

      expect(await names({ role: 'manager' })).toEqual(['Dev Tester', org.manager.full_name]);
      expect(await names({ role: 'admin' })).toEqual([org.admin.full_name]);
      expect(await names({ department: 'Design' })).toEqual(['Dev Tester', 'Eve Tester']);
      expect(await names({ department: 'Design', role: 'employee' })).toEqual(['Eve Tester']);
      expect(await names({ department: 'Design', status: 'active' })).toEqual(['Dev Tester']);
      expect(await names({ department: 'Sales', q: 'sam' })).toEqual(['Sam Tester']);
      expect(await names({ department: 'Marketing' })).toEqual([]);
    });

    test("does not list another organisation's people for a role or department", async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const other = await createOrganization(db);
      await createUser(db, other.id, { first_name: 'Far', department: 'Design' });
      const response = await call(app, 'GET', '/employees/', {
        token: org.employee.token,
        query: { department: 'Design' },
      });
      expect(response.json()).toEqual([]);
      expect(response.headers['x-total-count']).toBe('0');
    });

    test.each([
      [{ role: 'owner' }, 'role'],
      [{ department: '' }, 'department'],
      [{ department: 'x'.repeat(201) }, 'department'],
    ])('refuses %j with a 400 naming the field', async (query, field) => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const response = await call(app, 'GET', '/employees/', { token: org.manager.token, query });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
      });
      expect(JSON.stringify(response.json().errors ?? response.json().message)).toContain(field);
    });
  });

  describe('GET /employees/{id}', () => {
    test('answers one user; 404 "Employee not found" otherwise', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const found = await call(app, 'GET', `/employees/${org.manager.id}`, {
        token: org.employee.token,
      });
      expect(found.json()).toMatchObject({ id: org.manager.id, role: 'manager' });
      const missing = await call(app, 'GET', '/employees/nope', { token: org.employee.token });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Employee not found', code: 'not_found' });
    });
  });

  describe('POST /employees/', () => {
    test('adds a user with the spec’s payload; they cannot sign in before being invited', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);

      const response = await call(app, 'POST', '/employees/', {
        token: org.manager.token,
        body: {
          firstName: 'Mary',
          lastName: 'Jackson',
          email: 'Mary.Jackson@Example.test',
          organization_id: org.id,
          phone: '+91 98765 43210',
          role: 'employee',
          department: 'Engineering',
          status: 'active',
        },
      });

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        firstName: 'Mary',
        lastName: 'Jackson',
        full_name: 'Mary Jackson',
        email: 'mary.jackson@example.test',
        phone: '+91 98765 43210',
        department: 'Engineering',
        role: 'employee',
        status: 'active',
        organization_id: org.id,
        invitation_pending: true,
        pending_email: null,
      });
      const login = await call(app, 'POST', '/auth/login', {
        body: { email: 'mary.jackson@example.test', password: 'anything-at-all' },
      });
      expect(login.statusCode).toBe(401);
    });

    test('defaults to an active employee with only an email', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const response = await call(app, 'POST', '/employees/', {
        token: org.admin.token,
        body: { email: `solo-${org.id}@example.test` },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        firstName: null,
        lastName: null,
        full_name: null,
        role: 'employee',
        status: 'active',
      });
    });

    // Another organisation's email answers like a new one (test/email-claims.test.ts).
    test('answers 409 for an email already in the organisation and writes nothing', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const before = await snapshot(db);
      const response = await call(app, 'POST', '/employees/', {
        token: org.manager.token,
        body: { email: org.colleague.email.toUpperCase() },
      });
      expect(response.statusCode).toBe(409);
      expect(await snapshot(db)).toEqual(before);
    });

    test('a manager cannot add an admin (403); an admin can', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const before = await snapshot(db);
      const byManager = await call(app, 'POST', '/employees/', {
        token: org.manager.token,
        body: { email: `boss-${org.id}@example.test`, role: 'admin' },
      });
      expect(byManager.statusCode).toBe(403);
      expect(byManager.json().code).toBe('forbidden');
      expect(await snapshot(db)).toEqual(before);

      const byAdmin = await call(app, 'POST', '/employees/', {
        token: org.admin.token,
        body: { email: `boss-${org.id}@example.test`, role: 'admin' },
      });
      expect(byAdmin.statusCode).toBe(201);
      expect(byAdmin.json().role).toBe('admin');
    });
  });

  describe('PUT /employees/{id}', () => {
    test('changes the fields sent and keeps full_name in step', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const response = await call(app, 'PUT', `/employees/${org.employee.id}`, {
        token: org.manager.token,
        body: { lastName: 'Vaughan', phone: '', status: 'on_leave', department: 'Design' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: org.employee.id,
        lastName: 'Vaughan',
        full_name: `${response.json().firstName} Vaughan`,
        phone: null,
        status: 'on_leave',
        department: 'Design',
        email: org.employee.email,
      });
    });

    test('a manager can neither promote to admin nor change an admin; an admin can', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const before = await snapshot(db);
      const promote = await call(app, 'PUT', `/employees/${org.employee.id}`, {
        token: org.manager.token,
        body: { role: 'admin' },
      });
      expect(promote.statusCode).toBe(403);
      const demote = await call(app, 'PUT', `/employees/${org.admin.id}`, {
        token: org.manager.token,
        body: { role: 'employee' },
      });
      expect(demote.statusCode).toBe(403);
      expect(await snapshot(db)).toEqual(before);

      const byAdmin = await call(app, 'PUT', `/employees/${org.employee.id}`, {
        token: org.admin.token,
        body: { role: 'manager' },
      });
      expect(byAdmin.json().role).toBe('manager');
    });

    test('answers 409 when the new email belongs to someone else', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const before = await snapshot(db);
      const response = await call(app, 'PUT', `/employees/${org.employee.id}`, {
        token: org.admin.token,
        body: { email: org.colleague.email },
      });
      expect(response.statusCode).toBe(409);
      expect(await snapshot(db)).toEqual(before);
    });
  });
});
