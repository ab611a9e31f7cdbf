/**
 * Organisation isolation: an id of another organisation is a 404 that changes
 * nothing, and no list or count ever includes another organisation's rows.
 * Every route of the route table with an id in its path is tried with a foreign
 * id, and every route whose body names a task, certificate or employee by id has
 * its cases here, so a new route cannot be left out.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { insertImport, saveRowResults } from '../src/db/repositories/imports';
import type { Db } from '../src/db/tables';
import { hashPassword } from '../src/lib/passwords';
import {
  LEGACY_COST,
  apiPath,
  createUser,
  call,
  createCertificate,
  createCertificateType,
  createNotification,
  createOrganization,
  createTask,
  createWebhook,
  setupTestApp,
  routeTable,
  snapshot,
  testDatabases,
  type Method,
  TEST_JWT_SECRET,
  type TestOrganization,
} from './helper';
import { uploadDocument } from './document-files';
import { unsubscribeToken } from '../src/reminders/unsubscribe-token';

interface World {
  mine: TestOrganization;
  theirs: TestOrganization;
  myTask: string;
  myCertificate: string;
  theirTask: string;
  theirCertificate: string;
  /** A notice to their admin (the caller below is our admin). */
  theirNotice: string;
  myWebhook: string;
  theirWebhook: string;
  /** An API token of each admin (issue 30). */
  myToken: string;
  theirToken: string;
  /** A document on each organisation's certificate (issue 26). */
  myDocument: string;
  theirDocument: string;
  /** An import of each organisation, with one row result (issue 27). */
  myImport: string;
  theirImport: string;
  myCertificateType: string;
  theirCertificateType: string;
}

/** A finished dry-run import of one row, straight into the tables. */
async function importOf(db: Db, organization: TestOrganization): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await insertImport(
    db,
    {
      organization_id: organization.id,
      id,
      created_by_user_id: organization.admin.id,
      kind: 'employees',
      mode: 'upsert',
      dry_run: 1,
      send_invitations: 0,
      status: 'done',
      active: null,
      file_name: 'p.csv',
      sheet: null,
      date_order: null,
      mapping: '{"email":"email"}',
      preview_id: null,
      plan_digest: null,
      headers: '["email"]',
      total_rows: 1,
      processed_rows: 1,
      created: 1,
      updated: 0,
      unchanged: 0,
      failed: 0,
      error: null,
      created_at: now,
      updated_at: now,
    },
    [[['someone@example.test']]],
  );
  await saveRowResults(db, organization.id, id, [{ row: 1, outcome: 'create' }]);
  return id;
}

describe.each(testDatabases())('organisation isolation on %s', (kind) => {
  const context = setupTestApp(kind, {
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'duly-isolation-')),
  });
  let world: World;

  beforeAll(async () => {
    const { db } = context();
    const mine = await createOrganization(db);
    const theirs = await createOrganization(db);
    world = {
      mine,
      theirs,
      myTask: await createTask(db, mine),
      myCertificate: await createCertificate(db, mine),
      theirTask: await createTask(db, theirs, { status: 'overdue' }),
      theirCertificate: await createCertificate(db, theirs, { status: 'expired' }),
      theirNotice: await createNotification(db, theirs.admin),
      myWebhook: (await createWebhook(db, mine)).id,
      theirWebhook: (await createWebhook(db, theirs)).id,
      myToken: await apiTokenOf(mine),
      theirToken: await apiTokenOf(theirs),
      myDocument: '',
      theirDocument: '',
      myImport: await importOf(db, mine),
      theirImport: await importOf(db, theirs),
      myCertificateType: await createCertificateType(db, mine),
      theirCertificateType: await createCertificateType(db, theirs),
    };
    world.myDocument = await uploadDocument(context().app, mine.manager.token, world.myCertificate);
    world.theirDocument = await uploadDocument(
      context().app,
      theirs.manager.token,
      world.theirCertificate,
    );
    // Our employee has a notice of their own, so their list has something to check.
    await createNotification(db, mine.employee);
  });

  /** A read token of the organisation's admin, made through the API. */
  async function apiTokenOf(organization: TestOrganization): Promise<string> {
    const created = await call(context().app, 'POST', '/profile/api-tokens', {
      token: organization.admin.token,
      body: { name: 'Isolation', scope: 'read' },
    });
    expect(created.statusCode).toBe(201);
    return created.json().id;
  }

  /** Another organisation's row for each kind of `:id`, and how its 404 names it. */
  const FOREIGN: [prefix: string, id: (w: World) => string, message: string][] = [
    ['/organizations/', (w) => w.theirs.id, 'Organization not found'],
    ['/employees/', (w) => w.theirs.employee.id, 'Employee not found'],
    ['/tasks/', (w) => w.theirTask, 'Task not found'],
    ['/certificates/', (w) => w.theirCertificate, 'Certificate not found'],
    ['/notifications/', (w) => w.theirNotice, 'Notification not found'],
    ['/webhooks/', (w) => w.theirWebhook, 'Webhook not found'],
    ['/certificate-types/', (w) => w.theirCertificateType, 'Certificate type not found'],
    ['/profile/api-tokens/', (w) => w.theirToken, 'API token not found'],
    ['/api-tokens/', (w) => w.theirToken, 'API token not found'],
    ['/documents/', (w) => w.theirDocument, 'Document not found'],
    ['/imports/', (w) => w.theirImport, 'Import not found'],
  ];

  /** A body the route would accept for one of the caller's own rows. */
  const VALID_BODIES: Record<string, unknown> = {
    'PUT /employees/:id': { status: 'inactive' },
    'POST /employees/:id/invitation': undefined,
    'PUT /tasks/:id': { title: 'Mine now' },
    'PATCH /tasks/:id': { status: 'completed' },
    'PUT /certificates/:id/': { name: 'Mine now' },
    'PATCH /notifications/:id': { read: true },
    'PUT /webhooks/:id': { description: 'Mine now' },
    'PUT /certificate-types/:id': { description: 'Mine now' },
    'DELETE /certificate-types/:id': undefined,
    'POST /certificate-types/:id/link-certificates': undefined,
    'DELETE /webhooks/:id': undefined,
    'POST /webhooks/:id/deliveries/:delivery_id/redeliver': undefined,
    'POST /webhooks/:id/test': undefined,
    'DELETE /profile/api-tokens/:id': undefined,
    'DELETE /api-tokens/:id': undefined,
    'POST /certificates/:id/documents/': undefined,
    'DELETE /documents/:id/': undefined,
    'POST /documents/:id/approve': undefined,
    'POST /documents/:id/reject': { reason: 'Not theirs to judge' },
    'PATCH /organizations/:id/settings': { documents_need_approval: false },
  };

  test('every route of the route table with an id in its path → 404 for another organisation’s id, nothing changed', async () => {
    const { app, db } = context();
    const idRoutes = (await routeTable()).filter((route) => route.url.includes(':id'));
    expect(idRoutes.length).toBeGreaterThanOrEqual(8);
    const before = await snapshot(db);
    const answers: string[] = [];
    const expected: string[] = [];
    for (const route of idRoutes) {
      const key = `${route.method} ${apiPath(route.url)}`;
      const foreign = FOREIGN.find(([prefix]) => apiPath(route.url).startsWith(prefix));
      const writes = route.method !== 'GET';
      if (!foreign) throw new Error(`${key}: add its kind of id to FOREIGN`);
      if (writes && !(key in VALID_BODIES)) throw new Error(`${key}: add a body to VALID_BODIES`);
      const [, id, message] = foreign;
      const response = await call(app, route.method, apiPath(route.url).replace(':id', id(world)), {
        token: world.mine.admin.token,
        body: VALID_BODIES[key],
      });
      answers.push(`${key} → ${response.statusCode} ${response.body}`);
      expected.push(`${key} → 404 ${JSON.stringify({ message, code: 'not_found' })}`);
    }
    expect(answers).toEqual(expected);
    expect(await snapshot(db)).toEqual(before);
  });

  /** Routes whose body names a row by id: each id field, with another organisation's row. */
  const BODY_IDS: [Method, string, (w: World) => unknown, string][] = [
    [
      'POST',
      '/manager/tasks/assign',
      (w) => ({ task_id: w.theirTask, employee_id: w.mine.employee.id }),
      'Task not found',
    ],
    [
      'POST',
      '/manager/tasks/assign',
      (w) => ({ task_id: w.myTask, employee_id: w.theirs.employee.id }),
      'Employee not found',
    ],
    [
      'POST',
      '/manager/certificates/assign',
      (w) => ({ certificate_id: w.theirCertificate, employee_id: w.mine.employee.id }),
      'Certificate not found',
    ],
    [
      'POST',
      '/manager/certificates/assign',
      (w) => ({ certificate_id: w.myCertificate, employee_id: w.theirs.employee.id }),
      'Employee not found',
    ],
    // Approving several documents at once (issue 26): one of another organisation, alone or
    // beside one of ours, and nothing is approved.
    ['POST', '/documents/approve', (w) => ({ ids: [w.theirDocument] }), 'Document not found'],
    [
      'POST',
      '/documents/approve',
      (w) => ({ ids: [w.myDocument, w.theirDocument] }),
      'Document not found',
    ],
  ];

  test('every route whose body requires a row’s id has its foreign-id cases here', async () => {
    const requiringIds = (await routeTable())
      .filter((route) =>
        ((route.schema?.body as { required?: string[] } | undefined)?.required ?? []).some(
          (field) => field.endsWith('_id'),
        ),
      )
      .map((route) => `${route.method} ${apiPath(route.url)}`);
    const covered = new Set(BODY_IDS.map(([method, path]) => `${method} ${path}`));
    expect(requiringIds.filter((key) => !covered.has(key))).toEqual([]);
    expect(requiringIds.length).toBeGreaterThanOrEqual(2);
  });

  test.each(
    BODY_IDS.map(([method, path, body, message], index) => ({
      index,
      method,
      path,
      body,
      message,
    })),
  )(
    '$method $path with another organisation’s id (#$index) → 404 "$message", nothing changed',
    async ({ method, path, body, message }) => {
      const { app, db } = context();
      const before = await snapshot(db);
      const response = await call(app, method, path, {
        token: world.mine.admin.token,
        body: body(world),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message, code: 'not_found' });
      expect(await snapshot(db)).toEqual(before);
    },
  );

  test.each([
    {
      method: 'POST',
      field: 'assigned_to_user_id',
      path: () => '/tasks/',
      body: (w: World) => ({
        title: 'T',
        due_date: '2030-01-01T00:00:00Z',
        assigned_to_user_id: w.theirs.employee.id,
      }),
    },
    {
      method: 'PUT',
      field: 'assigned_to_employee_id',
      path: (w: World) => `/tasks/${w.myTask}`,
      body: (w: World) => ({ assigned_to_employee_id: w.theirs.employee.id }),
    },
    {
      method: 'POST',
      field: 'incharge_person_id',
      path: () => '/certificates/',
      body: (w: World) => ({
        name: 'C',
        expiry_date: '2030-01-01',
        reminder_days_before: 7,
        incharge_person_id: w.theirs.employee.id,
      }),
    },
  ] as const)(
    '$method with another organisation’s user as $field → 400 naming it, nothing changed',
    async ({ method, path, body, field }) => {
      const { app, db } = context();
      const before = await snapshot(db);
      const response = await call(app, method, path(world), {
        token: world.mine.manager.token,
        body: body(world),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: field, message: 'is not a user of your organisation' },
      ]);
      expect(await snapshot(db)).toEqual(before);
    },
  );

  /** Every list of the API, with the least role that may read it. */
  const LISTS = [
    ['/tasks/', 'admin'],
    ['/certificates/', 'admin'],
    ['/employees/', 'admin'],
    ['/manager/team', 'manager'],
    ['/manager/tasks', 'manager'],
    ['/manager/certificates', 'manager'],
    ['/employee/tasks', 'employee'],
    ['/employee/certificates', 'employee'],
    ['/notifications/', 'employee'],
    ['/webhooks/', 'admin'],
    ['/webhooks/:id/deliveries', 'admin'],
    ['/certificate-types/', 'employee'],
    ['/activity', 'manager'],
    ['/profile/api-tokens', 'admin'],
    ['/api-tokens', 'admin'],
    ['/documents/', 'admin'],
    ['/certificates/:id/documents/', 'admin'],
    ['/imports/:id/rows', 'admin'],
  ] as const;

  test('every route of the route table that answers a list is checked below', async () => {
    const lists = (await routeTable())
      .filter((route) => {
        const ok = (route.schema?.response as Record<number, { type?: string }> | undefined)?.[200];
        return route.method === 'GET' && ok?.type === 'array';
      })
      .map((route) => apiPath(route.url));
    expect(lists.sort()).toEqual(LISTS.map(([path]) => path).sort());
  });

  test.each(LISTS)('GET %s (as %s) lists only the caller’s organisation', async (path, role) => {
    const { app } = context();
    const id = path.startsWith('/certificates/')
      ? world.myCertificate
      : path.startsWith('/imports/')
        ? world.myImport
        : world.myWebhook;
    const response = await call(app, 'GET', path.replace(':id', id), {
      token: world.mine[role].token,
    });
    expect(response.statusCode).toBe(200);
    const items: { id: string; organization_id?: string; entity_id?: string }[] = response.json();
    expect(items.length).toBeGreaterThan(0);
    expect(Number(response.headers['x-total-count'])).toBe(items.length);
    const foreignIds = [
      world.theirTask,
      world.theirCertificate,
      world.theirNotice,
      world.theirs.admin.id,
      world.theirs.manager.id,
      world.theirs.employee.id,
      world.theirs.colleague.id,
      world.theirToken,
      world.theirCertificateType,
      world.theirDocument,
    ];
    for (const item of items) {
      expect(foreignIds).not.toContain(item.id);
      // An activity entry names its item.
      if (item.entity_id !== undefined) expect(foreignIds).not.toContain(item.entity_id);
      if (item.organization_id !== undefined) expect(item.organization_id).toBe(world.mine.id);
    }
  });

  test.each([
    ['/tasks/', { assigned_to_user_id: 'theirs' }],
    ['/certificates/', { incharge_person_id: 'theirs' }],
    ['/manager/tasks', { assigned_to_user_id: 'theirs' }],
    ['/manager/certificates', { incharge_person_id: 'theirs' }],
  ] as const)('GET %s filtered by another organisation’s user is empty', async (path, filter) => {
    const { app } = context();
    const [[name]] = Object.entries(filter);
    const response = await call(app, 'GET', path, {
      token: world.mine.admin.token,
      query: { [name]: world.theirs.employee.id },
    });
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  test('an unsubscribe link turns emails off only for the person it names, in their organisation', async () => {
    const { app, db } = context();
    const token = unsubscribeToken(TEST_JWT_SECRET, world.theirs.employee.id, 'task_overdue');
    // Whoever sends it (even someone signed in to another organisation), it names one person.
    const response = await call(app, 'POST', '/unsubscribe', {
      token: world.mine.admin.token,
      query: { token },
    });
    expect(response.statusCode).toBe(200);
    const rows = await db
      .selectFrom('email_opt_outs')
      .select(['organization_id', 'user_id', 'kind'])
      .where('kind', '=', 'task_overdue')
      .execute();
    expect(rows).toEqual([
      { organization_id: world.theirs.id, user_id: world.theirs.employee.id, kind: 'task_overdue' },
    ]);
    await db.deleteFrom('email_opt_outs').execute();
  });

  /** Routes about the caller themself (no id: the person is the token's), each tried below. */
  const SELF_ROUTES = [
    'GET /profile/',
    'PATCH /profile/',
    'PUT /profile/password',
    // The email preferences (issue 15) are the caller's own the same way; tried in their suite.
    'GET /profile/email-preferences',
    'PUT /profile/email-preferences',
    // The person's own API tokens and calendar URL (issue 30); tried in test/integrations.test.ts.
    'GET /profile/api-tokens',
    'POST /profile/api-tokens',
    'DELETE /profile/api-tokens/:id',
    'GET /profile/calendar-url',
    'POST /profile/calendar-url',
  ];

  test('every route of the route table about the caller themself is checked below', async () => {
    const selfRoutes = (await routeTable())
      .map((route) => `${route.method} ${apiPath(route.url)}`)
      .filter((key) => key.split(' ')[1].startsWith('/profile'));
    expect(selfRoutes.sort()).toEqual([...SELF_ROUTES].sort());
  });

  test('the profile routes read and change only the caller’s own row, in their own organisation', async () => {
    const { app, db } = context();
    const password = 'isolation-password-1';
    // A third organisation of its own, so the counts the other tests expect stay as they are.
    const home = await createOrganization(db);
    const me = await createUser(db, home.id, {
      password_hash: await hashPassword(password, LEGACY_COST),
    });
    const others = async () =>
      (
        await db.selectFrom('users').selectAll().where('id', '<>', me.id).orderBy('id').execute()
      ).map((row) => JSON.stringify(row));
    const before = await others();

    const profile = await call(app, 'GET', '/profile/', { token: me.token });
    expect(profile.json()).toMatchObject({
      id: me.id,
      organization_id: home.id,
      organization_name: home.name,
    });
    const renamed = await call(app, 'PATCH', '/profile/', {
      token: me.token,
      body: { full_name: 'Only Me' },
    });
    expect(renamed.statusCode).toBe(200);
    const changed = await call(app, 'PUT', '/profile/password', {
      token: me.token,
      body: { current_password: password, new_password: 'isolation-password-2' },
    });
    expect(changed.statusCode).toBe(200);

    expect(await others()).toEqual(before);
    const mine = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(mine).toMatchObject({ full_name: 'Only Me', organization_id: home.id });
  });

  test('the dashboard counts only the caller’s organisation', async () => {
    const { app } = context();
    const response = await call(app, 'GET', '/dashboard/', { token: world.mine.admin.token });
    expect(response.json()).toEqual({
      tasks: { total_tasks: 1, overdue_tasks: 0 },
      certificates: { total_certificates: 1, expired_certificates: 0 },
      employee_count: 4,
    });
  });
});
