import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { buildApp } from '../src/app';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { hashPassword } from '../src/lib/passwords';
import {
  LEGACY_COST,
  call,
  createOrganization,
  createTask,
  openTestDatabase,
  testConfig,
  testDatabases,
  type TestDatabase,
} from './helper';

const FIRST = '2026-11-21-001-initial-schema';

describe.each(testDatabases())('migrations on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  test('a database created by the first release upgrades, keeping its data readable', async () => {
    database = await openTestDatabase(kind, false);
    const { db } = database;
    const firstRelease = new Migrator({
      db,
      provider: { getMigrations: async () => ({ [FIRST]: migrations[FIRST] }) },
    });
    expect((await firstRelease.migrateToLatest()).error).toBeUndefined();
    const org = await createOrganization(db);
    for (let i = 0; i < 3; i += 1) await createTask(db, org);
    // The first release's columns only (createCertificate writes today's schedule columns).
    const now = new Date().toISOString();
    await sql`insert into certificates
      (id, organization_id, name, expiry_date, reminder_days_before, created_by_user_id,
       status, created_at, updated_at)
      values (${randomUUID()}, ${org.id}, 'From the first release', '2031-03-10', 30,
        ${org.manager.id}, 'active', ${now}, ${now})`.execute(db);

    const applied = await migrateToLatest(db);
    expect(applied).toEqual(Object.keys(migrations).filter((name) => name !== FIRST));
    expect(applied.length).toBeGreaterThan(0);

    const app = await buildApp({ config: testConfig({ responseCache: false }), db });
    try {
      const page = await call(app, 'GET', '/tasks/', {
        token: org.manager.token,
        query: { limit: '2' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.json()).toHaveLength(2);
      expect(page.headers['x-total-count']).toBe('3');
      const dashboard = await call(app, 'GET', '/dashboard/', { token: org.manager.token });
      expect(dashboard.json()).toMatchObject({
        tasks: { total_tasks: 3 },
        certificates: { total_certificates: 1 },
      });
      // Migration 008 gave the existing certificate its reminder schedule.
      expect(
        await db.selectFrom('certificates').select(['remind_on', 'escalate_on']).execute(),
      ).toEqual([{ remind_on: '2031-02-08', escalate_on: '2031-04-10' }]);
    } finally {
      await app.close();
    }
  });

  // Another instance may migrate a shared PostgreSQL while this one serves; reads this one
  // has already prepared (PostgreSQL named statements) must keep working.
  test('reads keep working after another process adds columns to the tables they read', async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    const org = await createOrganization(db);
    await createTask(db, org);
    const password = 'a-long-enough-password';
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password, LEGACY_COST) })
      .where('id', '=', org.manager.id)
      .execute();
    const app = await buildApp({ config: testConfig({ responseCache: false }), db });
    try {
      const readEverything = async () => {
        const login = await call(app, 'POST', '/auth/login', {
          body: { email: org.manager.email, password },
        });
        expect(login.statusCode).toBe(200);
        const list = await call(app, 'GET', '/tasks/', { token: org.manager.token });
        expect(list.statusCode).toBe(200);
        expect(list.headers['x-total-count']).toBe('1');
        const dashboard = await call(app, 'GET', '/dashboard/', { token: org.manager.token });
        expect(dashboard.statusCode).toBe(200);
      };
      await readEverything();
      await readEverything();
      await sql`alter table users add column nickname text`.execute(db);
      await sql`alter table tasks add column priority integer`.execute(db);
      await readEverything();
    } finally {
      await app.close();
    }
  });
});
