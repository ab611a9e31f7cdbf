/**
 * List and dashboard answers are cached on SQLite (plugins/response-cache.ts);
 * these tests make sure a cached answer is never stale or someone else's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { OTHER_WRITERS_CHECK_MS, createDatabase } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import {
  call,
  createOrganization,
  createTask,
  setupTestApp,
  testConfig,
  testDatabases,
} from './helper';

describe.each(testDatabases())('cached answers on %s', (kind) => {
  const context = setupTestApp(kind);

  test('a write through the API shows in the next list and count', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const first = await call(app, 'GET', '/tasks/', { token: org.manager.token });
    expect(first.json()).toHaveLength(0);

    await call(app, 'POST', '/tasks/', {
      token: org.manager.token,
      body: { title: 'Fresh', due_date: '2030-01-01T00:00:00Z' },
    });

    const second = await call(app, 'GET', '/tasks/', { token: org.manager.token });
    expect(second.json().map((task: { title: string }) => task.title)).toEqual(['Fresh']);
    expect(second.headers['x-total-count']).toBe('1');
  });

  test('an answer served again from the cache still tells browsers to keep no copy', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createTask(db, org);
    for (const path of ['/tasks/', '/dashboard/', '/employees/']) {
      const fresh = await call(app, 'GET', path, { token: org.manager.token });
      const again = await call(app, 'GET', path, { token: org.manager.token });
      expect([path, fresh.statusCode, again.statusCode]).toEqual([path, 200, 200]);
      expect([path, fresh.headers['cache-control'], again.headers['cache-control']]).toEqual([
        path,
        'no-store',
        'no-store',
      ]);
    }
  });

  test('a write that bypasses the API (a scheduler, a script) shows too', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    expect(
      (await call(app, 'GET', '/dashboard/', { token: org.admin.token })).json().tasks,
    ).toEqual({ total_tasks: 0, overdue_tasks: 0 });
    await createTask(db, org, { status: 'overdue' });
    expect(
      (await call(app, 'GET', '/dashboard/', { token: org.admin.token })).json().tasks,
    ).toEqual({ total_tasks: 1, overdue_tasks: 1 });
  });

  test('a renamed employee shows renamed in the task lists at once', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createTask(db, org);
    await call(app, 'GET', '/tasks/', { token: org.manager.token });
    await call(app, 'PUT', `/employees/${org.employee.id}`, {
      token: org.admin.token,
      body: { firstName: 'Renamed', lastName: 'Person' },
    });
    const list = await call(app, 'GET', '/tasks/', { token: org.manager.token });
    expect(list.json()[0].assigned_to.full_name).toBe('Renamed Person');
  });

  test('an answer cached for a manager is never served to an employee', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createTask(db, org, { assigned_to_user_id: org.colleague.id });
    const managers = await call(app, 'GET', '/tasks/', { token: org.manager.token });
    expect(managers.json()).toHaveLength(1);
    const employees = await call(app, 'GET', '/tasks/', { token: org.employee.token });
    expect(employees.json()).toHaveLength(0);
    expect(employees.headers['x-total-count']).toBe('0');
  });

  test('the dashboard notices a task falling due within about a second', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createTask(db, org, { due_date: new Date(Date.now() + 600).toISOString() });
    const before = await call(app, 'GET', '/dashboard/', { token: org.manager.token });
    expect(before.json().tasks.overdue_tasks).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await call(app, 'GET', '/dashboard/', { token: org.manager.token });
    expect(after.json().tasks.overdue_tasks).toBe(1);
  });
});

describe('cached answers with another connection writing to the SQLite file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'duly-cache-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a write through another connection shows within OTHER_WRITERS_CHECK_MS', async () => {
    const filename = path.join(dir, 'duly.sqlite');
    const served = createDatabase({ dialect: 'sqlite', filename });
    await migrateToLatest(served);
    const other = createDatabase({ dialect: 'sqlite', filename });
    const app = await buildApp({ config: testConfig(), db: served });
    try {
      const org = await createOrganization(served);
      expect((await call(app, 'GET', '/tasks/', { token: org.admin.token })).json()).toEqual([]);
      await createTask(other, org, { title: 'From elsewhere' });
      await new Promise((resolve) => setTimeout(resolve, OTHER_WRITERS_CHECK_MS + 10));
      const list = await call(app, 'GET', '/tasks/', { token: org.admin.token });
      expect(list.json().map((task: { title: string }) => task.title)).toEqual(['From elsewhere']);
    } finally {
      await app.close();
      await served.destroy();
      await other.destroy();
    }
  });
});
