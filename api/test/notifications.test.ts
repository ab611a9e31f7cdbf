/**
 * The bell's API: a person's own notices, their unread count, marking them read, and the
 * switch per kind of email. Notices are personal whatever the role: nobody, not even an
 * admin, reads or marks someone else's.
 */
import { NOTIFICATION_KINDS } from '@duly/shared/contract';
import {
  call,
  createCertificate,
  createNotification,
  createTask,
  createOrganization,
  setupTestApp,
  snapshot,
  testDatabases,
  type TestOrganization,
} from './helper';

const MINUTE_MS = 60_000;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE_MS).toISOString();

describe.each(testDatabases())('notifications on %s', (kind) => {
  const context = setupTestApp(kind);
  let org: TestOrganization;

  beforeEach(async () => {
    org = await createOrganization(context().db);
  });

  test('a person lists only their own notices, newest first, with what the bell shows', async () => {
    const { app, db } = context();
    const olderCreatedAt = minutesAgo(10);
    const older = await createNotification(db, org.employee, {
      kind: 'task_overdue',
      item_id: 'the-task-id',
      item_title: 'File the GST return',
      item_date: '2026-11-20T12:30:00.000Z',
      created_at: olderCreatedAt,
    });
    const newer = await createNotification(db, org.employee, {
      kind: 'certificate_reminder',
      item_title: 'Fire safety licence',
      item_date: '2026-12-01',
      created_at: minutesAgo(1),
    });
    await createNotification(db, org.colleague);
    await createNotification(db, org.admin);

    const response = await call(app, 'GET', '/notifications/', { token: org.employee.token });

    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    const notices = response.json();
    expect(notices.map((notice: { id: string }) => notice.id)).toEqual([newer, older]);
    expect(notices[1]).toEqual({
      id: older,
      kind: 'task_overdue',
      item_type: 'task',
      item_id: 'the-task-id',
      item_title: 'File the GST return',
      item_date: '2026-11-20T12:30:00.000Z',
      item_current_date: null,
      created_at: olderCreatedAt,
      read_at: null,
    });
  });

  test("each notice carries its item's date now, so the bell can say it changed since (issue 33)", async () => {
    const { app, db } = context();
    const taskId = await createTask(db, org, { due_date: '2026-11-27T12:30:00.000Z' });
    const certificateId = await createCertificate(db, org, { expiry_date: '2027-12-01' });
    const movedTask = await createNotification(db, org.employee, {
      kind: 'task_overdue',
      item_id: taskId,
      item_date: '2026-11-20T12:30:00.000Z',
      created_at: minutesAgo(3),
    });
    const renewed = await createNotification(db, org.employee, {
      kind: 'certificate_expired',
      item_type: 'certificate',
      item_id: certificateId,
      item_date: '2026-12-01',
      created_at: minutesAgo(2),
    });
    // Another organisation's item of the same id is never read: only the caller's own.
    const gone = await createNotification(db, org.employee, {
      kind: 'task_overdue',
      item_id: '00000000-0000-4000-8000-000000000000',
      created_at: minutesAgo(1),
    });

    const response = await call(app, 'GET', '/notifications/', { token: org.employee.token });
    const byId = new Map(
      response
        .json()
        .map((notice: { id: string; item_current_date: string | null }) => [
          notice.id,
          notice.item_current_date,
        ]),
    );
    expect(byId.get(movedTask)).toBe('2026-11-27T12:30:00.000Z');
    expect(byId.get(renewed)).toBe('2027-12-01');
    expect(byId.get(gone)).toBeNull();

    const marked = await call(app, 'PATCH', `/notifications/${renewed}`, {
      token: org.employee.token,
      body: { read: true },
    });
    expect(marked.json()).toMatchObject({
      item_date: '2026-12-01',
      item_current_date: '2027-12-01',
    });
  });

  test('the list pages with limit and offset and counts every notice in X-Total-Count', async () => {
    const { app, db } = context();
    const ids: string[] = [];
    for (let minute = 0; minute < 5; minute += 1) {
      ids.push(await createNotification(db, org.manager, { created_at: minutesAgo(minute) }));
    }

    const pages = await Promise.all(
      ['0', '2', '4'].map((offset) =>
        call(app, 'GET', '/notifications/', {
          token: org.manager.token,
          query: { limit: '2', offset },
        }),
      ),
    );

    expect(pages.map((page) => page.headers['x-total-count'])).toEqual(['5', '5', '5']);
    expect(pages.flatMap((page) => page.json().map((notice: { id: string }) => notice.id))).toEqual(
      ids,
    );
  });

  test('a bad page is a 400', async () => {
    const { app } = context();
    const response = await call(app, 'GET', '/notifications/', {
      token: org.employee.token,
      query: { limit: '0' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
  });

  test('the unread count counts only the caller’s unread notices', async () => {
    const { app, db } = context();
    await createNotification(db, org.employee);
    await createNotification(db, org.employee);
    await createNotification(db, org.employee, { read_at: minutesAgo(1) });
    await createNotification(db, org.colleague);

    const response = await call(app, 'GET', '/notifications/unread-count', {
      token: org.employee.token,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 2 });
    expect(
      (await call(app, 'GET', '/notifications/unread-count', { token: org.admin.token })).json(),
    ).toEqual({ count: 0 });
  });

  test('the unread count stops at 100 (the bell shows 99+)', async () => {
    const { app, db } = context();
    const now = new Date().toISOString();
    await db
      .insertInto('notifications')
      .values(
        Array.from({ length: 105 }, (_, index) => ({
          id: `${org.id}-bulk-${index}`,
          organization_id: org.id,
          recipient_user_id: org.employee.id,
          key: `bulk:${index}`,
          kind: 'task_overdue' as const,
          item_type: 'task' as const,
          item_id: `task-${index}`,
          item_title: `Task ${index}`,
          item_date: now,
          delivery: 'immediate' as const,
          email_status: 'sent' as const,
          send_after: now,
          read_at: null,
          created_at: now,
        })),
      )
      .execute();

    const response = await call(app, 'GET', '/notifications/unread-count', {
      token: org.employee.token,
    });

    expect(response.json()).toEqual({ count: 100 });
  });

  test('marking a notice read sets read_at and lowers the count; marking it unread undoes it', async () => {
    const { app, db } = context();
    const id = await createNotification(db, org.employee);
    const token = org.employee.token;

    const read = await call(app, 'PATCH', `/notifications/${id}`, { token, body: { read: true } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, read_at: expect.any(String) });
    expect(Date.parse(read.json().read_at)).toBeGreaterThan(Date.now() - MINUTE_MS);
    expect((await call(app, 'GET', '/notifications/unread-count', { token })).json()).toEqual({
      count: 0,
    });

    // Reading it again keeps the first time it was read.
    const again = await call(app, 'PATCH', `/notifications/${id}`, { token, body: { read: true } });
    expect(again.json().read_at).toBe(read.json().read_at);

    const unread = await call(app, 'PATCH', `/notifications/${id}`, {
      token,
      body: { read: false },
    });
    expect(unread.json()).toMatchObject({ id, read_at: null });
    expect((await call(app, 'GET', '/notifications/unread-count', { token })).json()).toEqual({
      count: 1,
    });
  });

  test('a colleague’s notice or an unknown id is a 404 that changes nothing, even for an admin', async () => {
    const { app, db } = context();
    const colleagues = await createNotification(db, org.colleague);
    const before = await snapshot(db);

    for (const [caller, id] of [
      [org.employee, colleagues],
      [org.admin, colleagues],
      [org.employee, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await call(app, 'PATCH', `/notifications/${id}`, {
        token: caller.token,
        body: { read: true },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Notification not found', code: 'not_found' });
    }
    expect(await snapshot(db)).toEqual(before);
  });

  test.each([{}, { read: 'yes' }, { read: true, extra: 1 }])(
    'PATCH with %j is a 400 that changes nothing',
    async (body) => {
      const { app, db } = context();
      const id = await createNotification(db, org.employee);
      const before = await snapshot(db);
      const response = await call(app, 'PATCH', `/notifications/${id}`, {
        token: org.employee.token,
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        errors: expect.any(Array),
      });
      expect(await snapshot(db)).toEqual(before);
    },
  );

  test('mark all as read marks every unread notice of the caller and nobody else’s', async () => {
    const { app, db } = context();
    const earlier = minutesAgo(30);
    const alreadyRead = await createNotification(db, org.manager, { read_at: earlier });
    await createNotification(db, org.manager);
    await createNotification(db, org.manager);
    const colleagues = await createNotification(db, org.employee);

    const response = await call(app, 'POST', '/notifications/read-all', {
      token: org.manager.token,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    const list = (await call(app, 'GET', '/notifications/', { token: org.manager.token })).json();
    expect(list.every((notice: { read_at: string | null }) => notice.read_at !== null)).toBe(true);
    expect(list.find((notice: { id: string }) => notice.id === alreadyRead).read_at).toBe(earlier);
    const theirs = await db
      .selectFrom('notifications')
      .select('read_at')
      .where('id', '=', colleagues)
      .executeTakeFirstOrThrow();
    expect(theirs.read_at).toBeNull();
  });

  test('a notice written behind the API (the reminders engine) shows at once, never from a cache', async () => {
    const { app, db } = context();
    const token = org.employee.token;
    const first = await call(app, 'GET', '/notifications/', { token });
    expect(first.json()).toEqual([]);
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await call(app, 'GET', '/notifications/unread-count', { token })).json()).toEqual({
      count: 0,
    });

    const id = await createNotification(db, org.employee);

    const second = await call(app, 'GET', '/notifications/', { token });
    expect(second.json().map((notice: { id: string }) => notice.id)).toEqual([id]);
    const count = await call(app, 'GET', '/notifications/unread-count', { token });
    expect(count.json()).toEqual({ count: 1 });
    expect(count.headers['cache-control']).toBe('no-store');
  });

  describe('email preferences', () => {
    const allOn = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true]));

    test('every kind of email is on until the person turns it off', async () => {
      const { app } = context();
      const response = await call(app, 'GET', '/profile/email-preferences', {
        token: org.employee.token,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(allOn);
    });

    test('turning kinds off and on again round-trips, and only for the caller', async () => {
      const { app, db } = context();
      const token = org.employee.token;

      const off = await call(app, 'PUT', '/profile/email-preferences', {
        token,
        body: { certificate_reminder: false, task_overdue: false },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ ...allOn, certificate_reminder: false, task_overdue: false });
      expect((await call(app, 'GET', '/profile/email-preferences', { token })).json()).toEqual(
        off.json(),
      );
      // The engine reads opt-outs from the table: one row per kind turned off.
      const rows = await db
        .selectFrom('email_opt_outs')
        .select(['user_id', 'kind'])
        .where('organization_id', '=', org.id)
        .orderBy('kind')
        .execute();
      expect(rows).toEqual([
        { user_id: org.employee.id, kind: 'certificate_reminder' },
        { user_id: org.employee.id, kind: 'task_overdue' },
      ]);

      // Turning one off twice is harmless; turning the other on removes its row.
      const back = await call(app, 'PUT', '/profile/email-preferences', {
        token,
        body: { ...allOn, certificate_reminder: false },
      });
      expect(back.json()).toEqual({ ...allOn, certificate_reminder: false });
      expect(
        (
          await call(app, 'GET', '/profile/email-preferences', { token: org.colleague.token })
        ).json(),
      ).toEqual(allOn);
    });

    test.each([
      [{ birthday_greetings: false }, 'birthday_greetings'],
      [{ task_overdue: 'no' }, 'task_overdue'],
    ])('PUT %j is a 400 naming %s that writes nothing', async (body, path) => {
      const { app, db } = context();
      const before = await snapshot(db);
      const response = await call(app, 'PUT', '/profile/email-preferences', {
        token: org.employee.token,
        body: { certificate_expired: false, ...body },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ path, message: expect.any(String) }]);
      expect(await snapshot(db)).toEqual(before);
    });
  });
});
