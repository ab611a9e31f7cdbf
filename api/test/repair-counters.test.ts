/**
 * `npm run repair:counters` (issue 24, item 17): counters of migration 011 that drifted (here:
 * changed straight in the database, as a restore or a bulk load with the triggers off would
 * leave them) are recomputed from the rows, organisation by organisation, and the lists'
 * X-Total-Count is right again. On each database: the function, then the script as a real
 * process on the database the server would use (DATA_DIR's SQLite file, or DATABASE_URL).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { createDatabase } from '../src/db/connection';
import { repairCounters } from '../src/db/counter-repair';
import { migrateToLatest } from '../src/db/migrate';
import type { Db } from '../src/db/tables';
import {
  call,
  createCertificate,
  createOrganization,
  createTask,
  createUser,
  openTestDatabase,
  serverDatabaseEnv,
  setupTestApp,
  testDatabases,
  type DatabaseKind,
  type TestOrganization,
} from './helper';
import { API_DIR } from './server-process';

const run = promisify(execFile);

/** Three ways a counter can be wrong: too high, missing, and there without any row. */
async function corrupt(db: Db, org: TestOrganization): Promise<void> {
  await sql`update task_counts set n = n + 5
    where organization_id = ${org.id} and owner = 'all' and status = 'pending'`.execute(db);
  await sql`delete from certificate_counts
    where organization_id = ${org.id} and owner = ${org.employee.id}`.execute(db);
  await sql`insert into user_counts (organization_id, status, role, n)
    values (${org.id}, 'on_leave', 'admin', 3)`.execute(db);
}

async function someItems(db: Db, org: TestOrganization): Promise<void> {
  await createTask(db, org);
  await createTask(db, org, { status: 'completed' });
  await createTask(db, org, { assigned_to_user_id: null });
  await createCertificate(db, org);
  await createCertificate(db, org, { status: 'expired' });
  await createUser(db, org.id, { status: 'on_leave' });
}

/** The counter rows of one organisation, as `<counter> <keys> <n>`, zero rows left out. */
async function countersOf(db: Db, organizationId: string): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select 'task_counts ' || owner || ' ' || status || ' ' || n as line from task_counts
      where organization_id = ${organizationId} and n <> 0
    union all select 'certificate_counts ' || owner || ' ' || status || ' ' || n
      from certificate_counts where organization_id = ${organizationId} and n <> 0
    union all select 'user_counts ' || status || ' ' || role || ' ' || n
      from user_counts where organization_id = ${organizationId} and n <> 0`.execute(db);
  return rows.map((row) => row.line).sort();
}

describe.each(testDatabases())('repair:counters on %s', (kind) => {
  const context = setupTestApp(kind, { responseCache: false });

  test('recomputes corrupted counters of every organisation, page by page, and the lists count right again', async () => {
    const { app, db } = context();
    const organizations = [
      await createOrganization(db),
      await createOrganization(db),
      await createOrganization(db),
    ];
    for (const org of organizations) await someItems(db, org);
    const [damaged, healthy] = organizations;
    // A full page (limit 1) takes its X-Total-Count from the counters (db/list.ts totalOf).
    const totals = async () => {
      const token = damaged.admin.token;
      const [tasks, certificates, employees] = await Promise.all([
        call(app, 'GET', '/tasks/', { token, query: { status: 'pending', limit: '1' } }),
        call(app, 'GET', '/certificates/', {
          token,
          query: { incharge_person_id: damaged.employee.id, limit: '1' },
        }),
        call(app, 'GET', '/employees/', { token, query: { role: 'admin', limit: '1' } }),
      ]);
      return [tasks, certificates, employees].map((answer) => answer.headers['x-total-count']);
    };
    const right = await totals();
    expect(right).toEqual(['2', '2', '1']);
    const healthyCounters = await countersOf(db, healthy.id);

    await corrupt(db, damaged);
    expect(await totals()).toEqual(['7', '0', '4']);

    const result = await repairCounters(db, { pageSize: 2 });
    expect(result.organizationsChecked).toBeGreaterThanOrEqual(3);
    expect(result.corrected).toEqual([
      { organizationId: damaged.id, counter: 'task_counts', rows: 1 },
      // The employee's expired and active rows.
      { organizationId: damaged.id, counter: 'certificate_counts', rows: 2 },
      { organizationId: damaged.id, counter: 'user_counts', rows: 1 },
    ]);
    expect(await totals()).toEqual(right);
    expect(await countersOf(db, healthy.id)).toEqual(healthyCounters);

    // Repaired counters go on following the rows, and a second run finds nothing wrong.
    await createTask(db, damaged);
    expect((await totals())[0]).toBe('3');
    expect((await repairCounters(db)).corrected).toEqual([]);
  });
});

describe.each(testDatabases())('npm run repair:counters on %s', (kind: DatabaseKind) => {
  test('repairs the database of DATA_DIR or DATABASE_URL and says what it corrected', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'duly-repair-'));
    const postgres = kind === 'postgres' ? await openTestDatabase('postgres') : undefined;
    const db =
      postgres?.db ??
      createDatabase({ dialect: 'sqlite', filename: path.join(folder, 'duly.sqlite') });
    try {
      if (!postgres) await migrateToLatest(db);
      const org = await createOrganization(db);
      await someItems(db, org);
      const right = await countersOf(db, org.id);
      await corrupt(db, org);
      expect(await countersOf(db, org.id)).not.toEqual(right);

      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: folder };
      Object.assign(env, serverDatabaseEnv(postgres));
      if (!env.DATABASE_URL) delete env.DATABASE_URL;
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', 'src/repair-counters.ts'],
        { cwd: API_DIR, env },
      );
      expect(stdout).toContain(`Organisation ${org.id}: task_counts, 1 row corrected`);
      expect(stdout).toMatch(/Counters of 1 organisations checked in \d+ ms: 4 rows corrected\./);
      expect(await countersOf(db, org.id)).toEqual(right);
    } finally {
      if (postgres) await postgres.drop();
      else await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
