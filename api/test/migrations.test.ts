import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { migrateToLatest, runMigrator } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import * as activity from '../src/db/repositories/activity';
import { hashPassword } from '../src/lib/passwords';
import {
  LEGACY_COST,
  call,
  createCertificate,
  createOrganization,
  createTask,
  openTestDatabase,
  testConfig,
  testDatabases,
  tokenFor,
  type TestDatabase,
  type TestOrganization,
  type TestUser,
} from './helper';

const FIRST = '2026-11-21-001-initial-schema';
const CITUS_KEYS = '2026-11-24-010-citus-keys';
/** The release before the activity history's seals. */
const SEALS_BEFORE = '2026-11-30-701-activity-head-prev-hash';

/** Migrates to the release whose last migration is `last`, as a database of that time was. */
async function migrateUpTo(db: TestDatabase['db'], last: string) {
  const names = Object.keys(migrations);
  const release = Object.fromEntries(
    names.slice(0, names.indexOf(last) + 1).map((name) => [name, migrations[name]]),
  );
  const result = await runMigrator(db, (migrator) => migrator.migrateToLatest(), {
    migrations: release,
  });
  expect(result.error).toBeUndefined();
}

/** Every foreign key to users on PostgreSQL: name, columns, referenced columns, on delete. */
async function userReferences(db: TestDatabase['db']) {
  const columnsOf = (relation: string, attnums: string) =>
    sql.raw(`array_to_string(array(
    select a.attname from unnest(${attnums}) with ordinality k(n, i)
    join pg_attribute a on a.attrelid = ${relation} and a.attnum = k.n order by k.i), ',')`);
  const { rows } = await sql<{
    name: string;
    columns: string;
    referenced: string;
    on_delete: string;
    set_columns: string | null;
  }>`
    select c.conname as name, ${columnsOf('c.conrelid', 'c.conkey')} as columns,
      ${columnsOf('c.confrelid', 'c.confkey')} as referenced, c.confdeltype::text as on_delete,
      case when c.confdelsetcols is not null then ${columnsOf('c.conrelid', 'c.confdelsetcols')} end
        as set_columns
    from pg_constraint c
    where c.contype = 'f' and c.confrelid = 'users'::regclass
    order by c.conname`.execute(db);
  return rows;
}

/**
 * An organisation as an older release stored it: the users straight into `users` (the
 * helper's createUser also claims the email in user_emails, which migration 010 adds).
 */
async function createOldOrganization(db: TestDatabase['db']): Promise<TestOrganization> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const name = `Org ${id.slice(0, 8)}`;
  await db
    .insertInto('organizations')
    .values({ id, name, created_at: now, updated_at: now })
    .execute();
  const user = async (role: TestUser['role'], label: string): Promise<TestUser> => {
    const identity = {
      id: randomUUID(),
      email: `${label}-${id.slice(0, 8)}@example.test`,
      full_name: `${label} Tester`,
      role,
      organization_id: id,
    };
    await db
      .insertInto('users')
      .values({
        ...identity,
        first_name: label,
        last_name: 'Tester',
        phone: null,
        department: null,
        status: 'active',
        password_hash: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { ...identity, token: tokenFor(identity) };
  };
  return {
    id,
    name,
    admin: await user('admin', 'admin'),
    manager: await user('manager', 'manager'),
    employee: await user('employee', 'employee'),
    colleague: await user('employee', 'colleague'),
  };
}

describe.each(testDatabases())('migrations on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  test('a database created by the first release upgrades, keeping its data readable', async () => {
    database = await openTestDatabase(kind, false);
    const { db } = database;
    await migrateUpTo(db, FIRST);
    const org = await createOldOrganization(db);
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

  test('migration 010 keys every row by organisation, keeping them and the sign-in by email', async () => {
    database = await openTestDatabase(kind, false);
    const { db } = database;
    // The release just before 010 (whatever migrations came between 005 and it).
    const names = Object.keys(migrations);
    await migrateUpTo(db, names[names.indexOf(CITUS_KEYS) - 1]);
    const [north, south] = [await createOldOrganization(db), await createOldOrganization(db)];
    const task = await createTask(db, north);
    await createTask(db, south, { assigned_to_user_id: south.colleague.id });
    await createCertificate(db, north);
    const now = new Date().toISOString();
    await db
      .insertInto('notifications')
      .values({
        id: randomUUID(),
        organization_id: north.id,
        recipient_user_id: north.employee.id,
        key: `task:${task}:overdue:${north.employee.id}`,
        kind: 'task_overdue',
        item_type: 'task',
        item_id: task,
        item_title: 'Overdue',
        item_date: now,
        delivery: 'immediate',
        email_status: 'pending',
        send_after: now,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('email_opt_outs')
      .values({
        organization_id: north.id,
        user_id: north.employee.id,
        kind: 'task_overdue',
        created_at: now,
      })
      .execute();
    const tables = [
      'organizations',
      'users',
      'tasks',
      'certificates',
      'notifications',
      'email_opt_outs',
    ] as const;
    // Every row of a table, in an order that does not depend on the keys being changed.
    const rowsOf = async (table: (typeof tables)[number]) =>
      (await db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort();
    const before = await Promise.all(tables.map(rowsOf));
    const referencesBefore = kind === 'postgres' ? await userReferences(db) : [];

    // Up to 010 alone: later migrations may add columns (the rows would no longer compare).
    await migrateUpTo(db, CITUS_KEYS);

    // Every row carried over as it was, and every user's email claimed in the lookup.
    expect(await Promise.all(tables.map(rowsOf))).toEqual(before);
    await migrateToLatest(db);
    const users = await db.selectFrom('users').selectAll().execute();
    const claims = await db.selectFrom('user_emails').selectAll().orderBy('email').execute();
    expect(claims).toEqual(
      users
        .map((user) => ({
          email: user.email,
          organization_id: user.organization_id,
          user_id: user.id,
        }))
        .sort((a, b) => a.email.localeCompare(b.email)),
    );

    if (kind === 'postgres') {
      const keys = await sql<{ table_name: string; columns: string }>`
        select t.relname as table_name,
          array_to_string(array(select a.attname from unnest(c.conkey) with ordinality k(n, i)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i), ',') as columns
        from pg_constraint c join pg_class t on t.oid = c.conrelid
        where c.contype = 'p' and t.relname in ('users', 'tasks', 'certificates', 'notifications')
        order by t.relname`.execute(db);
      expect(keys.rows).toEqual(
        ['certificates', 'notifications', 'tasks', 'users'].map((table_name) => ({
          table_name,
          columns: 'organization_id,id',
        })),
      );
      // Every foreign key to users kept its name and action, now on (organization_id, user).
      // tasks 3, certificates 3, notifications 1, email_opt_outs 1; later migrations may add.
      expect(referencesBefore.length).toBeGreaterThanOrEqual(8);
      const names = new Set(referencesBefore.map((reference) => reference.name));
      const carriedOver = (await userReferences(db)).filter((reference) =>
        names.has(reference.name),
      );
      expect(carriedOver).toEqual(
        referencesBefore.map((reference) => ({
          ...reference,
          columns: `organization_id,${reference.columns}`,
          referenced: 'organization_id,id',
          // Set null of the user column only, never of organization_id.
          set_columns: reference.on_delete === 'n' ? reference.columns : null,
        })),
      );
    }

    // A deleted user leaves the task unassigned, in its organisation (set null of the user
    // column only, on PostgreSQL's composite key).
    await db.deleteFrom('email_opt_outs').execute();
    await db.deleteFrom('notifications').execute();
    await db.deleteFrom('users').where('id', '=', south.colleague.id).execute();
    expect(
      await db
        .selectFrom('tasks')
        .select(['organization_id', 'assigned_to_user_id'])
        .where('organization_id', '=', south.id)
        .execute(),
    ).toEqual([{ organization_id: south.id, assigned_to_user_id: null }]);

    // The API on the migrated data: sign-in finds the user through user_emails, and an email
    // held in one organisation stays its person's when another adds it (the same 201 as a free
    // one: docs/accounts.md, "Who holds an address").
    const password = 'a-long-enough-password';
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', north.manager.id)
      .execute();
    const app = await buildApp({ config: testConfig({ responseCache: false }), db });
    try {
      const login = await call(app, 'POST', '/auth/login', {
        body: { email: north.manager.email.toUpperCase(), password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({ id: north.manager.id, organization_id: north.id });
      const taken = await call(app, 'POST', '/employees/', {
        token: south.admin.token,
        body: { email: north.employee.email, firstName: 'Copy' },
      });
      expect(taken.statusCode).toBe(201);
      const holder = await db
        .selectFrom('user_emails')
        .select('user_id')
        .where('email', '=', north.employee.email)
        .executeTakeFirstOrThrow();
      expect(holder.user_id).toBe(north.employee.id);
    } finally {
      await app.close();
    }
  });

  test('migration 010 rolls back to the keys and the global unique email of before, and forward again', async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    const org = await createOrganization(db);
    await createTask(db, org);
    const names = Object.keys(migrations);
    const down = await runMigrator(db, (migrator) =>
      migrator.migrateTo(names[names.indexOf(CITUS_KEYS) - 1]),
    );
    expect(down.error).toBeUndefined();
    const tables = await db.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain('user_emails');
    // The email is unique across the system again, on users itself.
    const copy = {
      ...(await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', org.employee.id)
        .executeTakeFirstOrThrow()),
      id: randomUUID(),
    };
    await expect(db.insertInto('users').values(copy).execute()).rejects.toMatchObject({
      code: expect.stringMatching(/^(23505|SQLITE_CONSTRAINT_UNIQUE)$/),
    });

    expect(await migrateToLatest(db)).toContain(CITUS_KEYS);
    expect(
      await db.selectFrom('user_emails').select('email').orderBy('email').execute(),
    ).toHaveLength(4);
  });

  test('migration 702 moves the chained entries’ hashes into seals: the old chain verifies and new entries chain on, down and up again', async () => {
    database = await openTestDatabase(kind, false);
    const { db } = database;
    await migrateUpTo(db, SEALS_BEFORE);
    const organizationId = randomUUID();
    // A chain as the append of before wrote it: ids 1, 2, 3, hashes in the entries, the head.
    let prevHash = '';
    for (let id = 1; id <= 3; id += 1) {
      const entry = {
        organization_id: organizationId,
        id,
        at: new Date(Date.now() - (4 - id) * 1000).toISOString(),
        actor_kind: 'system',
        actor_id: null,
        actor_name: 'Duly',
        entity_type: 'task',
        entity_id: randomUUID(),
        action: 'status_changed',
        changes: JSON.stringify({ status: ['pending', 'overdue'] }),
      };
      const hash = activity.entryHash(prevHash, entry);
      await sql`insert into activity (organization_id, id, at, actor_kind, actor_id, actor_name,
          entity_type, entity_id, action, changes, prev_hash, hash)
        values (${entry.organization_id}, ${id}, ${entry.at}, ${entry.actor_kind}, null,
          ${entry.actor_name}, ${entry.entity_type}, ${entry.entity_id}, ${entry.action},
          ${entry.changes}, ${prevHash}, ${hash})`.execute(db);
      prevHash = hash;
    }
    await sql`insert into activity_heads (organization_id, last_id, last_hash, start_id,
        start_prev_hash, last_prev_hash) values (${organizationId}, 3, ${prevHash}, 1, '', '')`.execute(
      db,
    );

    await migrateToLatest(db);
    const verified = { ok: true, checked: 3, unsealed: 0 };
    expect(await activity.verifyActivity(db, organizationId)).toEqual(verified);
    expect(await activity.countActivity(db, { organizationId })).toBe(3);
    const record = () =>
      db
        .transaction()
        .execute((trx) =>
          activity.recordActivity(trx, activity.SYSTEM, [
            { organizationId, entityType: 'task', entityId: randomUUID(), action: 'created' },
          ]),
        );
    await record();
    await activity.sealSettled(db, organizationId);
    expect(await activity.verifyActivity(db, organizationId)).toEqual({ ...verified, checked: 4 });
    const ids = await db
      .selectFrom('activity')
      .select('id')
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute();
    expect(ids.map((row) => Number(row.id)).slice(0, 3)).toEqual([1, 2, 3]);
    expect(ids).toHaveLength(4);
    expect(Number(ids[3].id)).toBeGreaterThan(3);

    // Down: the entries get their hashes back; up again: the seals once more.
    const down = await runMigrator(db, (migrator) => migrator.migrateTo(SEALS_BEFORE));
    expect(down.error).toBeUndefined();
    const hashes = await sql<{ prev_hash: string; hash: string }>`select prev_hash, hash
      from activity where organization_id = ${organizationId} order by id`.execute(db);
    for (let i = 1; i < hashes.rows.length; i += 1) {
      expect(hashes.rows[i].prev_hash).toBe(hashes.rows[i - 1].hash);
    }
    await migrateToLatest(db);
    expect(await activity.verifyActivity(db, organizationId)).toEqual({ ...verified, checked: 4 });
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
