/**
 * The counters of migration 011 (issue 16): database triggers keep task_counts,
 * certificate_counts and user_counts equal to counting the rows, whatever path wrote them
 * (the routes, the reminder sweep, a deleted user's ON DELETE SET NULL, bulk inserts, the
 * migration's backfill), and the answers read from them (X-Total-Count, /dashboard/) are
 * the ones a count of the rows gives. The expected figures are computed here from the rows
 * themselves, never from the counters or the migration's SQL.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '@duly/shared/contract';
import { sql } from 'kysely';
import { migrations } from '../src/db/migrations';
import { migrateToLatest, runMigrator } from '../src/db/migrate';
import type { Db, NewTask } from '../src/db/tables';
import { runReminderSweep } from '../src/reminders/sweep';
import {
  call,
  createCertificate,
  createOrganization,
  createTask,
  createUser,
  daysFromNow,
  kolkataDateIn,
  openTestDatabase,
  setupTestApp,
  testDatabases,
  tokenFor,
  type TestDatabase,
  type TestOrganization,
} from './helper';

const LIST_COUNTERS = '2026-11-24-011-list-counters';

type Counts = Record<string, number>;

/** `{ "org|owner|status": n }` from a list of rows, with the roll-up owner `all`. */
function tally(rows: { organization_id: string; owner: string | null; status: string }[]) {
  const counts: Counts = {};
  const add = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  for (const row of rows) {
    add(`${row.organization_id}|${row.owner ?? 'none'}|${row.status}`);
    add(`${row.organization_id}|all|${row.status}`);
  }
  return counts;
}

/** The counter rows that are not zero, in the same shape. */
function nonZero(rows: { organization_id: string; owner: string; status: string; n: unknown }[]) {
  return Object.fromEntries(
    rows
      .filter((row) => Number(row.n) !== 0)
      .map((row) => [`${row.organization_id}|${row.owner}|${row.status}`, Number(row.n)]),
  );
}

/** Every counter equals what counting the rows gives. */
async function expectCountersToMatchRows(db: Db) {
  const tasks = await db
    .selectFrom('tasks')
    .select(['organization_id', 'assigned_to_user_id as owner', 'status'])
    .execute();
  const certificates = await db
    .selectFrom('certificates')
    .select(['organization_id', 'incharge_person_id as owner', 'status'])
    .execute();
  const users = await db
    .selectFrom('users')
    .select(['organization_id', 'status', 'role'])
    .execute();

  expect(nonZero(await db.selectFrom('task_counts').selectAll().execute())).toEqual(tally(tasks));
  expect(nonZero(await db.selectFrom('certificate_counts').selectAll().execute())).toEqual(
    tally(certificates),
  );
  const userTally: Counts = {};
  for (const { organization_id: org, status, role } of users) {
    const key = `${org}|${status}|${role}`;
    userTally[key] = (userTally[key] ?? 0) + 1;
  }
  const userCounts = await db.selectFrom('user_counts').selectAll().execute();
  expect(
    Object.fromEntries(
      userCounts
        .filter((row) => Number(row.n) !== 0)
        .map((row) => [`${row.organization_id}|${row.status}|${row.role}`, Number(row.n)]),
    ),
  ).toEqual(userTally);
}

function taskRow(org: TestOrganization, fields: Partial<NewTask> = {}): NewTask {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    organization_id: org.id,
    title: 'Bulk',
    description: null,
    due_date: daysFromNow(3),
    status: 'pending',
    assigned_to_user_id: org.employee.id,
    created_by_user_id: org.manager.id,
    assigner_id: org.manager.id,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

describe.each(testDatabases())('counters on %s', (kind) => {
  const context = setupTestApp(kind);

  test('the routes’ creates and edits of tasks, certificates and employees keep every counter', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const manager = { token: org.manager.token };

    const created = await call(app, 'POST', '/tasks/', {
      ...manager,
      body: { title: 'Write', due_date: daysFromNow(5), assigned_to_user_id: org.employee.id },
    });
    expect(created.statusCode).toBe(201);
    const taskId = created.json().id as string;
    await call(app, 'POST', '/tasks/', {
      ...manager,
      body: { title: 'Nobody’s', due_date: daysFromNow(5) },
    });
    await expectCountersToMatchRows(db);

    for (const body of [
      { status: 'in_progress' },
      { assigned_to_employee_id: org.colleague.id },
      { due_date: daysFromNow(-2), status: 'overdue' },
      { assigned_to_user_id: null },
    ]) {
      expect((await call(app, 'PUT', `/tasks/${taskId}`, { ...manager, body })).statusCode).toBe(
        200,
      );
      await expectCountersToMatchRows(db);
    }
    const assigned = await call(app, 'POST', '/manager/tasks/assign', {
      ...manager,
      body: { task_id: taskId, employee_id: org.employee.id },
    });
    expect(assigned.statusCode).toBe(200);
    const done = await call(app, 'PATCH', `/tasks/${taskId}`, {
      token: org.employee.token,
      body: { status: 'completed' },
    });
    expect(done.statusCode).toBe(200);
    await expectCountersToMatchRows(db);

    const certificate = await call(app, 'POST', '/certificates/', {
      ...manager,
      body: {
        name: 'Licence',
        expiry_date: kolkataDateIn(40),
        reminder_days_before: 7,
        incharge_person_id: org.employee.id,
      },
    });
    expect(certificate.statusCode).toBe(201);
    const certificateId = certificate.json().id as string;
    const expired = await createCertificate(db, org, { status: 'expired' });
    for (const [id, body] of [
      [certificateId, { incharge_person_id: org.colleague.id }],
      [expired, { expiry_date: kolkataDateIn(365) }],
    ] as const) {
      const response = await call(app, 'PUT', `/certificates/${id}/`, { ...manager, body });
      expect(response.statusCode).toBe(200);
    }
    await expectCountersToMatchRows(db);

    const employee = await call(app, 'POST', '/employees/', {
      ...manager,
      body: { firstName: 'New', lastName: 'Person', email: `new-${org.id}@example.test` },
    });
    expect(employee.statusCode).toBe(201);
    for (const body of [{ status: 'on_leave' }, { role: 'manager' }, { status: 'inactive' }]) {
      const response = await call(app, 'PUT', `/employees/${employee.json().id}`, {
        token: org.admin.token,
        body,
      });
      expect(response.statusCode).toBe(200);
    }
    await expectCountersToMatchRows(db);
  });

  test('deleting tasks, certificates and a user (whose items become nobody’s) keeps every counter', async () => {
    const { db } = context();
    const org = await createOrganization(db);
    const gone = await createUser(db, org.id);
    const tasks = await Promise.all(
      (['pending', 'completed', 'overdue'] as const).map((status) =>
        createTask(db, org, { status, assigned_to_user_id: gone.id }),
      ),
    );
    await createCertificate(db, org, { incharge_person_id: gone.id });
    const certificate = await createCertificate(db, org);
    await expectCountersToMatchRows(db);

    await db.deleteFrom('tasks').where('id', '=', tasks[0]).execute();
    await db.deleteFrom('certificates').where('id', '=', certificate).execute();
    await expectCountersToMatchRows(db);

    // ON DELETE SET NULL (assigned_to_user_id / incharge_person_id): changed by the database.
    await db.deleteFrom('user_emails').where('user_id', '=', gone.id).execute();
    await db.deleteFrom('users').where('id', '=', gone.id).execute();
    const orphans = await db
      .selectFrom('tasks')
      .select('assigned_to_user_id')
      .where('id', 'in', tasks.slice(1))
      .execute();
    expect(orphans).toEqual([{ assigned_to_user_id: null }, { assigned_to_user_id: null }]);
    await expectCountersToMatchRows(db);
  });

  test('the reminder sweep’s transitions keep every counter', async () => {
    const { db } = context();
    const org = await createOrganization(db);
    await createTask(db, org, { status: 'pending', due_date: daysFromNow(-1) });
    await createTask(db, org, { status: 'in_progress', due_date: daysFromNow(-5) });
    await createTask(db, org, { status: 'overdue', due_date: daysFromNow(-10) });
    await createCertificate(db, org, { status: 'active', expiry_date: kolkataDateIn(-2) });
    await createCertificate(db, org, {
      status: 'expired',
      expiry_date: kolkataDateIn(-60),
      reminder_days_before: 7,
    });

    await runReminderSweep(db, () => new Date());
    const statuses = await db
      .selectFrom('tasks')
      .select('status')
      .where('organization_id', '=', org.id)
      .execute();
    expect(statuses.map((row) => row.status).sort()).toEqual(['escalated', 'escalated', 'overdue']);
    await expectCountersToMatchRows(db);
  });

  test('bulk inserts and updates of many rows in one statement keep every counter', async () => {
    const { db } = context();
    const org = await createOrganization(db);
    const statuses = ['pending', 'in_progress', 'completed', 'overdue', 'escalated'] as const;
    await db
      .insertInto('tasks')
      .values(
        Array.from({ length: 500 }, (_, i) =>
          taskRow(org, {
            status: statuses[i % statuses.length],
            assigned_to_user_id:
              i % 3 === 0 ? null : i % 3 === 1 ? org.employee.id : org.colleague.id,
          }),
        ),
      )
      .execute();
    if (kind === 'postgres') {
      // Set-based, as the bench seeds a million: one statement, one trigger call.
      await sql`insert into tasks (id, organization_id, title, due_date, status,
          assigned_to_user_id, created_by_user_id, created_at, updated_at)
        select gen_random_uuid()::text, ${org.id}, 'Series ' || i, ${daysFromNow(1)},
          (array['pending', 'completed'])[i % 2 + 1],
          case when i % 4 = 0 then null else ${org.employee.id} end, ${org.manager.id},
          ${daysFromNow(0)}, ${daysFromNow(0)}
        from generate_series(1, 2000) as i`.execute(db);
    }
    await expectCountersToMatchRows(db);

    await db
      .updateTable('tasks')
      .set({ assigned_to_user_id: org.colleague.id, status: 'completed' })
      .where('organization_id', '=', org.id)
      .where('assigned_to_user_id', '=', org.employee.id)
      .where('status', '<>', 'completed')
      .execute();
    await db
      .updateTable('tasks')
      .set({ title: 'Renamed' })
      .where('organization_id', '=', org.id)
      .execute();
    await expectCountersToMatchRows(db);

    await db.deleteFrom('tasks').where('organization_id', '=', org.id).execute();
    await expectCountersToMatchRows(db);
  });

  test('X-Total-Count of every list filter the counters serve equals the rows that match', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const statuses = ['pending', 'in_progress', 'completed', 'overdue', 'escalated'] as const;
    for (let i = 0; i < 12; i += 1) {
      await createTask(db, org, {
        status: statuses[i % statuses.length],
        assigned_to_user_id: i % 4 === 0 ? null : i % 2 ? org.employee.id : org.colleague.id,
      });
    }
    for (const status of ['active', 'expired', 'renewed', 'escalated', 'active'] as const) {
      await createCertificate(db, org, { status });
    }
    await createUser(db, org.id, { status: 'inactive' });
    // Another organisation's rows never count.
    const other = await createOrganization(db);
    await createTask(db, other);
    await createCertificate(db, other);

    const totalOf = async (path: string, token = org.manager.token) => {
      const response = await call(app, 'GET', path, { token });
      expect(response.statusCode).toBe(200);
      return Number(response.headers['x-total-count']);
    };
    const rows = async (table: 'tasks' | 'certificates', where: Record<string, unknown>) => {
      let query = db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('organization_id', '=', org.id);
      for (const [column, value] of Object.entries(where)) {
        query = query.where(column as 'status', '=', value as never);
      }
      return Number((await query.executeTakeFirstOrThrow()).n);
    };

    // limit=1 keeps the page full, so the total comes from a count, not from the page.
    expect(await totalOf('/tasks/?limit=1')).toBe(await rows('tasks', {}));
    for (const status of statuses) {
      expect(await totalOf(`/tasks/?limit=1&status=${status}`)).toBe(
        await rows('tasks', { status }),
      );
    }
    expect(await totalOf(`/tasks/?limit=1&assigned_to_user_id=${org.employee.id}`)).toBe(
      await rows('tasks', { assigned_to_user_id: org.employee.id }),
    );
    expect(await totalOf(`/tasks/?limit=1&status=completed`, org.employee.token)).toBe(
      await rows('tasks', { assigned_to_user_id: org.employee.id, status: 'completed' }),
    );
    const own = await rows('tasks', { assigned_to_user_id: org.employee.id });
    const ownDone = await rows('tasks', {
      assigned_to_user_id: org.employee.id,
      status: 'completed',
    });
    expect(await totalOf('/employee/tasks?limit=1&status=pending', org.employee.token)).toBe(
      own - ownDone,
    );
    expect(await totalOf('/certificates/?limit=1')).toBe(await rows('certificates', {}));
    expect(await totalOf('/certificates/?limit=1&status=active')).toBe(
      await rows('certificates', { status: 'active' }),
    );
    expect(await totalOf('/employees/?limit=1')).toBe(5);
    expect(await totalOf('/employees/?limit=1&status=active')).toBe(4);
    expect(await totalOf('/employees/?limit=1&role=employee')).toBe(3);
    expect(await totalOf('/manager/team?limit=1')).toBe(4);
  });

  test('/dashboard/ counts what counting the rows counts, past-due but unmarked items included', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const mine = { assigned_to_user_id: org.employee.id };
    const theirs = { assigned_to_user_id: org.colleague.id };
    await createTask(db, org, { ...mine, status: 'pending', due_date: daysFromNow(2) });
    // Past due, not swept yet: overdue on the dashboard.
    await createTask(db, org, { ...mine, status: 'pending', due_date: daysFromNow(-1) });
    await createTask(db, org, { ...theirs, status: 'in_progress', due_date: daysFromNow(-1) });
    await createTask(db, org, { ...mine, status: 'overdue', due_date: daysFromNow(-1) });
    await createTask(db, org, { ...theirs, status: 'escalated', due_date: daysFromNow(-9) });
    // Escalated, then given a later due date: not overdue any more.
    await createTask(db, org, { ...mine, status: 'escalated', due_date: daysFromNow(4) });
    await createTask(db, org, { ...theirs, status: 'completed', due_date: daysFromNow(-3) });
    await createCertificate(db, org, { status: 'active', expiry_date: kolkataDateIn(10) });
    await createCertificate(db, org, { status: 'active', expiry_date: kolkataDateIn(-1) });
    await createCertificate(db, org, { status: 'expired', expiry_date: kolkataDateIn(-3) });
    await createCertificate(db, org, { status: 'escalated', expiry_date: kolkataDateIn(-40) });
    await createCertificate(db, org, { status: 'escalated', expiry_date: kolkataDateIn(3) });
    await createCertificate(db, org, { status: 'renewed', expiry_date: kolkataDateIn(-2) });

    const manager = await call(app, 'GET', '/dashboard/', { token: org.manager.token });
    expect(manager.json()).toEqual({
      tasks: { total_tasks: 7, overdue_tasks: 4 },
      certificates: { total_certificates: 6, expired_certificates: 3 },
      employee_count: 4,
    });
    const employee = await call(app, 'GET', '/dashboard/', { token: org.employee.token });
    expect(employee.json()).toEqual({
      tasks: { total_tasks: 4, overdue_tasks: 2 },
      certificates: { total_certificates: 6, expired_certificates: 3 },
      employee_count: 4,
    });
  });
});

/**
 * An organisation as createOrganization makes it, written row by row: the schema here is the
 * one before migration 011, older than what today's repositories write (the activity history
 * of migration 701 among others).
 */
async function organizationBeforeTheHistory(db: Db): Promise<TestOrganization> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('organizations')
    .values({ id, name: `Org ${id}`, created_at: now, updated_at: now })
    .execute();
  const person = async (role: Role) => {
    const user = {
      id: randomUUID(),
      organization_id: id,
      email: `${role}-${randomUUID()}@example.test`,
      first_name: role,
      last_name: 'Tester',
      full_name: `${role} Tester`,
      phone: null,
      department: null,
      role,
      status: 'active' as const,
      password_hash: null,
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('users').values(user).execute();
    await db
      .insertInto('user_emails')
      .values({ email: user.email, organization_id: id, user_id: user.id })
      .execute();
    const identity = {
      id: user.id,
      email: user.email,
      full_name: user.full_name,
      role,
      organization_id: id,
    };
    return { ...identity, token: tokenFor(identity) };
  };
  return {
    id,
    name: `Org ${id}`,
    admin: await person('admin'),
    manager: await person('manager'),
    employee: await person('employee'),
    colleague: await person('employee'),
  };
}

describe.each(testDatabases())('migration 011 on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  test('counts the rows already there, rolls back, and counts them again', async () => {
    database = await openTestDatabase(kind, false);
    const { db } = database;
    const names = Object.keys(migrations);
    const before = names[names.indexOf(LIST_COUNTERS) - 1];
    const migrateTo = async (name: string) =>
      expect((await runMigrator(db, (migrator) => migrator.migrateTo(name))).error).toBeUndefined();
    await migrateTo(before);

    const north = await organizationBeforeTheHistory(db);
    const south = await organizationBeforeTheHistory(db);
    for (const [org, status] of [
      [north, 'pending'],
      [north, 'completed'],
      [north, 'completed'],
      [south, 'overdue'],
    ] as const) {
      await createTask(db, org, { status });
    }
    await createTask(db, north, { assigned_to_user_id: null });
    await createCertificate(db, north);
    await createCertificate(db, south, { status: 'expired', incharge_person_id: null });

    expect(await migrateToLatest(db)).toContain(LIST_COUNTERS);
    await expectCountersToMatchRows(db);

    await migrateTo(before);
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toEqual(expect.arrayContaining(['task_counts']));
    expect(tables.filter((name) => name.endsWith('_counts'))).toEqual([]);
    // No trigger is left behind: a write without the counter tables still works.
    await createTask(db, south);

    expect(await migrateToLatest(db)).toContain(LIST_COUNTERS);
    await expectCountersToMatchRows(db);
  });
});
