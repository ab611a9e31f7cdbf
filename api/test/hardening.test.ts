/**
 * The gaps an attack from outside found (issue 17), each pinned by what a client observes:
 * sign-in limits that concurrency cannot bypass, bounded paging and date ranges, tokens of
 * users who no longer exist, and the statuses an employee may set.
 */
import { randomUUID } from 'node:crypto';
import { SIGN_IN_LIMITS } from '../src/lib/login-limiter';
import { hashPassword } from '../src/lib/passwords';
import {
  LEGACY_COST,
  call,
  createOrganization,
  createTask,
  createUser,
  setupTestApp,
  snapshot,
  testDatabases,
  tokenFor,
  type TestOrganization,
} from './helper';

const PASSWORD = 'correct horse';

// Each test makes hundreds of requests (or hashes dozens of passwords): seconds, more than
// jest's default 5 s when the machine is busy.
jest.setTimeout(60_000);

describe.each(testDatabases())('hardening on %s', (kind) => {
  const context = setupTestApp(kind);
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createOrganization(context().db);
  });

  describe('sign-in limits', () => {
    const login = (email: string, password: string, remoteAddress: string) =>
      call(context().app, 'POST', '/auth/login', { body: { email, password }, remoteAddress });

    test('parallel guesses at one email: only the allowed number is checked, a correct last guess is refused', async () => {
      const { db } = context();
      const email = `parallel-${randomUUID()}@example.test`;
      await createUser(db, org.id, {
        first_name: 'parallel',
        email,
        password_hash: await hashPassword(PASSWORD, LEGACY_COST),
      });
      const guesses = Array.from({ length: 30 }, (_, index) => `wrong guess ${index}`);
      const answers = await Promise.all(
        [...guesses, PASSWORD].map((password) => login(email, password, '10.1.0.1')),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(
        SIGN_IN_LIMITS.perAccountAndAddress.max,
      );
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    });

    test('one address trying many emails is capped across emails', async () => {
      const answers = [];
      // In rounds the password gate takes whole, so only the limit per address refuses.
      const round = SIGN_IN_LIMITS.hashesAtOnce;
      for (let sent = 0; sent < SIGN_IN_LIMITS.perAddress.max + 10; sent += round) {
        answers.push(
          ...(await Promise.all(
            Array.from({ length: round }, (_, index) =>
              login(`nobody-${sent + index}-${randomUUID()}@example.test`, 'whatever1', '10.2.0.1'),
            ),
          )),
        );
      }
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(
        SIGN_IN_LIMITS.perAddress.max,
      );
      const refused = answers.filter((answer) => answer.statusCode === 429);
      expect(refused).toHaveLength(answers.length - SIGN_IN_LIMITS.perAddress.max);
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(1);
      expect(refused[0].json()).toEqual({
        message: expect.any(String),
        code: 'too_many_requests',
      });
    });

    test('a flood from many addresses computes a bounded number of hashes at once and is answered at once beyond it', async () => {
      const flood = 60;
      const answers = await Promise.all(
        Array.from({ length: flood }, (_, index) =>
          login(`flood-${index}-${randomUUID()}@example.test`, 'whatever1', `10.3.${index}.1`),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      const checked = statuses.filter((status) => status === 401).length;
      expect(checked).toBeLessThanOrEqual(
        SIGN_IN_LIMITS.hashesAtOnce + SIGN_IN_LIMITS.hashesWaiting,
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(flood - checked);
      // Once the flood has passed, a real sign-in works at once.
      const { db } = context();
      const email = `after-flood-${randomUUID()}@example.test`;
      await createUser(db, org.id, {
        first_name: 'after',
        email,
        password_hash: await hashPassword(PASSWORD, LEGACY_COST),
      });
      expect((await login(email, PASSWORD, '10.4.0.1')).statusCode).toBe(200);
    });
  });

  describe('paging bounds', () => {
    const LISTS = [
      ['/tasks/', 'admin'],
      ['/certificates/', 'admin'],
      ['/employees/', 'admin'],
      ['/manager/team', 'manager'],
      ['/manager/tasks', 'manager'],
      ['/manager/certificates', 'manager'],
      ['/employee/tasks', 'employee'],
      ['/employee/certificates', 'employee'],
    ] as const;

    test.each(
      LISTS.flatMap(([path, role]) =>
        ['99999999999999999999', '9223372036854775807', '1000001'].map((offset) => ({
          path,
          role,
          offset,
        })),
      ),
    )('GET $path?offset=$offset → 400 naming offset', async ({ path, role, offset }) => {
      const response = await call(context().app, 'GET', path, {
        token: org[role].token,
        query: { offset },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'offset', message: expect.stringContaining('1000000') },
      ]);
    });

    test('the largest offset allowed answers an empty page', async () => {
      const response = await call(context().app, 'GET', '/tasks/', {
        token: org.admin.token,
        query: { offset: '1000000' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });
  });

  describe('dates at the edges', () => {
    test.each([
      '9999-12-31T23:59:59-12:00',
      '0000-01-01T00:00:00Z',
      '1899-12-31T18:29:59Z',
      '2200-12-31T23:00:00-05:00',
    ])('a task due %s → 400 naming due_date, nothing written', async (dueDate) => {
      const { app, db } = context();
      const before = await snapshot(db);
      const response = await call(app, 'POST', '/tasks/', {
        token: org.manager.token,
        body: { title: 'Edge', due_date: dueDate },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'due_date', message: expect.stringContaining('between 1900 and 2200') },
      ]);
      expect(await snapshot(db)).toEqual(before);
    });

    test.each(['1900-01-01T00:00:00Z', '2200-12-31T23:59:59Z'])(
      'a task due %s (the edge of the range) is accepted',
      async (dueDate) => {
        const response = await call(context().app, 'POST', '/tasks/', {
          token: org.manager.token,
          body: { title: 'Edge', due_date: dueDate },
        });
        expect(response.statusCode).toBe(201);
        expect(response.json().due_date).toBe(new Date(dueDate).toISOString());
      },
    );

    test.each([
      { expiry_date: '9999-12-31T23:59:59-12:00', issue_date: '2030-01-01', field: 'expiry_date' },
      { expiry_date: '10000-01-01', issue_date: '2030-01-01', field: 'expiry_date' },
      { expiry_date: '2030-01-01', issue_date: '0000-01-01', field: 'issue_date' },
      { expiry_date: '2201-01-01', issue_date: null, field: 'expiry_date' },
    ])(
      'a certificate with $field out of range ($expiry_date, $issue_date) → 400, nothing written',
      async ({ expiry_date, issue_date, field }) => {
        const { app, db } = context();
        const before = await snapshot(db);
        const response = await call(app, 'POST', '/certificates/', {
          token: org.manager.token,
          body: { name: 'Edge', expiry_date, issue_date, reminder_days_before: 7 },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toContainEqual({
          path: field,
          message: expect.stringContaining('between 1900 and 2200'),
        });
        expect(await snapshot(db)).toEqual(before);
      },
    );
  });

  describe('a token for a user who no longer exists', () => {
    test.each([
      ['POST', '/tasks/', () => ({ title: 'Ghost', due_date: '2030-01-01T00:00:00Z' })],
      [
        'POST',
        '/certificates/',
        () => ({ name: 'Ghost', expiry_date: '2030-01-01', reminder_days_before: 7 }),
      ],
      ['POST', '/employees/', () => ({ email: `ghost-${randomUUID()}@example.test` })],
    ] as const)('%s %s → 401, nothing written', async (method, path, body) => {
      const { app, db } = context();
      const ghost = tokenFor({
        id: randomUUID(),
        email: 'ghost@example.test',
        full_name: 'Ghost',
        role: 'admin',
        organization_id: org.id,
      });
      const before = await snapshot(db);
      const response = await call(app, method, path, { token: ghost, body: body() });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String), code: 'unauthorized' });
      expect(await snapshot(db)).toEqual(before);
    });
  });

  describe('statuses an employee may set on their own task', () => {
    test.each(['escalated', 'overdue'])('PATCH to %s → 403, the task unchanged', async (status) => {
      const { app, db } = context();
      const task = await createTask(db, org, { assigned_to_user_id: org.employee.id });
      const before = await snapshot(db);
      const response = await call(app, 'PATCH', `/tasks/${task}`, {
        token: org.employee.token,
        body: { status },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
      expect(await snapshot(db)).toEqual(before);
    });

    test('an overdue task may be completed but not reset to pending', async () => {
      const { app, db } = context();
      const task = await createTask(db, org, {
        assigned_to_user_id: org.employee.id,
        status: 'overdue',
      });
      const reset = await call(app, 'PATCH', `/tasks/${task}`, {
        token: org.employee.token,
        body: { status: 'pending' },
      });
      expect(reset.statusCode).toBe(403);
      const done = await call(app, 'PATCH', `/tasks/${task}`, {
        token: org.employee.token,
        body: { status: 'completed' },
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().status).toBe('completed');
    });

    test.each(['in_progress', 'completed', 'pending'])('PATCH to %s is allowed', async (status) => {
      const { app, db } = context();
      const task = await createTask(db, org, {
        assigned_to_user_id: org.employee.id,
        status: 'in_progress',
      });
      const response = await call(app, 'PATCH', `/tasks/${task}`, {
        token: org.employee.token,
        body: { status },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(status);
    });

    test('a manager may still set any status', async () => {
      const { app, db } = context();
      const task = await createTask(db, org);
      const response = await call(app, 'PATCH', `/tasks/${task}`, {
        token: org.manager.token,
        body: { status: 'escalated' },
      });
      expect(response.statusCode).toBe(200);
    });
  });
});
