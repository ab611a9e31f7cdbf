/**
 * Live updates (issue 31, item 3): a stream per open screen hears, once a write has
 * committed, which kinds of things changed, and nothing it may not see. Through real HTTP
 * (a stream cannot be injected), on SQLite and PostgreSQL; on PostgreSQL also from a second
 * instance sharing the database.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { CHANGES_KEPT } from '../src/live/change-feed';
import {
  call,
  createNotification,
  createOrganization,
  createTask,
  setupTestApp,
  testConfig,
  testDatabases,
  type TestOrganization,
} from './helper';

jest.setTimeout(30_000);

const HEARTBEAT_MS = 200;

interface StreamEvent {
  event: string;
  data: { type?: string; ids?: string[] };
  /** The event's `id:` field, if it had one. */
  id?: string;
}

/** An open stream read as a client would: each event as it arrives. */
interface OpenStream {
  status: number;
  contentType: string | null;
  /** The next event that `matches` (earlier ones are consumed), or an error after `timeoutMs`. */
  next(matches?: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Every event received so far that has not been consumed. */
  pending(): StreamEvent[];
  /** Every event received so far, consumed or not. */
  history: StreamEvent[];
  ended: Promise<void>;
  close(): void;
}

async function openStream(
  baseUrl: string,
  auth: { ticket: string } | { token: string },
  /** Where the client was: sent as `last_event_id` with a ticket, as `Last-Event-ID` with a token. */
  lastEventId?: string,
): Promise<OpenStream> {
  const controller = new AbortController();
  const url = new URL('/api/v1/events', baseUrl);
  const headers: Record<string, string> = {};
  if ('ticket' in auth) url.searchParams.set('ticket', auth.ticket);
  else headers.authorization = `Bearer ${auth.token}`;
  if (lastEventId !== undefined) {
    if ('ticket' in auth) url.searchParams.set('last_event_id', lastEventId);
    else headers['last-event-id'] = lastEventId;
  }
  const response = await fetch(url, { headers, signal: controller.signal });
  const received: StreamEvent[] = [];
  const history: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  const ended = (async () => {
    if (!response.body || !response.ok) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (fields.data === undefined) continue;
          const event: StreamEvent = {
            event: fields.event ?? 'message',
            data: JSON.parse(fields.data),
            ...(fields.id !== undefined && { id: fields.id }),
          };
          received.push(event);
          history.push(event);
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Aborted by close().
    }
    for (const wake of waiters) wake();
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    pending: () => [...received],
    history,
    ended,
    close: () => controller.abort(),
    async next(matches = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex(matches);
        if (index >= 0) return received.splice(0, index + 1)[index];
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No matching event; received ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, Math.min(left, 100));
        });
      }
    },
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

const isTasks = (event: StreamEvent) => event.data.type === 'tasks';

describe.each(testDatabases())('live updates on %s', (kind) => {
  const context = setupTestApp(kind, { eventsHeartbeatMs: HEARTBEAT_MS });
  let baseUrl: string;
  let org: TestOrganization;
  let otherOrg: TestOrganization;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    baseUrl = await listen(context().app);
    org = await createOrganization(context().db);
    otherOrg = await createOrganization(context().db);
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  async function ticketFor(token: string): Promise<string> {
    const answer = await call(context().app, 'POST', '/events/ticket', { token });
    expect(answer.statusCode).toBe(200);
    return answer.json().ticket;
  }

  async function streamOf(token: string): Promise<OpenStream> {
    const stream = await openStream(baseUrl, { ticket: await ticketFor(token) });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'ready');
    return stream;
  }

  test('a ticket opens one stream, once; the stream is text/event-stream and says it is ready', async () => {
    const ticket = await ticketFor(org.admin.token);
    const first = await openStream(baseUrl, { ticket });
    streams.push(first);
    expect(first.status).toBe(200);
    expect(first.contentType).toBe('text/event-stream; charset=utf-8');
    expect((await first.next()).event).toBe('ready');

    const again = await fetch(`${baseUrl}/api/v1/events?ticket=${encodeURIComponent(ticket)}`);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({
      message: 'This ticket was already used; ask for a new one',
      code: 'unauthorized',
    });
  });

  test('a forged, altered or missing credential is refused with 401, and a session token is no ticket', async () => {
    const ticket = await ticketFor(org.admin.token);
    const [body, signature] = ticket.split('.');
    const forged = `${Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body, 'base64url').toString()),
        role: 'admin',
        userId: org.employee.id,
      }),
    ).toString('base64url')}.${signature}`;
    for (const candidate of [forged, org.admin.token, 'not-a-ticket']) {
      const answer = await fetch(
        `${baseUrl}/api/v1/events?ticket=${encodeURIComponent(candidate)}`,
      );
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { code: string }).code).toBe('unauthorized');
    }
    const bare = await fetch(`${baseUrl}/api/v1/events`);
    expect(bare.status).toBe(401);
    // The Authorization header opens it too (for clients that can send it).
    const byHeader = await openStream(baseUrl, { token: org.manager.token });
    streams.push(byHeader);
    expect(byHeader.status).toBe(200);
  });

  test("a task edited by a manager: the organisation's screens hear it, an employee without the ids, another organisation nothing", async () => {
    const { app, db } = context();
    const taskId = await createTask(db, org);
    const admin = await streamOf(org.admin.token);
    const employee = await streamOf(org.employee.token);
    const outsider = await streamOf(otherOrg.admin.token);

    const edited = await call(app, 'PUT', `/tasks/${taskId}`, {
      token: org.manager.token,
      body: { title: 'Renew the fire permit' },
    });
    expect(edited.statusCode).toBe(200);

    expect((await admin.next(isTasks)).data).toEqual({ type: 'tasks', ids: [taskId] });
    expect((await admin.next((e) => e.data.type === 'dashboard')).data).toEqual({
      type: 'dashboard',
      ids: [taskId],
    });
    expect((await employee.next(isTasks)).data).toEqual({ type: 'tasks', ids: [] });

    // The outsider's next change is the one of its own organisation's write, nothing before
    // (at most a heartbeat's `position`, which names no organisation's change).
    const theirTask = await createTask(db, otherOrg);
    await call(app, 'PATCH', `/tasks/${theirTask}`, {
      token: otherOrg.admin.token,
      body: { status: 'in_progress' },
    });
    const isChange = (event: StreamEvent) => event.event === 'message';
    expect((await outsider.next(isChange)).data).toEqual({ type: 'tasks', ids: [theirTask] });
    for (const heard of outsider.history.filter(isChange))
      expect(heard.data.ids).toEqual([theirTask]);
  });

  test('a write that fails changes nothing and tells nobody', async () => {
    const { app, db } = context();
    const taskId = await createTask(db, org);
    const admin = await streamOf(org.admin.token);
    const refused = await call(app, 'PUT', `/tasks/${taskId}`, {
      token: org.manager.token,
      body: { title: '' },
    });
    expect(refused.statusCode).toBe(400);
    // A marker write: the first tasks event heard must be its.
    await call(app, 'PATCH', `/tasks/${taskId}`, {
      token: org.admin.token,
      body: { status: 'in_progress' },
    });
    const heard = await admin.next(isTasks);
    expect(heard.data.ids).toEqual([taskId]);
    expect(admin.pending().filter(isTasks)).toEqual([]);
  });

  test("notices are each person's own: marking one read tells only that person's screens", async () => {
    const { app, db } = context();
    const notice = await createNotification(db, org.manager);
    const own = await streamOf(org.manager.token);
    const colleague = await streamOf(org.admin.token);
    const marked = await call(app, 'PATCH', `/notifications/${notice}`, {
      token: org.manager.token,
      body: { read: true },
    });
    expect(marked.statusCode).toBe(200);
    expect((await own.next((e) => e.data.type === 'notifications')).data).toEqual({
      type: 'notifications',
      ids: [notice],
    });
    // A later organisation-wide write reaches the admin first: the notice never did.
    const taskId = await createTask(db, org);
    await call(app, 'PATCH', `/tasks/${taskId}`, {
      token: org.admin.token,
      body: { status: 'completed' },
    });
    await colleague.next(isTasks);
    expect(colleague.history).not.toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ type: 'notifications' }) }),
    );
  });

  test('a stream whose session has ended says so at its next heartbeat and closes', async () => {
    const { app } = context();
    const person = org.colleague;
    const stream = await streamOf(person.token);
    const deactivated = await call(app, 'PUT', `/employees/${person.id}`, {
      token: org.admin.token,
      body: { status: 'inactive' },
    });
    expect(deactivated.statusCode).toBe(200);
    expect((await stream.next((e) => e.event === 'ended')).event).toBe('ended');
    await stream.ended;
  });
  async function reopen(token: string, lastEventId: string): Promise<OpenStream> {
    const stream = await openStream(baseUrl, { ticket: await ticketFor(token) }, lastEventId);
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  }

  /** The events a reopened stream was sent before `ready`. */
  async function beforeReady(stream: OpenStream): Promise<StreamEvent[]> {
    const ready = await stream.next((event) => event.event === 'ready');
    return stream.history.slice(0, stream.history.indexOf(ready));
  }

  test('every change has an id; a stream reopened with the last one it heard is sent what it missed, in order, and nothing it may not see', async () => {
    const { app, db } = context();
    const [first, second] = [await createTask(db, org), await createTask(db, org)];
    const theirs = await createTask(db, otherOrg);
    const notice = await createNotification(db, org.manager);
    const admin = await streamOf(org.admin.token);
    const manager = await streamOf(org.manager.token);
    await call(app, 'PATCH', `/tasks/${first}`, {
      token: org.manager.token,
      body: { status: 'in_progress' },
    });
    const heard = await admin.next(isTasks);
    expect(heard.id).toMatch(/^[\w-]{22}$/);
    // One change, one id, on each of its kinds.
    expect((await admin.next((e) => e.data.type === 'dashboard')).id).toBe(heard.id);
    admin.close();

    // While the admin is away: another organisation's task, a colleague's notice, then a task
    // of their own organisation (the manager's stream shows when this instance has heard it).
    await call(app, 'PATCH', `/tasks/${theirs}`, {
      token: otherOrg.admin.token,
      body: { status: 'in_progress' },
    });
    await call(app, 'PATCH', `/notifications/${notice}`, {
      token: org.manager.token,
      body: { read: true },
    });
    await call(app, 'PUT', `/tasks/${second}`, {
      token: org.manager.token,
      body: { title: 'Renew the boiler certificate' },
    });
    const missed = await manager.next((e) => isTasks(e) && e.data.ids?.[0] === second);

    const back = await reopen(org.admin.token, heard.id as string);
    const replayed = await beforeReady(back);
    expect(replayed).toEqual([
      { event: 'message', data: { type: 'tasks', ids: [second] }, id: missed.id },
      { event: 'message', data: { type: 'dashboard', ids: [second] }, id: missed.id },
    ]);
    // `ready` names the last change this instance heard: the client's place from now on.
    expect(back.history[replayed.length]).toEqual({ event: 'ready', data: {}, id: missed.id });

    // An employee coming back hears the kinds, never the ids.
    const employee = await reopen(org.employee.token, heard.id as string);
    expect((await beforeReady(employee)).map((event) => event.data)).toEqual([
      { type: 'tasks', ids: [] },
      { type: 'dashboard', ids: [] },
    ]);
  });

  test('a stream reopened with an id this instance does not hold is told to reset (by last_event_id or Last-Event-ID); a first one is not', async () => {
    const byQuery = await reopen(org.admin.token, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect((await beforeReady(byQuery)).map((event) => event.event)).toEqual(['reset']);

    const byHeader = await openStream(baseUrl, { token: org.manager.token }, 'not an id we gave');
    streams.push(byHeader);
    expect(byHeader.status).toBe(200);
    expect((await beforeReady(byHeader)).map((event) => event.event)).toEqual(['reset']);

    const first = await streamOf(org.admin.token);
    expect(first.history.map((event) => event.event)).toEqual(['ready']);

    const tooLong = await fetch(
      `${baseUrl}/api/v1/events?ticket=${encodeURIComponent(
        await ticketFor(org.admin.token),
      )}&last_event_id=${'x'.repeat(101)}`,
    );
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { code: string }).code).toBe('validation_failed');
  });

  test('a stream that heard none of the changes is given its place at the heartbeat; coming back with it, it is neither reset nor sent anything', async () => {
    const { app, db } = context();
    const employee = await streamOf(org.employee.token);
    const outsider = await streamOf(otherOrg.admin.token);
    const theirs = await createTask(db, otherOrg);
    await call(app, 'PATCH', `/tasks/${theirs}`, {
      token: otherOrg.admin.token,
      body: { status: 'completed' },
    });
    const change = await outsider.next(isTasks);
    const position = await employee.next((event) => event.event === 'position');
    expect(position.id).toBe(change.id);
    expect(employee.history.filter((event) => event.event === 'message')).toEqual([]);
    employee.close();

    const back = await reopen(org.employee.token, position.id as string);
    expect(await beforeReady(back)).toEqual([]);
  });

  test(`a client away for more than the ${CHANGES_KEPT} changes an instance keeps is told to reset`, async () => {
    const { app, db } = context();
    const admin = await streamOf(org.admin.token);
    const taskId = await createTask(db, org);
    await call(app, 'PATCH', `/tasks/${taskId}`, {
      token: org.admin.token,
      body: { status: 'in_progress' },
    });
    const last = (await admin.next(isTasks)).id as string;
    admin.close();

    // Other organisations' traffic, published as the API's writes publish theirs.
    const publishOthers = async (count: number) => {
      let id = '';
      for (let i = 0; i < count; i += 1) {
        id = await app.changeFeed.publish({
          organizationId: otherOrg.id,
          kinds: ['tasks'],
          ids: [],
        });
      }
      for (let waited = 0; app.changeFeed.latestId !== id; waited += 1) {
        if (waited > 200) throw new Error('this instance never heard the last change');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    await publishOthers(CHANGES_KEPT - 1);
    expect(await beforeReady(await reopen(org.admin.token, last))).toEqual([]);
    await publishOthers(1);
    const reset = await beforeReady(await reopen(org.admin.token, last));
    expect(reset.map((event) => event.event)).toEqual(['reset']);
    // The reset gives the client its new place.
    expect(reset[0].id).toBe(app.changeFeed.latestId);
  });
});

describe.each(testDatabases())('live updates with the real heartbeat (25 s) on %s', (kind) => {
  const context = setupTestApp(kind);

  test('a person deactivated by an admin: their open stream ends at once, not at its next heartbeat', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const baseUrl = await listen(app);
    const ticket = (await call(app, 'POST', '/events/ticket', { token: org.employee.token })).json()
      .ticket as string;
    const stream = await openStream(baseUrl, { ticket });
    try {
      await stream.next((event) => event.event === 'ready');
      const deactivated = await call(app, 'PUT', `/employees/${org.employee.id}`, {
        token: org.admin.token,
        body: { status: 'inactive' },
      });
      expect(deactivated.statusCode).toBe(200);
      // Well within the heartbeat: only the change naming them explains it.
      expect((await stream.next((event) => event.event === 'ended', 5000)).event).toBe('ended');
      await stream.ended;
    } finally {
      stream.close();
    }
  });
  test('a stream opened with an API token ends at once when the token is revoked (by its owner or an admin)', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    // The test above may have started this app listening already.
    const address = app.server.address() as AddressInfo | null;
    const baseUrl = address ? `http://127.0.0.1:${address.port}` : await listen(app);
    for (const revoker of ['owner', 'admin'] as const) {
      const created = await call(app, 'POST', '/profile/api-tokens', {
        token: org.manager.token,
        body: { name: `stream ${revoker}`, scope: 'read' },
      });
      expect(created.statusCode).toBe(201);
      const { id, token } = created.json() as { id: string; token: string };
      const stream = await openStream(baseUrl, { token });
      try {
        expect(stream.status).toBe(200);
        await stream.next((event) => event.event === 'ready');
        const revoked =
          revoker === 'owner'
            ? await call(app, 'DELETE', `/profile/api-tokens/${id}`, { token: org.manager.token })
            : await call(app, 'DELETE', `/api-tokens/${id}`, { token: org.admin.token });
        expect(revoked.statusCode).toBe(204);
        // Well within the 25 s heartbeat: the revocation itself ends it.
        expect((await stream.next((event) => event.event === 'ended', 5000)).event).toBe('ended');
        await stream.ended;
        // And the token opens no new one.
        expect((await openStream(baseUrl, { token })).status).toBe(401);
      } finally {
        stream.close();
      }
    }
  });
});

describe('live updates across two instances on one PostgreSQL', () => {
  const context = setupTestApp('postgres');
  let second: FastifyInstance;
  let secondUrl: string;
  let org: TestOrganization;

  beforeAll(async () => {
    second = await buildApp({ config: testConfig(), db: context().db });
    secondUrl = await listen(second);
    org = await createOrganization(context().db);
  });
  afterAll(async () => {
    await second?.close();
  });

  test('a write on one instance reaches a stream open on the other', async () => {
    const { app, db } = context();
    const ticket = (await call(app, 'POST', '/events/ticket', { token: org.manager.token })).json()
      .ticket as string;
    // The ticket was issued by the first instance and opens a stream on the second.
    const stream = await openStream(secondUrl, { ticket });
    try {
      expect(stream.status).toBe(200);
      await stream.next((event) => event.event === 'ready');
      const taskId = await createTask(db, org);
      const done = await call(app, 'PATCH', `/tasks/${taskId}`, {
        token: org.employee.token,
        body: { status: 'completed' },
      });
      expect(done.statusCode).toBe(200);
      expect((await stream.next(isTasks)).data).toEqual({ type: 'tasks', ids: [taskId] });
    } finally {
      stream.close();
    }
  });

  test('a client that heard a change on one instance comes back to the other and is sent what it missed; an instance started since then tells it to reset', async () => {
    const { app, db } = context();
    const address = app.server.address() as AddressInfo | null;
    const firstUrl = address ? `http://127.0.0.1:${address.port}` : await listen(app);
    const ticketOf = async (instance: FastifyInstance, token: string) =>
      (await call(instance, 'POST', '/events/ticket', { token })).json().ticket as string;
    const [before, after] = [await createTask(db, org), await createTask(db, org)];

    const onFirst = await openStream(firstUrl, { ticket: await ticketOf(app, org.manager.token) });
    const watcher = await openStream(secondUrl, {
      ticket: await ticketOf(second, org.admin.token),
    });
    try {
      await onFirst.next((event) => event.event === 'ready');
      await watcher.next((event) => event.event === 'ready');
      await call(app, 'PATCH', `/tasks/${before}`, {
        token: org.admin.token,
        body: { status: 'in_progress' },
      });
      const last = (await onFirst.next(isTasks)).id as string;
      onFirst.close();
      // Written on the second instance while the client is away; the watcher shows it was heard.
      await call(second, 'PATCH', `/tasks/${after}`, {
        token: org.admin.token,
        body: { status: 'in_progress' },
      });
      const missed = await watcher.next((event) => isTasks(event) && event.data.ids?.[0] === after);

      // The ids are the same on every instance (carried in the NOTIFY payload), and so is the
      // order heard: the second instance knows where the client was.
      const back = await openStream(
        secondUrl,
        { ticket: await ticketOf(app, org.manager.token) },
        last,
      );
      try {
        const ready = await back.next((event) => event.event === 'ready');
        expect(back.history.slice(0, back.history.indexOf(ready))).toEqual([
          { event: 'message', data: { type: 'tasks', ids: [after] }, id: missed.id },
          { event: 'message', data: { type: 'dashboard', ids: [after] }, id: missed.id },
        ]);
      } finally {
        back.close();
      }

      const third = await buildApp({ config: testConfig(), db });
      try {
        const thirdUrl = await listen(third);
        const late = await openStream(
          thirdUrl,
          { ticket: await ticketOf(third, org.manager.token) },
          last,
        );
        expect((await late.next()).event).toBe('reset');
        expect((await late.next()).event).toBe('ready');
        late.close();
      } finally {
        await third.close();
      }
    } finally {
      onFirst.close();
      watcher.close();
    }
  });

  test('closing an instance ends its streams (their clients reconnect elsewhere)', async () => {
    const third = await buildApp({ config: testConfig(), db: context().db });
    const url = await listen(third);
    const ticket = (await call(third, 'POST', '/events/ticket', { token: org.admin.token })).json()
      .ticket as string;
    const stream = await openStream(url, { ticket });
    await stream.next((event) => event.event === 'ready');
    await third.close();
    await stream.ended;
    expect(third.changeFeed.size).toBe(0);
  });
});
