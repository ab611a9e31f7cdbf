/**
 * Personal API tokens and calendar feeds (issue 30, docs/integrations.md), as a client sees
 * them, on each database: a token's scope, expiry and revocation (on a second instance that
 * shares the database), what a token may never do, the secrets kept out of the log; and the
 * feeds read by a real iCalendar parser (ical.js), imported twice without duplicates, their
 * ETag, regeneration and who sees what.
 */
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { buildApp } from '../src/app';
import {
  call,
  createCertificate,
  createOrganization,
  createTask,
  daysFromNow,
  kolkataDateIn,
  setupTestApp,
  testConfig,
  testDatabases,
  type TestOrganization,
} from './helper';

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string | null;
  start: ICAL.Time;
}

/** The events of a feed, as a calendar app reads them; throws on anything ical.js rejects. */
function parse(body: string): { name: string; events: ParsedEvent[]; tzids: string[] } {
  const root = new ICAL.Component(ICAL.parse(body));
  expect(root.name).toBe('vcalendar');
  expect(root.getFirstPropertyValue('version')).toBe('2.0');
  const events = root.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description ?? null,
      start: event.startDate,
    };
  });
  const tzids = root
    .getAllSubcomponents('vtimezone')
    .map((zone) => String(zone.getFirstPropertyValue('tzid')));
  return { name: String(root.getFirstPropertyValue('x-wr-calname')), events, tzids };
}

function feedPath(url: string): string {
  return new URL(url).pathname.replace(/^\/api\/v1/, '');
}

describe.each(testDatabases())('API tokens and calendar feeds on %s', (kind) => {
  const context = setupTestApp(kind);
  /** A second instance on the same database. */
  let other: FastifyInstance;
  let org: TestOrganization;
  let elsewhere: TestOrganization;

  beforeAll(async () => {
    const { db } = context();
    other = await buildApp({ config: testConfig(), db });
    await other.ready();
    org = await createOrganization(db);
    elsewhere = await createOrganization(db);
  });
  afterAll(async () => {
    await other?.close();
  });

  async function newToken(
    token: string,
    body: Record<string, unknown> = {},
  ): Promise<{ id: string; token: string; expires_at: string | null }> {
    const response = await call(context().app, 'POST', '/profile/api-tokens', {
      token,
      body: { name: 'Script', scope: 'read-write', ...body },
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  describe('API tokens', () => {
    test('shown once with its prefix, listed without it, acting as its person', async () => {
      const { app } = context();
      const created = await newToken(org.employee.token, { name: 'My  script', scope: 'read' });
      expect(created.token).toMatch(/^duly_pat_[A-Za-z0-9_-]{43}$/);
      expect(created).toMatchObject({ name: 'My script', scope: 'read' });
      // 90 days by default.
      const days = (Date.parse(created.expires_at!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(89.9);
      expect(days).toBeLessThanOrEqual(90);

      const listed = await call(app, 'GET', '/profile/api-tokens', { token: org.employee.token });
      expect(listed.statusCode).toBe(200);
      expect(listed.body).not.toContain(created.token);
      expect(listed.json()).toEqual([
        expect.objectContaining({ id: created.id, name: 'My script', last_used_at: null }),
      ]);
      expect(Object.keys(listed.json()[0]).sort()).toEqual(
        ['created_at', 'expires_at', 'id', 'last_used_at', 'name', 'scope'].sort(),
      );

      const profile = await call(app, 'GET', '/profile/', { token: created.token });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ id: org.employee.id, role: 'employee' });
      // Employee rules still apply: the organisation's token list is for admins.
      expect((await call(app, 'GET', '/api-tokens', { token: created.token })).statusCode).toBe(
        403,
      );
      const after = await call(app, 'GET', '/profile/api-tokens', { token: org.employee.token });
      expect(after.json()[0].last_used_at).not.toBeNull();
    });

    test('a read token reads and gets 403 on every write; a read-write token writes', async () => {
      const { app } = context();
      const read = await newToken(org.manager.token, { scope: 'read' });
      const readWrite = await newToken(org.manager.token, { scope: 'read-write' });
      const task = {
        title: 'Written by a script',
        due_date: daysFromNow(3),
        assigned_to_user_id: org.employee.id,
      };
      expect((await call(app, 'GET', '/tasks/', { token: read.token })).statusCode).toBe(200);
      const refused = await call(app, 'POST', '/tasks/', { token: read.token, body: task });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: 'This API token can only read.' });
      const written = await call(app, 'POST', '/tasks/', { token: readWrite.token, body: task });
      expect(written.statusCode).toBe(201);
      // The history names the person and that a token of theirs made the change (issue 29).
      const history = await call(app, 'GET', '/activity', {
        token: org.admin.token,
        query: { entity_type: 'task', entity_id: written.json().id },
      });
      expect(history.json()).toEqual([
        expect.objectContaining({
          action: 'created',
          actor_kind: 'api_token',
          actor: { id: org.manager.id, full_name: org.manager.full_name },
        }),
      ]);
    });

    test('tokens cannot create tokens, change the password or the name', async () => {
      const { app } = context();
      const { token } = await newToken(org.admin.token);
      const attempts = [
        call(app, 'POST', '/profile/api-tokens', {
          token,
          body: { name: 'Another', scope: 'read-write' },
        }),
        call(app, 'PUT', '/profile/password', {
          token,
          body: { current_password: 'whatever-1', new_password: 'another-password-1' },
        }),
        call(app, 'PATCH', '/profile/', { token, body: { full_name: 'Someone Else' } }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          message: 'API tokens cannot do this; sign in instead.',
        });
      }
    });

    test('expiry: none for admins only, never in the past, and an expired token fails', async () => {
      const { app, db } = context();
      const noExpiry = { name: 'Forever', scope: 'read', expires_at: null };
      const refused = await call(app, 'POST', '/profile/api-tokens', {
        token: org.manager.token,
        body: noExpiry,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].path).toBe('expires_at');
      expect((await newToken(org.admin.token, noExpiry)).expires_at).toBeNull();
      const past = await call(app, 'POST', '/profile/api-tokens', {
        token: org.employee.token,
        body: { name: 'Past', scope: 'read', expires_at: daysFromNow(-1) },
      });
      expect(past.statusCode).toBe(400);
      const bad = await call(app, 'POST', '/profile/api-tokens', {
        token: org.employee.token,
        body: { name: 'Bad', scope: 'all' },
      });
      expect(bad.statusCode).toBe(400);

      const soon = await newToken(org.employee.token, { expires_at: daysFromNow(1) });
      expect((await call(app, 'GET', '/tasks/', { token: soon.token })).statusCode).toBe(200);
      await db
        .updateTable('api_tokens')
        .set({ expires_at: daysFromNow(-0.001) })
        .where('id', '=', soon.id)
        .execute();
      expect((await call(app, 'GET', '/tasks/', { token: soon.token })).statusCode).toBe(401);
    });

    test('a revoked token fails on its next request on every instance', async () => {
      const { app } = context();
      const created = await newToken(org.employee.token);
      expect((await call(app, 'GET', '/tasks/', { token: created.token })).statusCode).toBe(200);
      expect((await call(other, 'GET', '/tasks/', { token: created.token })).statusCode).toBe(200);
      const revoked = await call(app, 'DELETE', `/profile/api-tokens/${created.id}`, {
        token: org.employee.token,
      });
      expect(revoked.statusCode).toBe(204);
      expect((await call(other, 'GET', '/tasks/', { token: created.token })).statusCode).toBe(401);
      expect((await call(app, 'GET', '/tasks/', { token: created.token })).statusCode).toBe(401);
      // Gone from the list; revoking again is a 404.
      const listed = await call(app, 'GET', '/profile/api-tokens', { token: org.employee.token });
      expect(listed.json().map((token: { id: string }) => token.id)).not.toContain(created.id);
      expect(
        (
          await call(app, 'DELETE', `/profile/api-tokens/${created.id}`, {
            token: org.employee.token,
          })
        ).statusCode,
      ).toBe(404);
    });

    test("admins list and revoke the organisation's tokens; nobody else's", async () => {
      const { app } = context();
      const colleagues = await newToken(org.colleague.token, { name: 'Colleague script' });
      // Someone else's token through the personal route: 404.
      expect(
        (
          await call(app, 'DELETE', `/profile/api-tokens/${colleagues.id}`, {
            token: org.employee.token,
          })
        ).statusCode,
      ).toBe(404);
      expect((await call(app, 'GET', '/api-tokens', { token: org.manager.token })).statusCode).toBe(
        403,
      );
      const listed = await call(app, 'GET', '/api-tokens', { token: org.admin.token });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toContainEqual(
        expect.objectContaining({
          id: colleagues.id,
          user: expect.objectContaining({ id: org.colleague.id }),
        }),
      );
      expect(listed.body).not.toContain(colleagues.token);
      const foreign = await call(app, 'GET', '/api-tokens', { token: elsewhere.admin.token });
      expect(foreign.json().map((token: { id: string }) => token.id)).not.toContain(colleagues.id);
      expect(
        (
          await call(app, 'DELETE', `/api-tokens/${colleagues.id}`, {
            token: elsewhere.admin.token,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(app, 'DELETE', `/api-tokens/${colleagues.id}`, { token: org.admin.token }))
          .statusCode,
      ).toBe(204);
      expect((await call(other, 'GET', '/tasks/', { token: colleagues.token })).statusCode).toBe(
        401,
      );
    });

    test('a deactivated person’s tokens stop', async () => {
      const { app, db } = context();
      const person = await createOrganization(db);
      const created = await newTokenFor(person.employee.token);
      expect((await call(app, 'GET', '/tasks/', { token: created })).statusCode).toBe(200);
      const deactivated = await call(app, 'PUT', `/employees/${person.employee.id}`, {
        token: person.admin.token,
        body: { status: 'inactive' },
      });
      expect(deactivated.statusCode).toBe(200);
      expect((await call(other, 'GET', '/tasks/', { token: created })).statusCode).toBe(401);
    });

    async function newTokenFor(sessionToken: string): Promise<string> {
      return (await newToken(sessionToken)).token;
    }
  });

  describe('calendar feeds', () => {
    test('no URL until one is made; the organisation scope is for managers and admins', async () => {
      const { app } = context();
      const none = await call(app, 'GET', '/profile/calendar-url', { token: org.colleague.token });
      expect(none.json()).toEqual({ url: null, scope: null });
      const refused = await call(app, 'POST', '/profile/calendar-url', {
        token: org.employee.token,
        body: { scope: 'organization' },
      });
      expect(refused.statusCode).toBe(403);
      const bad = await call(app, 'POST', '/profile/calendar-url', {
        token: org.employee.token,
        body: { scope: 'everyone' },
      });
      expect(bad.statusCode).toBe(400);
    });

    test('a valid feed of the person’s open tasks and certificates, imported twice without duplicates', async () => {
      const { app, db } = context();
      const person = await createOrganization(db);
      const longTitle = `Renew the fire; safety, audit\\report ${'é'.repeat(60)}`;
      const taskId = await createTask(db, person, {
        title: longTitle,
        description: 'Line one\nLine two, with; marks',
        due_date: '2030-01-15T04:30:00.000Z',
      });
      await createTask(db, person, { title: 'Done already', status: 'completed' });
      await createTask(db, person, {
        title: 'Colleague task',
        assigned_to_user_id: person.colleague.id,
      });
      await createCertificate(db, person, {
        name: 'Boiler licence',
        expiry_date: kolkataDateIn(60),
        reminder_days_before: 30,
      });
      await createCertificate(db, person, { name: 'Old licence', status: 'renewed' });

      const made = await call(app, 'POST', '/profile/calendar-url', {
        token: person.employee.token,
        body: {},
      });
      expect(made.statusCode).toBe(200);
      const { url, scope } = made.json();
      expect(scope).toBe('mine');
      expect(url).toMatch(/^https:\/\/duly\.test\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      expect(
        (await call(app, 'GET', '/profile/calendar-url', { token: person.employee.token })).json(),
      ).toEqual({ url, scope: 'mine' });

      const first = await call(app, 'GET', feedPath(url));
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
      // Folded at 75 octets, CRLF line ends.
      for (const line of first.body.split('\r\n')) {
        expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      }
      expect(first.body).toContain('DTSTART;TZID=Asia/Kolkata:20300115T100000');
      const parsed = parse(first.body);
      expect(parsed.tzids).toEqual(['Asia/Kolkata']);
      const summaries = parsed.events.map((event) => event.summary).sort();
      expect(summaries).toEqual(
        [
          `Task due: ${longTitle}`,
          'Certificate expires: Boiler licence',
          `Renew soon: Boiler licence expires ${kolkataDateIn(60)}`,
        ].sort(),
      );
      const task = parsed.events.find((event) => event.uid === `task-${taskId}@duly`)!;
      expect(task.description).toBe('Line one\nLine two, with; marks');
      expect(task.start.toJSDate().toISOString()).toBe('2030-01-15T04:30:00.000Z');
      const reminder = parsed.events.find((event) => event.summary.startsWith('Renew soon'))!;
      expect(reminder.start.isDate).toBe(true);
      expect(reminder.start.toString()).toBe(kolkataDateIn(30));

      // A calendar app keeps events by UID: a change updates, a second import adds nothing.
      await db
        .updateTable('tasks')
        .set({ title: 'Renamed', updated_at: new Date().toISOString() })
        .where('id', '=', taskId)
        .execute();
      const second = parse((await call(app, 'GET', feedPath(url))).body);
      const imported = new Map<string, ParsedEvent>();
      for (const event of [...parsed.events, ...second.events]) imported.set(event.uid, event);
      expect(imported.size).toBe(parsed.events.length);
      expect(second.events.map((event) => event.uid).sort()).toEqual(
        parsed.events.map((event) => event.uid).sort(),
      );
      expect(imported.get(`task-${taskId}@duly`)!.summary).toBe('Task due: Renamed');
    });

    test('ETag: an unchanged feed answers 304', async () => {
      const { app, db } = context();
      const person = await createOrganization(db);
      await createTask(db, person);
      const { url } = (
        await call(app, 'POST', '/profile/calendar-url', { token: person.employee.token, body: {} })
      ).json();
      const first = await call(app, 'GET', feedPath(url));
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await call(app, 'GET', feedPath(url), { headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await createTask(db, person);
      const changed = await call(other, 'GET', feedPath(url), {
        headers: { 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    });

    test('regenerating kills the old URL; unknown secrets are 404', async () => {
      const { app } = context();
      const old = (
        await call(app, 'POST', '/profile/calendar-url', { token: org.employee.token, body: {} })
      ).json().url;
      expect((await call(app, 'GET', feedPath(old))).statusCode).toBe(200);
      const fresh = (
        await call(app, 'POST', '/profile/calendar-url', { token: org.employee.token, body: {} })
      ).json().url;
      expect(fresh).not.toBe(old);
      expect((await call(other, 'GET', feedPath(old))).statusCode).toBe(404);
      expect((await call(app, 'GET', feedPath(fresh))).statusCode).toBe(200);
      for (const path of [
        '/calendar/nothing-here-at-all-123.ics',
        '/calendar/x',
        '/calendar/..ics',
      ]) {
        const response = await call(app, 'GET', path);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
    });

    test('the profile shows the current URL again; the database holds no secret; a new server key shows none', async () => {
      const { app, db } = context();
      const person = await createOrganization(db);
      const made = (
        await call(app, 'POST', '/profile/calendar-url', { token: person.employee.token, body: {} })
      ).json();
      const shown = await call(other, 'GET', '/profile/calendar-url', {
        token: person.employee.token,
      });
      expect(shown.json()).toEqual({ url: made.url, scope: 'mine' });
      const secret = feedPath(made.url)
        .replace(/^\/calendar\//, '')
        .replace(/\.ics$/, '');
      const row = await db
        .selectFrom('calendar_feeds')
        .selectAll()
        .where('user_id', '=', person.employee.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(secret);

      // A URL that no longer derives from the server's key and the row (the key was changed
      // since; simulated by another nonce) is not shown as if it were the current one.
      await db
        .updateTable('calendar_feeds')
        .set({ secret_nonce: 'another-nonce' })
        .where('user_id', '=', person.employee.id)
        .execute();
      const afterRekey = await call(app, 'GET', '/profile/calendar-url', {
        token: person.employee.token,
      });
      expect(afterRekey.json()).toEqual({ url: null, scope: 'mine' });
      // The feed itself keeps working: it is found by its hash.
      expect((await call(app, 'GET', feedPath(made.url))).statusCode).toBe(200);
    });

    test('an organisation feed for managers: every person’s items, nobody else’s organisation', async () => {
      const { app, db } = context();
      const person = await createOrganization(db);
      await createTask(db, person, { title: 'Employee task' });
      await createTask(db, person, {
        title: 'Colleague task',
        assigned_to_user_id: person.colleague.id,
      });
      await createTask(db, elsewhere, { title: 'Foreign task' });
      const { url } = (
        await call(app, 'POST', '/profile/calendar-url', {
          token: person.manager.token,
          body: { scope: 'organization' },
        })
      ).json();
      const { events } = parse((await call(app, 'GET', feedPath(url))).body);
      const titles = events.map((event) => event.summary);
      expect(titles).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Task due: Employee task/),
          expect.stringMatching(/^Task due: Colleague task/),
        ]),
      );
      expect(titles.join('\n')).not.toContain('Foreign task');
      // The manager's own feed would have neither (they are assigned nothing).
      const mine = (
        await call(app, 'POST', '/profile/calendar-url', { token: person.manager.token, body: {} })
      ).json().url;
      expect(parse((await call(app, 'GET', feedPath(mine))).body).events).toEqual([]);
    });
  });

  test('neither a token nor a calendar secret reaches the log', async () => {
    const { db } = context();
    let output = '';
    const logged = await buildApp({
      config: testConfig({ logLevel: 'debug' }),
      db,
      logDestination: { write: (chunk: string) => (output += chunk) },
    });
    try {
      const created = await call(logged, 'POST', '/profile/api-tokens', {
        token: org.employee.token,
        body: { name: 'Logged', scope: 'read' },
      });
      const { token } = created.json();
      await call(logged, 'GET', '/tasks/', { token });
      await call(logged, 'POST', '/tasks/', { token, body: {} });
      const { url } = (
        await call(logged, 'POST', '/profile/calendar-url', { token: org.employee.token, body: {} })
      ).json();
      await call(logged, 'GET', feedPath(url));
      const secret = /calendar\/(.+)\.ics$/.exec(url)![1];
      expect(output).toContain('/calendar/[secret].ics');
      expect(output).not.toContain(token);
      expect(output).not.toContain(token.slice('duly_pat_'.length));
      expect(output).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
