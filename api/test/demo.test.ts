import { buildApp } from '../src/app';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, formatDemoLogins, seedDemo } from '../src/demo/seed';
import { kolkataToday } from '../src/lib/dates';
import {
  LEGACY_COST,
  call,
  openTestDatabase,
  testConfig,
  testDatabases,
  type TestDatabase,
} from './helper';

describe.each(testDatabases())('the demo organisation on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.drop();
  });

  test('holds an admin, 2 managers, 8 employees, 40 tasks and 25 certificates over every status', async () => {
    const { db } = database;
    // Hashed at the suite's cheaper cost (testConfig): signing in eleven people at today's
    // cost takes ~10 s on a busy machine.
    const result = await seedDemo(db, undefined, LEGACY_COST);
    expect(result.created).toBe(true);

    const users = await db.selectFrom('users').select(['role', 'password_hash']).execute();
    expect(users.filter((u) => u.role === 'admin')).toHaveLength(1);
    expect(users.filter((u) => u.role === 'manager')).toHaveLength(2);
    expect(users.filter((u) => u.role === 'employee')).toHaveLength(8);
    expect(users.every((u) => u.password_hash !== null)).toBe(true);

    const tasks = await db.selectFrom('tasks').select(['status', 'due_date']).execute();
    expect(tasks).toHaveLength(40);
    expect(new Set(tasks.map((t) => t.status))).toEqual(
      new Set(['pending', 'in_progress', 'completed', 'overdue', 'escalated']),
    );
    const now = new Date().toISOString();
    expect(tasks.some((t) => t.status === 'overdue' && t.due_date < now)).toBe(true);

    const certificates = await db
      .selectFrom('certificates')
      .select(['status', 'expiry_date'])
      .execute();
    expect(certificates).toHaveLength(25);
    expect(new Set(certificates.map((c) => c.status))).toEqual(
      new Set(['active', 'expired', 'renewed', 'escalated']),
    );
    const today = kolkataToday();
    const in30Days = kolkataToday(new Date(Date.now() + 30 * 86_400_000));
    expect(
      certificates.some(
        (c) => c.status === 'active' && c.expiry_date >= today && c.expiry_date <= in30Days,
      ),
    ).toBe(true);
    expect(certificates.some((c) => c.status === 'expired' && c.expiry_date < today)).toBe(true);

    expect(result.logins).toHaveLength(11);
    expect(formatDemoLogins(result)).toContain(DEMO_ADMIN_EMAIL);
    expect(formatDemoLogins(result)).toContain(DEMO_PASSWORD);
  });

  test('reads like a real organisation: every task title and certificate name distinct, no numbered copies', async () => {
    const { db } = database;
    await seedDemo(db);
    const titles = (await db.selectFrom('tasks').select('title').execute()).map((t) => t.title);
    const names = (await db.selectFrom('certificates').select('name').execute()).map((c) => c.name);
    for (const list of [titles, names]) {
      expect(new Set(list).size).toBe(list.length);
      expect(list.filter((text) => /\(\d+\)$|\s\d+$/.test(text))).toEqual([]);
    }
  });

  test('gives every team member open, overdue and completed tasks and expiring and expired certificates', async () => {
    const { db } = database;
    await seedDemo(db);
    const now = new Date().toISOString();
    const today = kolkataToday();
    const in30Days = kolkataToday(new Date(Date.now() + 30 * 86_400_000));
    const members = await db
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('role', 'in', ['manager', 'employee'])
      .execute();
    expect(members).toHaveLength(10);
    const tasks = await db
      .selectFrom('tasks')
      .select(['assigned_to_user_id', 'status', 'due_date'])
      .execute();
    const certificates = await db
      .selectFrom('certificates')
      .select(['incharge_person_id', 'status', 'expiry_date'])
      .execute();

    for (const member of members) {
      const own = tasks.filter((t) => t.assigned_to_user_id === member.id);
      const held = certificates.filter((c) => c.incharge_person_id === member.id);
      const mix = {
        open: own.some((t) => t.status !== 'completed' && t.due_date > now),
        overdue: own.some((t) => ['overdue', 'escalated'].includes(t.status) && t.due_date < now),
        completed: own.some((t) => t.status === 'completed'),
        expiring: held.some(
          (c) => c.status === 'active' && c.expiry_date >= today && c.expiry_date <= in30Days,
        ),
        expired: held.some((c) => c.status === 'expired' && c.expiry_date < today),
      };
      expect({ member: member.full_name, ...mix }).toEqual({
        member: member.full_name,
        open: true,
        overdue: true,
        completed: true,
        expiring: true,
        expired: true,
      });
    }
    // Something for a manager to assign.
    expect(tasks.filter((t) => t.assigned_to_user_id === null).length).toBeGreaterThan(0);
    expect(certificates.filter((c) => c.incharge_person_id === null).length).toBeGreaterThan(0);
  });

  test('loading it again duplicates nothing', async () => {
    const { db } = database;
    const again = await seedDemo(db);
    expect(again.created).toBe(false);
    const count = async (table: 'users' | 'tasks' | 'certificates' | 'organizations') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('organizations')).toBe(1);
    expect(await count('users')).toBe(11);
    expect(await count('tasks')).toBe(40);
    expect(await count('certificates')).toBe(25);
  });

  test('every printed login signs in, and the dashboard shows the demo data', async () => {
    const app = await buildApp({ config: testConfig(), db: database.db });
    const { logins } = await seedDemo(database.db, undefined, LEGACY_COST);
    for (const login of logins) {
      const response = await call(app, 'POST', '/auth/login', {
        body: { email: login.email, password: login.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.role).toBe(login.role);
    }
    const admin = await call(app, 'POST', '/auth/login', {
      body: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
    });
    const dashboard = await call(app, 'GET', '/dashboard/', { token: admin.json().token });
    expect(dashboard.json()).toMatchObject({
      tasks: { total_tasks: 40 },
      certificates: { total_certificates: 25 },
      employee_count: 11,
    });
    expect(dashboard.json().tasks.overdue_tasks).toBeGreaterThan(0);
    expect(dashboard.json().certificates.expired_certificates).toBeGreaterThan(0);
    await app.close();
  });
});
