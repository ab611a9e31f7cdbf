/**
 * The activity history (issue 29): one entry per write, in the write's transaction; the
 * scheduler's changes by Duly; who may read what; the hash chain, the database's refusal to
 * change entries, and retention behind a checkpoint.
 */
import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import * as activity from '../src/db/repositories/activity';
import type { Db } from '../src/db/tables';
import { hashPassword } from '../src/lib/passwords';
import { buildApp } from '../src/app';
import { runReminderSweep } from '../src/reminders/sweep';
import {
  LEGACY_COST,
  call,
  createCertificate,
  createOrganization,
  createTask,
  createUser,
  daysFromNow,
  kolkataDateIn,
  setupTestApp,
  testConfig,
  testDatabases,
  type TestOrganization,
} from './helper';

async function entriesOf(db: Db, organizationId: string) {
  const rows = await db
    .selectFrom('activity')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
  return rows.map(activity.toEntry);
}

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

describe.each(testDatabases())('activity history on %s', (kind) => {
  const context = setupTestApp(kind);
  let org: TestOrganization;

  beforeEach(async () => {
    org = await createOrganization(context().db);
  });

  /** Runs `write` and returns the entries it added to the organisation's history. */
  async function added(write: () => Promise<{ statusCode: number }>, status?: number) {
    const { db } = context();
    const before = (await entriesOf(db, org.id)).length;
    const response = await write();
    if (status !== undefined) expect(response.statusCode).toBe(status);
    return (await entriesOf(db, org.id)).slice(before);
  }

  describe('each write records exactly one entry', () => {
    test('POST /tasks/: created, by the manager, with the first values', async () => {
      const { app } = context();
      const entries = await added(
        () =>
          call(app, 'POST', '/tasks/', {
            token: org.manager.token,
            body: {
              title: 'File the return',
              due_date: '2030-01-05T10:00:00+05:30',
              assigned_to_user_id: org.employee.id,
            },
          }),
        201,
      );
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor: { id: org.manager.id, full_name: org.manager.full_name },
        actor_kind: 'user',
        entity_type: 'task',
        action: 'created',
        changes: {
          title: [null, 'File the return'],
          due_date: [null, '2030-01-05T04:30:00.000Z'],
          status: [null, 'pending'],
          assigned_to_user_id: [null, org.employee.id],
          assigned_to: [null, org.employee.full_name],
        },
      });
    });

    test('PUT /tasks/:id: updated, only the changed fields, old → new', async () => {
      const { app, db } = context();
      const id = await createTask(db, org, { title: 'Old title' });
      const entries = await added(
        () =>
          call(app, 'PUT', `/tasks/${id}`, {
            token: org.manager.token,
            body: { title: 'New title', description: null },
          }),
        200,
      );
      expect(entries).toEqual([
        expect.objectContaining({
          entity_id: id,
          action: 'updated',
          changes: { title: ['Old title', 'New title'] },
        }),
      ]);
    });

    test('PATCH /tasks/:id by the employee: status changed', async () => {
      const { app, db } = context();
      const id = await createTask(db, org);
      const entries = await added(
        () =>
          call(app, 'PATCH', `/tasks/${id}`, {
            token: org.employee.token,
            body: { status: 'completed' },
          }),
        200,
      );
      expect(entries).toEqual([
        expect.objectContaining({
          actor: { id: org.employee.id, full_name: org.employee.full_name },
          action: 'status_changed',
          changes: { status: ['pending', 'completed'] },
        }),
      ]);
    });

    test('POST /manager/tasks/assign: assigned, with both names', async () => {
      const { app, db } = context();
      const id = await createTask(db, org);
      const entries = await added(
        () =>
          call(app, 'POST', '/manager/tasks/assign', {
            token: org.manager.token,
            body: { task_id: id, employee_id: org.colleague.id },
          }),
        200,
      );
      expect(entries).toEqual([
        expect.objectContaining({
          action: 'assigned',
          changes: {
            assigned_to_user_id: [org.employee.id, org.colleague.id],
            assigned_to: [org.employee.full_name, org.colleague.full_name],
          },
        }),
      ]);
    });

    test('POST /certificates/ and PUT /certificates/:id: created, then the expiry date', async () => {
      const { app } = context();
      const expiry = kolkataDateIn(60);
      const later = kolkataDateIn(425);
      const [created] = await added(
        () =>
          call(app, 'POST', '/certificates/', {
            token: org.manager.token,
            body: { name: 'Fire safety', expiry_date: expiry, reminder_days_before: 30 },
          }),
        201,
      );
      expect(created).toMatchObject({ entity_type: 'certificate', action: 'created' });
      const entries = await added(
        () =>
          call(app, 'PUT', `/certificates/${created.entity_id}/`, {
            token: org.admin.token,
            body: { expiry_date: later },
          }),
        200,
      );
      expect(entries).toEqual([
        expect.objectContaining({
          actor: { id: org.admin.id, full_name: org.admin.full_name },
          action: 'updated',
          changes: { expiry_date: [expiry, later] },
        }),
      ]);
    });

    test('an expired certificate saved with a new date: renewed', async () => {
      const { app, db } = context();
      const id = await createCertificate(db, org, {
        expiry_date: kolkataDateIn(-3),
        status: 'expired',
      });
      const later = kolkataDateIn(365);
      const entries = await added(
        () =>
          call(app, 'PUT', `/certificates/${id}/`, {
            token: org.manager.token,
            body: { expiry_date: later },
          }),
        200,
      );
      expect(entries).toEqual([
        expect.objectContaining({
          action: 'renewed',
          changes: { expiry_date: [kolkataDateIn(-3), later], status: ['expired', 'renewed'] },
        }),
      ]);
    });

    test('POST /manager/certificates/assign: assigned', async () => {
      const { app, db } = context();
      const id = await createCertificate(db, org);
      const entries = await added(
        () =>
          call(app, 'POST', '/manager/certificates/assign', {
            token: org.manager.token,
            body: { certificate_id: id, employee_id: org.colleague.id },
          }),
        200,
      );
      expect(entries).toEqual([
        expect.objectContaining({
          action: 'assigned',
          changes: expect.objectContaining({
            incharge_person_id: [org.employee.id, org.colleague.id],
          }),
        }),
      ]);
    });

    test('PUT /employees/:id: updated; making someone inactive: deactivated', async () => {
      const { app } = context();
      const renamed = await added(
        () =>
          call(app, 'PUT', `/employees/${org.colleague.id}`, {
            token: org.manager.token,
            body: { department: 'Finance' },
          }),
        200,
      );
      expect(renamed).toEqual([
        expect.objectContaining({
          entity_type: 'employee',
          entity_id: org.colleague.id,
          action: 'updated',
          changes: { department: [null, 'Finance'] },
        }),
      ]);
      const left = await added(
        () =>
          call(app, 'PUT', `/employees/${org.colleague.id}`, {
            token: org.manager.token,
            body: { status: 'inactive' },
          }),
        200,
      );
      expect(left).toEqual([
        expect.objectContaining({
          action: 'deactivated',
          changes: { status: ['active', 'inactive'] },
        }),
      ]);
    });

    test('POST /employees/:id/invitation: invited, by whoever sent it', async () => {
      const { app } = context();
      const entries = await added(
        () =>
          call(app, 'POST', `/employees/${org.colleague.id}/invitation`, {
            token: org.manager.token,
          }),
        202,
      );
      expect(entries).toEqual([
        expect.objectContaining({
          actor: { id: org.manager.id, full_name: org.manager.full_name },
          entity_id: org.colleague.id,
          action: 'invited',
          changes: {},
        }),
      ]);
    });

    test('sign-in and a password change: signed in, password changed, never the hash', async () => {
      const { app, db } = context();
      const person = await createUser(db, org.id, {
        password_hash: await hashPassword('first-password-1', LEGACY_COST),
      });
      const signedIn = await added(
        () =>
          call(app, 'POST', '/auth/login', {
            body: { email: person.email, password: 'first-password-1' },
          }),
        200,
      );
      expect(signedIn).toEqual([
        expect.objectContaining({ entity_id: person.id, action: 'signed_in', changes: {} }),
      ]);
      const changed = await added(
        () =>
          call(app, 'PUT', '/profile/password', {
            token: person.token,
            body: { current_password: 'first-password-1', new_password: 'second-password-2' },
          }),
        200,
      );
      expect(changed).toEqual([
        expect.objectContaining({
          actor: { id: person.id, full_name: person.full_name },
          action: 'password_changed',
          changes: {},
        }),
      ]);
      const stored = await db
        .selectFrom('activity')
        .select(['changes'])
        .where('organization_id', '=', org.id)
        .execute();
      expect(JSON.stringify(stored)).not.toMatch(/scrypt|password_hash|token/);
    });
  });

  describe('nothing is recorded without its change, nor a change without its entry', () => {
    test('a save refused by validation records nothing', async () => {
      const { app, db } = context();
      const id = await createTask(db, org);
      const entries = await added(
        () =>
          call(app, 'PUT', `/tasks/${id}`, {
            token: org.manager.token,
            body: { title: '   ', due_date: 'not a date' },
          }),
        400,
      );
      expect(entries).toEqual([]);
    });

    /** Makes every insert into `table` fail until the returned function is called. */
    async function failInserts(db: Db, table: 'notifications' | 'activity') {
      const name = `fail_${table}`;
      if (isPostgres(db)) {
        await sql
          .raw(
            `create function ${name}() returns trigger language plpgsql as $$
            begin raise exception 'injected failure'; end $$;
            create trigger ${name} before insert on ${table}
            for each row execute function ${name}()`,
          )
          .execute(db);
        return () =>
          sql.raw(`drop trigger ${name} on ${table}; drop function ${name}()`).execute(db);
      }
      await sql
        .raw(
          `create trigger ${name} before insert on ${table}
          begin select raise(abort, 'injected failure'); end`,
        )
        .execute(db);
      return () => sql.raw(`drop trigger ${name}`).execute(db);
    }

    test('a failure after the change rolls back both the change and its entry', async () => {
      const { app, db } = context();
      // A late task: its new assignee is told, by a notice written after the UPDATE and its
      // entry, in the same transaction. That insert fails.
      const id = await createTask(db, org, {
        title: 'Kept',
        status: 'overdue',
        due_date: daysFromNow(-1),
      });
      const restore = await failInserts(db, 'notifications');
      let entries;
      try {
        entries = await added(
          () =>
            call(app, 'PUT', `/tasks/${id}`, {
              token: org.manager.token,
              body: { title: 'Lost', assigned_to_user_id: org.colleague.id },
            }),
          500,
        );
      } finally {
        await restore();
      }
      expect(entries).toEqual([]);
      const task = await db
        .selectFrom('tasks')
        .select(['title', 'assigned_to_user_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(task).toEqual({ title: 'Kept', assigned_to_user_id: org.employee.id });
    });

    test('an entry that cannot be written keeps the change from happening', async () => {
      const { app, db } = context();
      const id = await createCertificate(db, org, { name: 'Kept' });
      const restore = await failInserts(db, 'activity');
      let response;
      try {
        response = await call(app, 'PUT', `/certificates/${id}/`, {
          token: org.manager.token,
          body: { name: 'Lost' },
        });
      } finally {
        await restore();
      }
      expect(response.statusCode).toBe(500);
      const row = await db
        .selectFrom('certificates')
        .select('name')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('Kept');
    });

    // On PostgreSQL a connection that has appended before sends the next append inside its
    // COMMIT's message (db/postgres-client.ts): its failure must still undo the save, and
    // leave the connection able to serve the next one.
    test('an entry that cannot be written after others were keeps the change from happening', async () => {
      const { app, db } = context();
      const id = await createCertificate(db, org, { name: 'v0' });
      const save = (name: string) =>
        call(app, 'PUT', `/certificates/${id}/`, { token: org.manager.token, body: { name } });
      // Quotes and backslashes: the folded statement's values are written as SQL literals.
      const quoted = `O'Brien's \\ "cert" \\'; --`;
      for (const name of ['v1', quoted]) expect((await save(name)).statusCode).toBe(200);
      const kept = await added(() => save('Kept'), 200);
      expect(kept.map((entry) => entry.changes)).toEqual([{ name: [quoted, 'Kept'] }]);
      const restore = await failInserts(db, 'activity');
      let response;
      try {
        response = await save('Lost');
      } finally {
        await restore();
      }
      expect(response.statusCode).toBe(500);
      const name = async () =>
        (
          await db
            .selectFrom('certificates')
            .select('name')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).name;
      expect(await name()).toBe('Kept');
      const entries = await added(() => save('v3'), 200);
      expect(entries.map((entry) => entry.changes)).toEqual([{ name: ['Kept', 'v3'] }]);
      expect(await name()).toBe('v3');
      const verify = await call(app, 'GET', '/activity/verify', { token: org.admin.token });
      expect(verify.json()).toMatchObject({ ok: true });
    });
  });

  test('the scheduler’s transitions are attributed to Duly', async () => {
    const { app, db } = context();
    const taskId = await createTask(db, org, { due_date: daysFromNow(-1), status: 'in_progress' });
    const certificateId = await createCertificate(db, org, { expiry_date: kolkataDateIn(-1) });
    const entries = await added(async () => {
      await runReminderSweep(db, () => new Date());
      return { statusCode: 0 };
    });
    const about = (id: string) => entries.filter((entry) => entry.entity_id === id);
    expect(about(taskId)).toEqual([
      expect.objectContaining({
        actor: null,
        actor_kind: 'system',
        action: 'status_changed',
        changes: { status: ['in_progress', 'overdue'] },
      }),
    ]);
    expect(about(certificateId)).toEqual([
      expect.objectContaining({
        actor: null,
        actor_kind: 'system',
        changes: { status: ['active', 'expired'] },
      }),
    ]);
    const listed = await call(app, 'GET', '/activity', {
      token: org.admin.token,
      query: { entity_id: taskId },
    });
    expect(listed.json()[0]).toMatchObject({ actor: null, actor_kind: 'system' });
  });

  describe('GET /activity', () => {
    test('an item’s history, newest first, with X-Total-Count and keyset pages', async () => {
      const { app, db } = context();
      const id = await createTask(db, org, { title: 'v0' });
      for (let i = 1; i <= 5; i += 1) {
        await call(app, 'PUT', `/tasks/${id}`, {
          token: org.manager.token,
          body: { title: `v${i}` },
        });
      }
      const first = await call(app, 'GET', '/activity', {
        token: org.manager.token,
        query: { entity_type: 'task', entity_id: id, limit: '2' },
      });
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-total-count']).toBe('5');
      const page1 = first.json() as { id: number; changes: { title: string[] } }[];
      expect(page1.map((entry) => entry.changes.title[1])).toEqual(['v5', 'v4']);
      expect(Object.keys(page1[0]).sort()).toEqual(
        ['action', 'actor', 'actor_kind', 'at', 'changes', 'entity_id', 'entity_type', 'id'].sort(),
      );
      const next = await call(app, 'GET', '/activity', {
        token: org.manager.token,
        query: { entity_id: id, limit: '2', before: String(page1[1].id) },
      });
      expect(
        (next.json() as { changes: { title: string[] } }[]).map((e) => e.changes.title[1]),
      ).toEqual(['v3', 'v2']);
    });

    test('filters by person and action; the whole organisation’s total from its head', async () => {
      const { app, db } = context();
      const id = await createTask(db, org);
      await call(app, 'PATCH', `/tasks/${id}`, {
        token: org.employee.token,
        body: { status: 'completed' },
      });
      const all = await call(app, 'GET', '/activity', { token: org.admin.token });
      expect(Number(all.headers['x-total-count'])).toBe((await entriesOf(db, org.id)).length);
      const byEmployee = await call(app, 'GET', '/activity', {
        token: org.admin.token,
        query: { actor_id: org.employee.id, action: 'status_changed' },
      });
      expect(byEmployee.json()).toEqual([
        expect.objectContaining({ entity_id: id, action: 'status_changed' }),
      ]);
      expect(byEmployee.headers['x-total-count']).toBe('1');
    });

    test('bad input is a 400 with the JSON error shape', async () => {
      const { app } = context();
      const queries: Record<string, string>[] = [
        { since: 'yesterday' },
        { before: '0' },
        { action: 'exploded' },
      ];
      for (const query of queries) {
        const response = await call(app, 'GET', '/activity', { token: org.admin.token, query });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          message: expect.any(String),
          code: expect.any(String),
        });
      }
    });

    test('roles: employees their own items, managers and admins everything', async () => {
      const { app, db } = context();
      const own = await createTask(db, org, { assigned_to_user_id: org.employee.id });
      const others = await createTask(db, org, { assigned_to_user_id: org.colleague.id });
      for (const id of [own, others]) {
        await call(app, 'PUT', `/tasks/${id}`, { token: org.manager.token, body: { title: 'x' } });
      }
      const as = (token: string, entityId?: string) =>
        call(app, 'GET', '/activity', {
          token,
          query: entityId === undefined ? {} : { entity_id: entityId },
        });
      expect((await as(org.employee.token, own)).statusCode).toBe(200);
      expect((await as(org.employee.token, others)).statusCode).toBe(404);
      expect((await as(org.employee.token, org.colleague.id)).statusCode).toBe(404);
      expect((await as(org.employee.token, org.employee.id)).statusCode).toBe(200);
      expect((await as(org.manager.token, others)).json()).toHaveLength(1);
      const mine = (await as(org.employee.token)).json() as { entity_id: string }[];
      expect(mine.map((entry) => entry.entity_id)).toContain(own);
      expect(mine.map((entry) => entry.entity_id)).not.toContain(others);
      expect(mine.every((e) => [own, org.employee.id].includes(e.entity_id))).toBe(true);
      for (const path of ['/activity/verify', '/activity/export?format=csv']) {
        expect((await call(app, 'GET', path, { token: org.manager.token })).statusCode).toBe(403);
      }
    });

    test('another organisation’s item is a 404 and its entries are never listed', async () => {
      const { app, db } = context();
      const other = await createOrganization(db);
      const theirs = await createTask(db, other);
      await call(app, 'PUT', `/tasks/${theirs}`, {
        token: other.manager.token,
        body: { title: 'secret' },
      });
      const response = await call(app, 'GET', '/activity', {
        token: org.admin.token,
        query: { entity_id: theirs },
      });
      expect(response.statusCode).toBe(404);
      const all = (
        await call(app, 'GET', '/activity', { token: org.admin.token, query: { limit: '200' } })
      ).json() as { entity_id: string }[];
      expect(all.map((entry) => entry.entity_id)).not.toContain(theirs);
    });
  });

  test('GET /activity/export: CSV, every entry, cells a spreadsheet would run defused', async () => {
    const { app } = context();
    const evil = await createUser(context().db, org.id, {
      role: 'manager',
      first_name: '=HYPERLINK("http://x")',
    });
    await call(app, 'POST', '/tasks/', {
      token: evil.token,
      body: { title: '@SUM(A1)', due_date: '2030-01-05T10:00:00+05:30' },
    });
    const response = await call(app, 'GET', '/activity/export', {
      token: org.admin.token,
      query: { format: 'csv' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"id","at","actor","actor_id","actor_kind","entity_type","entity_id","action","changes"',
    );
    expect(lines).toHaveLength(1 + (await entriesOf(context().db, org.id)).length);
    expect(response.body).toContain('"\'=HYPERLINK(""http://x"") Tester"');
    expect(response.body).not.toMatch(/(^|,)"[=+\-@]/m);
    const bad = await call(app, 'GET', '/activity/export', {
      token: org.admin.token,
      query: { format: 'xml' },
    });
    expect(bad.statusCode).toBe(400);
  });

  test('many concurrent saves of tasks, certificates and people: one unbroken chain, each item’s old values the previous new ones', async () => {
    const { app, db } = context();
    // Two tasks, a certificate and a person, each saved several times at once.
    const tasks = [await createTask(db, org), await createTask(db, org)];
    const certificate = await createCertificate(db, org);
    await call(app, 'PUT', `/tasks/${tasks[0]}`, {
      token: org.manager.token,
      body: { title: 'start' },
    });
    const before = (await entriesOf(db, org.id)).length;
    const writes: Promise<{ statusCode: number }>[] = [];
    for (let i = 0; i < 8; i += 1) {
      for (const task of tasks) {
        writes.push(
          call(app, 'PUT', `/tasks/${task}`, {
            token: org.manager.token,
            body: { title: `t${i}` },
          }),
        );
      }
      writes.push(
        call(app, 'PUT', `/certificates/${certificate}/`, {
          token: org.manager.token,
          body: { name: `c${i}` },
        }),
        call(app, 'PUT', `/employees/${org.colleague.id}`, {
          token: org.manager.token,
          body: { department: `d${i}` },
        }),
      );
    }
    const statuses = (await Promise.all(writes)).map((response) => response.statusCode);
    expect(statuses).toEqual(writes.map(() => 200));
    const entries = (await entriesOf(db, org.id)).slice(before);
    // A save whose value another save had already written records nothing: at most one each.
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThanOrEqual(writes.length);
    // Increasing (PostgreSQL's sequence may leave gaps); the chain is verified below.
    for (let i = 1; i < entries.length; i += 1) {
      expect(entries[i].id).toBeGreaterThan(entries[i - 1].id);
    }
    for (const [id, field] of [
      [tasks[0], 'title'],
      [tasks[1], 'title'],
      [certificate, 'name'],
      [org.colleague.id, 'department'],
    ] as const) {
      const values = entries
        .filter((entry) => entry.entity_id === id)
        .map((entry) => entry.changes[field]!);
      for (let i = 1; i < values.length; i += 1) expect(values[i][0]).toBe(values[i - 1][1]);
    }
    const verify = await call(app, 'GET', '/activity/verify', { token: org.admin.token });
    expect(verify.json()).toEqual({ ok: true, checked: before + entries.length, unsealed: 0 });
  });

  describe('tamper evidence', () => {
    test('the database refuses to change or delete an entry', async () => {
      const { app, db } = context();
      await call(app, 'PATCH', `/tasks/${await createTask(db, org)}`, {
        token: org.manager.token,
        body: { status: 'completed' },
      });
      await expect(
        db
          .updateTable('activity')
          .set({ action: 'created' })
          .where('organization_id', '=', org.id)
          .execute(),
      ).rejects.toThrow(/cannot be changed/);
      await expect(
        db.deleteFrom('activity').where('organization_id', '=', org.id).execute(),
      ).rejects.toThrow(/cannot be changed/);
    });

    test('verify passes on an intact chain and names the first entry changed behind its back', async () => {
      const { app, db } = context();
      const id = await createTask(db, org);
      for (const title of ['a', 'b', 'c']) {
        await call(app, 'PUT', `/tasks/${id}`, { token: org.manager.token, body: { title } });
      }
      const verify = () => call(app, 'GET', '/activity/verify', { token: org.admin.token });
      const intact = (await verify()).json();
      const all = await entriesOf(db, org.id);
      expect(intact).toEqual({ ok: true, checked: all.length, unsealed: 0 });

      const victim = all.find((entry) => entry.changes.title?.[1] === 'b')!;
      // Around the trigger, as someone with the database's own rights would.
      if (isPostgres(db)) {
        await sql`alter table activity disable trigger activity_append_only`.execute(db);
      } else {
        await sql`drop trigger activity_no_update`.execute(db);
      }
      try {
        await db
          .updateTable('activity')
          .set({ changes: JSON.stringify({ title: ['a', 'innocent'] }) })
          .where('organization_id', '=', org.id)
          .where('id', '=', victim.id)
          .execute();
      } finally {
        if (isPostgres(db)) {
          await sql`alter table activity enable trigger activity_append_only`.execute(db);
        } else {
          await sql`create trigger activity_no_update before update on activity
            begin select raise(abort, 'activity entries cannot be changed or deleted'); end`.execute(
            db,
          );
        }
      }
      expect((await verify()).json()).toEqual({
        ok: false,
        checked: all.indexOf(victim),
        first_broken_id: victim.id,
        unsealed: 0,
      });
    });
  });

  test('retention prunes old sealed entries behind a checkpoint, and the rest still verifies', async () => {
    const { db } = context();
    const organizationId = randomUUID();
    const record = (at: string, count: number) =>
      db.transaction().execute((trx) =>
        activity.recordActivity(
          trx,
          activity.SYSTEM,
          Array.from({ length: count }, () => ({
            organizationId,
            entityType: 'task' as const,
            entityId: randomUUID(),
            action: 'status_changed' as const,
          })),
          at,
        ),
      );
    const ids = async () => (await entriesOf(db, organizationId)).map((entry) => entry.id);
    await record(new Date(Date.now() - 400 * 86_400_000).toISOString(), 5);
    await record(new Date(Date.now() - 10 * 86_400_000).toISOString(), 3);
    await record(new Date().toISOString(), 2);
    const cutoff = new Date(Date.now() - 365 * 86_400_000).toISOString();
    // Nothing sealed yet: nothing may be pruned.
    expect(await activity.pruneActivity(db, organizationId, cutoff, 2)).toBe(0);
    await activity.sealSettled(db, organizationId);
    const all = await ids();

    // Batches of 2: the checkpoint moves several times.
    expect(await activity.pruneActivity(db, organizationId, cutoff, 2)).toBe(5);
    expect(await ids()).toEqual(all.slice(5));
    const verified = { ok: true, checked: 5, unsealed: 0 };
    expect(await activity.verifyActivity(db, organizationId)).toEqual(verified);
    expect(await activity.countActivity(db, { organizationId })).toBe(5);
    // Entries and seals past the checkpoint stay undeletable, and new ones chain on.
    for (const table of ['activity', 'activity_seals'] as const) {
      await expect(
        db.deleteFrom(table).where('organization_id', '=', organizationId).execute(),
      ).rejects.toThrow(/cannot be changed/);
    }
    await record(new Date().toISOString(), 1);
    expect(await activity.countActivity(db, { organizationId })).toBe(6);
    expect(await activity.verifyActivity(db, organizationId)).toEqual({ ...verified, unsealed: 1 });
    await activity.sealSettled(db, organizationId);
    expect(await activity.verifyActivity(db, organizationId)).toEqual({ ...verified, checked: 6 });
    // ACTIVITY_RETENTION_DAYS's run over every organisation.
    expect(await activity.pruneAllActivity(db, 5, new Date())).toBeGreaterThanOrEqual(3);
    expect(await activity.verifyActivity(db, organizationId)).toEqual({ ...verified, checked: 3 });
    expect(await activity.countActivity(db, { organizationId })).toBe(3);
    // Every entry pruned: the ids still go on from the last one (never reused under the
    // checkpoint).
    await activity.pruneActivity(db, organizationId, new Date(Date.now() + 1000).toISOString());
    expect(await ids()).toEqual([]);
    await record(new Date().toISOString(), 1);
    expect((await ids())[0]).toBeGreaterThan(all[all.length - 1]);
    await activity.sealSettled(db, organizationId);
    expect(await activity.verifyActivity(db, organizationId)).toEqual({ ...verified, checked: 1 });
  });

  describe('sealing: entries are chained after their transaction, in id order', () => {
    /** One entry about a new item, in its own transaction (the deferred path saves take). */
    function entryIn(trx: Db, organizationId: string) {
      return activity
        .recordActivity(trx, activity.SYSTEM, [
          {
            organizationId,
            entityType: 'task',
            entityId: randomUUID(),
            action: 'status_changed',
            changes: { status: ['pending', 'overdue'] },
          },
        ])
        .then(() => sql`select 1`.execute(trx));
    }
    const sealsOf = (db: Db, organizationId: string) =>
      db
        .selectFrom('activity_seals')
        .select(['entry_id', 'prev_hash', 'hash'])
        .where('organization_id', '=', organizationId)
        .orderBy('entry_id')
        .execute();

    test('a save’s entry is listed, counted and in its item’s history before it is sealed; verify seals it', async () => {
      const { app, db } = context();
      const id = await createTask(db, org, { title: 'v0' });
      const save = await call(app, 'PUT', `/tasks/${id}`, {
        token: org.manager.token,
        body: { title: 'v1' },
      });
      expect(save.statusCode).toBe(200);
      expect(await sealsOf(db, org.id)).toEqual([]);
      // The timer's sweep finds the organisation (another instance's writes are found so).
      expect(await activity.organizationsWithUnsealed(db)).toContain(org.id);
      const history = await call(app, 'GET', '/activity', {
        token: org.manager.token,
        query: { entity_id: id },
      });
      expect(history.json()).toEqual([
        expect.objectContaining({ action: 'updated', changes: { title: ['v0', 'v1'] } }),
      ]);
      const all = await call(app, 'GET', '/activity', { token: org.admin.token });
      const count = (await entriesOf(db, org.id)).length;
      expect(count).toBeGreaterThan(1);
      expect(all.headers['x-total-count']).toBe(String(count));
      expect(await activity.verifyActivity(db, org.id)).toEqual({
        ok: true,
        checked: 0,
        unsealed: count,
      });

      const verify = await call(app, 'GET', '/activity/verify', { token: org.admin.token });
      expect(verify.json()).toEqual({ ok: true, checked: count, unsealed: 0 });
      const seals = await sealsOf(db, org.id);
      expect(seals.map((seal) => Number(seal.entry_id))).toEqual(
        (await entriesOf(db, org.id)).map((entry) => entry.id),
      );
      // The chain: each seal's prev_hash the previous seal's hash, each hash its entry's.
      const rows = await db
        .selectFrom('activity')
        .selectAll()
        .where('organization_id', '=', org.id)
        .orderBy('id')
        .execute();
      let prevHash = '';
      for (const [index, row] of rows.entries()) {
        expect(seals[index].prev_hash).toBe(prevHash);
        expect(seals[index].hash).toBe(
          activity.entryHash(prevHash, { ...row, id: Number(row.id) }),
        );
        prevHash = seals[index].hash;
      }
      expect(await activity.organizationsWithUnsealed(db)).not.toContain(org.id);
      // Sealed: the total comes from the head now, and is the same.
      const again = await call(app, 'GET', '/activity', { token: org.admin.token });
      expect(again.headers['x-total-count']).toBe(String(count));
    });

    test('the database refuses to change or delete a seal; a seal changed behind its back is named by its entry’s id', async () => {
      const { app, db } = context();
      const id = await createTask(db, org);
      for (const title of ['a', 'b', 'c']) {
        await call(app, 'PUT', `/tasks/${id}`, { token: org.manager.token, body: { title } });
      }
      const verify = async () =>
        (await call(app, 'GET', '/activity/verify', { token: org.admin.token })).json();
      expect(await verify()).toMatchObject({ ok: true });
      await expect(
        db
          .updateTable('activity_seals')
          .set({ hash: 'x' })
          .where('organization_id', '=', org.id)
          .execute(),
      ).rejects.toThrow(/cannot be changed/);
      await expect(
        db.deleteFrom('activity_seals').where('organization_id', '=', org.id).execute(),
      ).rejects.toThrow(/cannot be changed/);

      const all = await entriesOf(db, org.id);
      const victim = all.find((entry) => entry.changes.title?.[1] === 'b')!;
      // Around the trigger, as someone with the database's own rights would: the seal is
      // removed (a chain re-cut from there would need every later seal rewritten too).
      if (isPostgres(db)) {
        await sql`alter table activity_seals disable trigger activity_seals_append_only`.execute(
          db,
        );
      } else {
        await sql`drop trigger activity_seals_no_delete`.execute(db);
      }
      try {
        await db
          .deleteFrom('activity_seals')
          .where('organization_id', '=', org.id)
          .where('entry_id', '=', victim.id)
          .execute();
      } finally {
        if (isPostgres(db)) {
          await sql`alter table activity_seals enable trigger activity_seals_append_only`.execute(
            db,
          );
        } else {
          await sql`create trigger activity_seals_no_delete before delete on activity_seals
            begin select raise(abort, 'activity entries cannot be changed or deleted'); end`.execute(
            db,
          );
        }
      }
      expect(await verify()).toEqual({
        ok: false,
        checked: all.indexOf(victim),
        first_broken_id: victim.id,
        unsealed: 0,
      });
    });

    test('two sealers at once (two connections) never fork the chain', async () => {
      const { db } = context();
      const organizationId = randomUUID();
      for (let round = 0; round < 4; round += 1) {
        await Promise.all(
          Array.from({ length: 6 }, () =>
            db.transaction().execute((trx) => entryIn(trx, organizationId)),
          ),
        );
        // Several passes at once, each on its own connection (PostgreSQL's pool).
        await Promise.all(
          Array.from({ length: 3 }, () => activity.sealSettled(db, organizationId)),
        );
      }
      await activity.sealSettled(db, organizationId);
      const seals = await sealsOf(db, organizationId);
      expect(seals).toHaveLength(24);
      expect(new Set(seals.map((seal) => seal.prev_hash)).size).toBe(24);
      expect(await activity.verifyActivity(db, organizationId)).toEqual({
        ok: true,
        checked: 24,
        unsealed: 0,
      });
    });

    if (kind === 'postgres') {
      test('an entry committed after one with a larger id is still chained, never skipped', async () => {
        const { app, db } = context();
        const organizationId = org.id;
        await call(app, 'GET', '/activity/verify', { token: org.admin.token });
        const existing = (await entriesOf(db, organizationId)).length;
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let smallerTaken!: () => void;
        const smallerIdTaken = new Promise<void>((resolve) => (smallerTaken = resolve));
        // The first transaction takes its id, then stays open.
        const slow = db.transaction().execute(async (trx) => {
          await entryIn(trx, organizationId);
          smallerTaken();
          await held;
        });
        await smallerIdTaken;
        // The second takes a larger id and commits first.
        await db.transaction().execute((trx) => entryIn(trx, organizationId));
        const visible = await entriesOf(db, organizationId);
        expect(visible).toHaveLength(existing + 1);
        // While the first is open, the sealer must not seal past its id: nothing is sealed.
        expect((await activity.sealActivity(db, organizationId)).sealed).toBe(0);
        expect((await activity.sealActivity(db, organizationId)).sealed).toBe(0);
        const waited = await call(app, 'GET', '/activity/verify', { token: org.admin.token });
        expect(waited.json()).toEqual({ ok: true, checked: existing, unsealed: 1 });

        release();
        await slow;
        const entries = await entriesOf(db, organizationId);
        expect(entries).toHaveLength(existing + 2);
        const [smaller, larger] = entries.slice(existing);
        expect(larger.id).toBe(visible[visible.length - 1].id);
        expect(smaller.id).toBeLessThan(larger.id);
        const verify = await call(app, 'GET', '/activity/verify', { token: org.admin.token });
        expect(verify.json()).toEqual({ ok: true, checked: existing + 2, unsealed: 0 });
        expect((await sealsOf(db, organizationId)).map((seal) => Number(seal.entry_id))).toEqual(
          entries.map((entry) => entry.id),
        );
      }, 20_000);
    }

    test('the API’s timer seals what it wrote, and stops with the server', async () => {
      const { db } = context();
      const app = await buildApp({ config: testConfig({ activitySealMs: 20 }), db });
      await app.ready();
      try {
        const id = await createTask(db, org);
        const save = await call(app, 'PUT', `/tasks/${id}`, {
          token: org.manager.token,
          body: { title: 'sealed by the timer' },
        });
        expect(save.statusCode).toBe(200);
        const count = (await entriesOf(db, org.id)).length;
        const deadline = Date.now() + 10_000;
        while ((await sealsOf(db, org.id)).length < count && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(await activity.verifyActivity(db, org.id)).toEqual({
          ok: true,
          checked: count,
          unsealed: 0,
        });
      } finally {
        await app.close();
      }
    }, 20_000);
  });
});
