/**
 * Bad input on every write route: each answer is a 400 naming the field (or a
 * 404 for an unknown id), and nothing is written or changed.
 */
import { sql } from 'kysely';
import {
  call,
  createCertificate,
  createOrganization,
  createTask,
  setupTestApp,
  snapshot,
  testDatabases,
  type Method,
  type TestOrganization,
  namesField,
} from './helper';

interface Fixture {
  org: TestOrganization;
  task: string;
  certificate: string;
}

interface WriteRoute {
  method: Method;
  path: (f: Fixture) => string;
  /** A body the route accepts; cases change one field of it. */
  valid: (f: Fixture) => Record<string, unknown>;
}

const ROUTES: Record<string, WriteRoute> = {
  signup: {
    method: 'POST',
    path: () => '/auth/signup',
    valid: () => ({
      email: 'new-owner@example.test',
      password: 'long enough',
      name: 'New Owner',
      organization_name: 'New Org',
    }),
  },
  login: {
    method: 'POST',
    path: () => '/auth/login',
    valid: () => ({ email: 'someone@example.test', password: 'whatever1' }),
  },
  createEmployee: {
    method: 'POST',
    path: () => '/employees/',
    valid: () => ({ email: 'hire@example.test', firstName: 'Hire', role: 'employee' }),
  },
  updateEmployee: {
    method: 'PUT',
    path: (f) => `/employees/${f.org.colleague.id}`,
    valid: () => ({ firstName: 'Renamed' }),
  },
  createTask: {
    method: 'POST',
    path: () => '/tasks/',
    valid: () => ({ title: 'A task', due_date: '2030-01-01T10:00:00Z' }),
  },
  updateTask: {
    method: 'PUT',
    path: (f) => `/tasks/${f.task}`,
    valid: () => ({ title: 'Renamed', due_date: '2030-01-01T10:00:00Z' }),
  },
  markTask: {
    method: 'PATCH',
    path: (f) => `/tasks/${f.task}`,
    valid: () => ({ status: 'completed' }),
  },
  createCertificate: {
    method: 'POST',
    path: () => '/certificates/',
    valid: () => ({ name: 'A certificate', expiry_date: '2030-01-01', reminder_days_before: 30 }),
  },
  updateCertificate: {
    method: 'PUT',
    path: (f) => `/certificates/${f.certificate}/`,
    valid: () => ({ name: 'Renamed', expiry_date: '2030-01-01', reminder_days_before: 30 }),
  },
  assignTask: {
    method: 'POST',
    path: () => '/manager/tasks/assign',
    valid: (f) => ({ task_id: f.task, employee_id: f.org.colleague.id }),
  },
  assignCertificate: {
    method: 'POST',
    path: () => '/manager/certificates/assign',
    valid: (f) => ({ certificate_id: f.certificate, employee_id: f.org.colleague.id }),
  },
};

type RouteName = keyof typeof ROUTES;

/** [route, what is wrong, the fields to set (undefined = leave out), the field the 400 names]. */
const BAD_FIELDS: [RouteName, string, Record<string, unknown>, string][] = [
  // Missing required fields.
  ['login', 'missing email', { email: undefined }, 'email'],
  ['createEmployee', 'missing email', { email: undefined }, 'email'],
  ['createTask', 'missing title', { title: undefined }, 'title'],
  ['createTask', 'missing due_date', { due_date: undefined }, 'due_date'],
  ['markTask', 'missing status', { status: undefined }, 'status'],
  ['createCertificate', 'missing name', { name: undefined }, 'name'],
  ['createCertificate', 'missing expiry_date', { expiry_date: undefined }, 'expiry_date'],
  [
    'createCertificate',
    'missing reminder days',
    { reminder_days_before: undefined },
    'reminder_days_before',
  ],
  ['assignTask', 'missing employee_id', { employee_id: undefined }, 'employee_id'],
  ['assignTask', 'missing task_id', { task_id: undefined }, 'task_id'],
  ['assignCertificate', 'missing certificate_id', { certificate_id: undefined }, 'certificate_id'],
  // Wrong types.
  ['createTask', 'a number as title', { title: 123 }, 'title'],
  ['createTask', 'a number as due date', { due_date: 20300101 }, 'due_date'],
  ['createTask', 'an object as description', { description: { text: 'x' } }, 'description'],
  ['createTask', 'a number as assignee', { assigned_to_user_id: 5 }, 'assigned_to_user_id'],
  ['updateTask', 'a boolean as status', { status: true }, 'status'],
  [
    'createCertificate',
    'reminder days as a string',
    { reminder_days_before: '30' },
    'reminder_days_before',
  ],
  [
    'createCertificate',
    'reminder days as a fraction',
    { reminder_days_before: 7.5 },
    'reminder_days_before',
  ],
  ['createEmployee', 'a boolean as firstName', { firstName: true }, 'firstName'],
  ['updateEmployee', 'an array as phone', { phone: ['1'] }, 'phone'],
  ['assignTask', 'a number as employee_id', { employee_id: 1 }, 'employee_id'],
  ['signup', 'a number as password', { password: 12345678 }, 'password'],
  // Invalid and impossible dates.
  ['createTask', 'due_date "tomorrow"', { due_date: 'tomorrow' }, 'due_date'],
  [
    'createTask',
    'an impossible due date (30 February)',
    { due_date: '2030-02-30T10:00:00Z' },
    'due_date',
  ],
  ['createTask', 'a 13th month', { due_date: '2030-13-01T10:00:00Z' }, 'due_date'],
  ['createTask', 'a due date without a time', { due_date: '2030-01-01' }, 'due_date'],
  ['updateTask', 'hour 25', { due_date: '2030-01-01T25:00:00Z' }, 'due_date'],
  ['createCertificate', 'an impossible expiry date', { expiry_date: '2030-02-30' }, 'expiry_date'],
  ['createCertificate', 'a day-first expiry date', { expiry_date: '31/12/2030' }, 'expiry_date'],
  ['createCertificate', 'issue_date "yesterday"', { issue_date: 'yesterday' }, 'issue_date'],
  ['updateCertificate', 'an impossible expiry date', { expiry_date: '2031-04-31' }, 'expiry_date'],
  // Offsets no clock has: beyond ±14:00, or 60 minutes and more.
  ['createTask', 'offset +25:00', { due_date: '2026-01-01T10:00:00+25:00' }, 'due_date'],
  ['createTask', 'offset -14:30', { due_date: '2030-01-01T10:00:00-14:30' }, 'due_date'],
  ['updateTask', 'offset +05:75', { due_date: '2030-01-01T10:00:00+05:75' }, 'due_date'],
  ['updateTask', 'offset +1401 (no colon)', { due_date: '2030-01-01T10:00:00+1401' }, 'due_date'],
  [
    'createCertificate',
    'an instant with offset +25:00',
    { expiry_date: '2030-01-01T10:00:00+25:00' },
    'expiry_date',
  ],
  [
    'updateCertificate',
    'an issue instant with offset -05:60',
    { issue_date: '2029-01-01T10:00:00-05:60' },
    'issue_date',
  ],
  // Unknown statuses and roles.
  ['updateTask', 'an unknown task status', { status: 'done' }, 'status'],
  ['markTask', 'an upper-case status', { status: 'COMPLETED' }, 'status'],
  ['createTask', 'an unknown task status', { status: 'archived' }, 'status'],
  ['updateCertificate', 'an unknown certificate status', { status: 'lapsed' }, 'status'],
  ['createEmployee', 'an unknown employee status', { status: 'fired' }, 'status'],
  ['createEmployee', 'an unknown role', { role: 'owner' }, 'role'],
  ['updateEmployee', 'an unknown role', { role: 'superuser' }, 'role'],
  // Reminder days outside 1..365.
  ['createCertificate', 'reminder days 0', { reminder_days_before: 0 }, 'reminder_days_before'],
  ['createCertificate', 'reminder days 366', { reminder_days_before: 366 }, 'reminder_days_before'],
  ['updateCertificate', 'reminder days 0', { reminder_days_before: 0 }, 'reminder_days_before'],
  ['updateCertificate', 'reminder days 366', { reminder_days_before: 366 }, 'reminder_days_before'],
  // Over-long and empty strings.
  ['createTask', 'a 201-character title', { title: 'x'.repeat(201) }, 'title'],
  ['createTask', 'a 5001-character description', { description: 'x'.repeat(5001) }, 'description'],
  ['createTask', 'an empty title', { title: '' }, 'title'],
  ['updateTask', 'a blank title', { title: '   ' }, 'title'],
  ['createCertificate', 'a 201-character name', { name: 'x'.repeat(201) }, 'name'],
  [
    'updateCertificate',
    'a 5001-character description',
    { description: 'x'.repeat(5001) },
    'description',
  ],
  ['createEmployee', 'a 201-character firstName', { firstName: 'x'.repeat(201) }, 'firstName'],
  ['createEmployee', 'a 201-character department', { department: 'x'.repeat(201) }, 'department'],
  ['updateEmployee', 'a 51-character phone', { phone: '1'.repeat(51) }, 'phone'],
  ['createEmployee', 'an invalid email', { email: 'not an email' }, 'email'],
  // Addresses RFC 5322 allows but no ordinary mailbox has (@duly/shared's isOrdinaryEmail).
  ['createEmployee', 'an IP-literal email', { email: 'x@[127.0.0.1]' }, 'email'],
  ['createEmployee', 'a quoted local part', { email: '"a b"@attack.test' }, 'email'],
  ['updateEmployee', 'an IPv6-literal email', { email: 'x@[IPv6:::1]' }, 'email'],
  ['updateEmployee', 'an email without a dot in its domain', { email: 'x@localhost' }, 'email'],
  ['signup', 'a quoted local part', { email: '"owner"@example.test' }, 'email'],
  [
    'signup',
    'a 201-character organisation name',
    { organization_name: 'x'.repeat(201) },
    'organization_name',
  ],
  // Text that reads other than it looks (lib/text-input.ts).
  ['createTask', 'a lone surrogate in the title', { title: 'x\ud800y' }, 'title'],
  [
    'updateTask',
    'a lone low surrogate in the description',
    { description: 'a\udc00' },
    'description',
  ],
  ['createTask', 'a NUL byte in the title', { title: 'a\u0000b' }, 'title'],
  ['createTask', 'a NUL byte in the description', { description: 'line\u0000' }, 'description'],
  ['updateTask', 'a line break in the title', { title: 'two\nlines' }, 'title'],
  ['createCertificate', 'an escape character in the name', { name: 'a\u001b[31m' }, 'name'],
  [
    'createCertificate',
    'a right-to-left override in the name',
    { name: 'Invoice \u202efdp.exe' },
    'name',
  ],
  [
    'updateCertificate',
    'a bidi isolate in the description',
    { description: 'a\u2067b' },
    'description',
  ],
  [
    'updateCertificate',
    'a right-to-left mark in the department',
    { department: 'HR\u200f' },
    'department',
  ],
  ['createTask', 'a title of zero-width spaces', { title: '\u200b\u200b\u200b' }, 'title'],
  ['updateTask', 'a title of a Hangul filler', { title: '\u3164' }, 'title'],
  ['createCertificate', 'a name of joiners and spaces', { name: ' \u200d \u2060 ' }, 'name'],
  ['createEmployee', 'a first name of zero-width spaces', { firstName: '\u200b' }, 'firstName'],
  ['updateEmployee', 'a last name with a NUL byte', { lastName: 'Rao\u0000' }, 'lastName'],
  ['updateEmployee', 'a phone with a C1 control', { phone: '98\u0085765' }, 'phone'],
  ['signup', 'a name with a lone surrogate', { name: 'Asha \ud83d' }, 'name'],
  [
    'signup',
    'an organisation name of soft hyphens',
    { organization_name: '\u00ad\u00ad' },
    'organization_name',
  ],
  // Unknown people named in a payload.
  [
    'createTask',
    'an unknown assignee',
    { assigned_to_user_id: '00000000-0000-4000-8000-000000000001' },
    'assigned_to_user_id',
  ],
  [
    'updateTask',
    'an unknown assignee',
    { assigned_to_employee_id: 'nobody' },
    'assigned_to_employee_id',
  ],
  [
    'createCertificate',
    'an unknown incharge person',
    { incharge_person_id: 'nobody' },
    'incharge_person_id',
  ],
  // SQL-looking values where only a known value fits.
  ['markTask', 'SQL as status', { status: "completed' OR 1=1 --" }, 'status'],
  ['createTask', 'SQL as due date', { due_date: "2030-01-01'); DROP TABLE tasks; --" }, 'due_date'],
  [
    'createCertificate',
    'SQL as reminder days',
    { reminder_days_before: '1; DROP TABLE certificates' },
    'reminder_days_before',
  ],
];

describe.each(testDatabases())('bad input on %s', (kind) => {
  const context = setupTestApp(kind);
  let fixture: Fixture;

  beforeAll(async () => {
    const { db } = context();
    const org = await createOrganization(db);
    fixture = {
      org,
      task: await createTask(db, org),
      certificate: await createCertificate(db, org),
    };
  });

  test.each(BAD_FIELDS)(
    '%s: %s → 400 naming the field',
    async (routeName, _what, change, field) => {
      const { app, db } = context();
      const route = ROUTES[routeName];
      const body = { ...route.valid(fixture), ...change };
      for (const key of Object.keys(change)) if (change[key] === undefined) delete body[key];
      const before = await snapshot(db);

      const response = await call(app, route.method, route.path(fixture), {
        token: fixture.org.admin.token,
        body,
      });

      expect(response.statusCode).toBe(400);
      const error = response.json();
      expect(error.code).toBe('validation_failed');
      expect(error.errors.map((e: { path: string }) => e.path)).toEqual([field]);
      expect(error.message).toMatch(namesField(field));
      expect(await snapshot(db)).toEqual(before);
    },
  );

  test.each(Object.keys(ROUTES))('%s: malformed JSON → 400 "not valid JSON"', async (routeName) => {
    const { app, db } = context();
    const route = ROUTES[routeName];
    const before = await snapshot(db);
    const response = await call(app, route.method, route.path(fixture), {
      token: fixture.org.admin.token,
      body: '{"title": "unterminated',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request body is not valid JSON',
      code: 'invalid_json',
    });
    expect(await snapshot(db)).toEqual(before);
  });

  test.each(Object.keys(ROUTES))('%s: no body at all → 400', async (routeName) => {
    const { app, db } = context();
    const route = ROUTES[routeName];
    const before = await snapshot(db);
    const response = await call(app, route.method, route.path(fixture), {
      token: fixture.org.admin.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'body', message: 'must be an object' }]);
    expect(await snapshot(db)).toEqual(before);
  });

  test.each([
    ['PUT', '/tasks/{unknown}', { title: 'x' }, 'Task not found'],
    ['PATCH', '/tasks/{unknown}', { status: 'completed' }, 'Task not found'],
    ['PUT', '/certificates/{unknown}/', { name: 'x' }, 'Certificate not found'],
    ['PUT', '/employees/{unknown}', { firstName: 'x' }, 'Employee not found'],
    ['PUT', "/tasks/1' OR '1'='1", { title: 'x' }, 'Task not found'],
    ['PATCH', '/tasks/1;DROP TABLE tasks', { status: 'completed' }, 'Task not found'],
  ] as const)('%s %s → 404 "%s", nothing changed', async (method, template, body, message) => {
    const { app, db } = context();
    const before = await snapshot(db);
    const path = template.replace('{unknown}', '9a1b2c3d-0000-4000-8000-00000000abcd');
    const response = await call(app, method, encodeURI(path), {
      token: fixture.org.admin.token,
      body,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message, code: 'not_found' });
    expect(await snapshot(db)).toEqual(before);
  });

  test.each([
    ['2030-01-01T10:00:00+14:00', '2029-12-31T20:00:00.000Z'],
    ['2030-01-01T10:00:00-12:00', '2030-01-01T22:00:00.000Z'],
    ['2030-01-01T10:00:00+0545', '2030-01-01T04:15:00.000Z'],
    ['2030-01-01T10:00:00-09:30', '2030-01-01T19:30:00.000Z'],
  ])('a due date with the real offset of %s is accepted', async (dueDate, stored) => {
    const response = await call(context().app, 'POST', '/tasks/', {
      token: fixture.org.admin.token,
      body: { title: 'Far away', due_date: dueDate },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().due_date).toBe(stored);
  });

  test('text is stored in NFC: an accent typed apart is one character, found by search', async () => {
    const { app } = context();
    const created = await call(app, 'POST', '/tasks/', {
      token: fixture.org.admin.token,
      body: {
        title: 'Cafe\u0301 licence',
        description: 'Re\u0301sume\u0301:\n\t- renew',
        due_date: '2030-01-01T00:00:00Z',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: 'Caf\u00e9 licence',
      description: 'R\u00e9sum\u00e9:\n\t- renew',
    });
    const found = await call(app, 'GET', '/tasks/', {
      token: fixture.org.admin.token,
      query: { q: 'cafe\u0301' },
    });
    expect(found.json().map((task: { id: string }) => task.id)).toEqual([created.json().id]);
  });

  test('text in any script, and emoji made with joiners, is stored as sent', async () => {
    const { app } = context();
    for (const title of ['שלום עולם', 'مرحبا بالعالم', 'नमस्ते', '👩\u200d💻 review', 'ok\u200dok']) {
      const created = await call(app, 'POST', '/tasks/', {
        token: fixture.org.admin.token,
        body: { title, due_date: '2030-01-01T00:00:00Z' },
      });
      expect([title, created.statusCode, created.json().title]).toEqual([title, 201, title]);
    }
  });

  test.each([
    ['a NUL byte', 'a\u0000'],
    ['a right-to-left override', '\u202etxt'],
    ['only a zero-width space', '\u200b'],
  ])('a search for text with %s → 400 naming q', async (_what, q) => {
    const response = await call(context().app, 'GET', '/tasks/', {
      token: fixture.org.admin.token,
      query: { q },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'q', message: expect.any(String) }]);
  });

  test('a password is hashed as typed: neither normalised nor refused for its characters', async () => {
    const { app } = context();
    const email = 'typed-password@example.test';
    const password = 'pa\u0301ss\u200e\u0000word';
    const signup = await call(app, 'POST', '/auth/signup', {
      body: { email, password, name: 'Typed Password', organization_name: 'Typed' },
    });
    expect(signup.statusCode).toBe(201);
    // The password is checked where the session from sign-up can reach it (signing in by
    // email waits for the address to be confirmed): as the current one of a password change.
    const token = signup.json().token as string;
    const change = (current: string) =>
      call(app, 'PUT', '/profile/password', {
        token,
        body: { current_password: current, new_password: 'another long password' },
      });
    expect((await change(password.normalize('NFC'))).statusCode).toBe(400);
    expect((await change(password)).statusCode).toBe(200);
  });

  test('SQL-looking text is stored as text, not run', async () => {
    const { app, db } = context();
    const title = "Robert'); DROP TABLE tasks; --";
    const created = await call(app, 'POST', '/tasks/', {
      token: fixture.org.admin.token,
      body: { title, description: "' OR '1'='1", due_date: '2030-01-01T00:00:00Z' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title, description: "' OR '1'='1" });
    const search = await call(app, 'GET', '/tasks/', {
      token: fixture.org.admin.token,
      query: { q: "' OR 1=1 --" },
    });
    expect(search.json()).toEqual([]);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from tasks`.execute(db);
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(2);
  });

  test('a body of another type than JSON → 415', async () => {
    const { app } = context();
    const response = await call(app, 'POST', '/tasks/', {
      token: fixture.org.admin.token,
      body: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_media_type');
  });
});
