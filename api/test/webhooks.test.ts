/**
 * Webhooks (issue 30) on both databases, received by a real HTTP server this test starts on
 * 127.0.0.1: every change told once (by delivery id), signed the Standard Webhooks way and
 * checked here with an HMAC of our own; retries after a 500 and after the receiver was killed;
 * a redirect not followed; private addresses refused without WEBHOOKS_ALLOW_PRIVATE; an
 * endpoint failing for 24 h disabled; admins only, each organisation its own.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../src/lib/clock';
import { runReminderSweep } from '../src/reminders/sweep';
import { isBlockedAddress } from '../src/webhooks/address';
import { createMailer } from '../src/mail/mailer';
import { startTestSmtpServer } from '../src/mail/test-smtp-server';
import { tellAdminsWebhookDisabled } from '../src/webhooks/disabled';
import { deliverDueWebhooks } from '../src/webhooks/sender';
import {
  call,
  createCertificate,
  createOrganization,
  createTask,
  daysFromNow,
  kolkataDateIn,
  setupTestApp,
  testDatabases,
  type TestContext,
  type TestOrganization,
} from './helper';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers each request with the next status of `answers`. */
class Receiver {
  received: Received[] = [];
  answers: number[] = [];
  private server: http.Server | undefined;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const status = this.answers.shift() ?? 200;
        if (status >= 300 && status < 400) {
          response.writeHead(status, { location: `http://127.0.0.1:${this.port}/elsewhere` });
          response.end();
          return;
        }
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status === 200 ? 'thanks' : `no: ${'x'.repeat(2000)}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The deliveries received, by event type. */
  ofType(type: string): Received[] {
    return this.received.filter((request) => JSON.parse(request.body).type === type);
  }
}

/** The Standard Webhooks check, written here from the convention, not from the sender. */
function verify(secret: string, request: Received): boolean {
  const id = request.headers['webhook-id'] as string;
  const timestamp = request.headers['webhook-timestamp'] as string;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${id}.${timestamp}.${request.body}`)
    .digest('base64');
  const signatures = String(request.headers['webhook-signature'])
    .split(' ')
    .map((entry) => entry.split(',')[1]);
  return signatures.includes(expected);
}

const ALLOW_PRIVATE = { requireHttps: false, allowPrivate: true };
const at =
  (offsetMs: number): Clock =>
  () =>
    new Date(Date.now() + offsetMs);
const MINUTE = 60_000;

describe.each(testDatabases())('webhooks on %s', (kind) => {
  const context = setupTestApp(kind, { webhooks: ALLOW_PRIVATE });
  let receiver: Receiver;

  beforeEach(async () => {
    receiver = new Receiver();
    await receiver.start();
  });
  afterEach(async () => {
    await receiver.stop();
    // Each test starts with no endpoint: what one leaves waiting is not sent in the next.
    await context().db.deleteFrom('webhook_deliveries').execute();
    await context().db.deleteFrom('webhook_endpoints').execute();
  });

  async function register(
    ctx: TestContext,
    org: TestOrganization,
    events: string[],
    url = receiver.url(),
  ): Promise<{ id: string; secret: string }> {
    const created = await call(ctx.app, 'POST', '/webhooks/', {
      token: org.admin.token,
      body: { url, events, description: 'Our HR system' },
    });
    expect(created.statusCode).toBe(201);
    return created.json();
  }

  const send = (ctx: TestContext, clock: Clock = at(0), allowPrivate = true) =>
    deliverDueWebhooks(ctx.db, clock, { requireHttps: false, allowPrivate });

  test('Slack and Teams endpoints receive a text summary in their own format; bad formats are refused', async () => {
    const ctx = context();
    const org = await createOrganization(ctx.db);
    const made: Record<string, string> = {};
    for (const format of ['slack', 'teams', 'standard'] as const) {
      const created = await call(ctx.app, 'POST', '/webhooks/', {
        token: org.admin.token,
        body: { url: receiver.url(`/${format}`), events: ['task.created'], format },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().format).toBe(format);
      made[format] = created.json().id;
    }
    const bad = await call(ctx.app, 'POST', '/webhooks/', {
      token: org.admin.token,
      body: { url: receiver.url(), events: ['task.created'], format: 'discord' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String) });

    await call(ctx.app, 'POST', '/tasks/', {
      token: org.manager.token,
      body: { title: 'File the GST return', due_date: daysFromNow(3) },
    });
    expect(await send(ctx)).toMatchObject({ delivered: 3 });
    const bodyAt = (path: string) =>
      JSON.parse(receiver.received.find((request) => request.path === path)!.body);
    expect(bodyAt('/slack')).toEqual({
      text: expect.stringMatching(/^Task created: “File the GST return” \(due /),
    });
    const teams = bodyAt('/teams');
    expect(teams.type).toBe('message');
    expect(teams.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(teams.attachments[0].content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(teams.attachments[0].content.body[0].text).toMatch(
      /^Task created: “File the GST return”/,
    );
    expect(bodyAt('/standard')).toMatchObject({
      type: 'task.created',
      data: { title: 'File the GST return' },
    });

    // A Slack endpoint turned into a standard one gets the signed JSON from then on.
    const changed = await call(ctx.app, 'PUT', `/webhooks/${made.slack}`, {
      token: org.admin.token,
      body: { format: 'standard' },
    });
    expect(changed.json().format).toBe('standard');
    const test = await call(ctx.app, 'POST', `/webhooks/${made.teams}/test`, {
      token: org.admin.token,
    });
    expect(test.statusCode).toBe(200);
    const ping = receiver.received.filter((request) => request.path === '/teams').at(-1)!;
    expect(JSON.parse(ping.body).attachments[0].content.body[0].text).toBe(
      'Test message from Duly',
    );
  });

  test('every change is told once, signed, with the item as the API returns it', async () => {
    const ctx = context();
    const org = await createOrganization(ctx.db);
    const { secret, id: endpointId } = await register(ctx, org, [
      'task.created',
      'task.updated',
      'certificate.created',
      'certificate.renewed',
      'employee.created',
      'employee.deactivated',
    ]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const task = await call(ctx.app, 'POST', '/tasks/', {
      token: org.manager.token,
      body: { title: 'File the returns', due_date: daysFromNow(3) },
    });
    expect(task.statusCode).toBe(201);
    const taskId = task.json().id;
    await call(ctx.app, 'PUT', `/tasks/${taskId}`, {
      token: org.manager.token,
      body: { title: 'File the GST returns' },
    });
    await call(ctx.app, 'PATCH', `/tasks/${taskId}`, {
      token: org.manager.token,
      body: { status: 'completed' },
    });
    const certificate = await call(ctx.app, 'POST', '/certificates/', {
      token: org.manager.token,
      body: { name: 'Fire safety', expiry_date: kolkataDateIn(60), reminder_days_before: 30 },
    });
    expect(certificate.statusCode).toBe(201);
    const renewed = await call(ctx.app, 'PUT', `/certificates/${certificate.json().id}/`, {
      token: org.manager.token,
      body: { status: 'renewed', expiry_date: kolkataDateIn(400) },
    });
    expect(renewed.json().status).toBe('renewed');
    const employee = await call(ctx.app, 'POST', '/employees/', {
      token: org.admin.token,
      body: { email: `hook-${Date.now()}@example.test`, firstName: 'Meera' },
    });
    expect(employee.statusCode).toBe(201);
    await call(ctx.app, 'PUT', `/employees/${employee.json().id}`, {
      token: org.admin.token,
      body: { status: 'inactive' },
    });
    // Another organisation's changes are not this endpoint's business.
    const other = await createOrganization(ctx.db);
    await call(ctx.app, 'POST', '/tasks/', {
      token: other.manager.token,
      body: { title: 'Elsewhere', due_date: daysFromNow(3) },
    });

    const result = await send(ctx);
    expect(result.delivered).toBe(7);
    expect(await send(ctx)).toMatchObject({ delivered: 0 });

    const types = receiver.received.map((request) => JSON.parse(request.body).type).sort();
    expect(types).toEqual([
      'certificate.created',
      'certificate.renewed',
      'employee.created',
      'employee.deactivated',
      'task.created',
      'task.updated',
      'task.updated',
    ]);
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(7);
    for (const request of receiver.received) {
      expect(verify(secret, request)).toBe(true);
      expect(verify('whsec_' + Buffer.alloc(24).toString('base64'), request)).toBe(false);
      expect(request.headers['content-type']).toBe('application/json');
      expect(
        Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000),
      ).toBeLessThan(600);
    }
    const created = JSON.parse(receiver.ofType('task.created')[0].body);
    expect(created.data).toMatchObject({
      id: taskId,
      title: 'File the returns',
      status: 'pending',
    });
    expect(Object.keys(created.data).sort()).toEqual(Object.keys(task.json()).sort());
    const deactivated = JSON.parse(receiver.ofType('employee.deactivated')[0].body);
    expect(deactivated.data).toMatchObject({ id: employee.json().id, status: 'inactive' });

    const log = await call(ctx.app, 'GET', `/webhooks/${endpointId}/deliveries`, {
      token: org.admin.token,
    });
    expect(log.statusCode).toBe(200);
    expect(log.json()).toHaveLength(7);
    expect(log.json()[0]).toMatchObject({
      status: 'delivered',
      response_status: 200,
      response_body: 'thanks',
      attempts: 1,
    });
    expect(typeof log.json()[0].duration_ms).toBe('number');
    // The secret is answered once, never again.
    const listed = await call(ctx.app, 'GET', '/webhooks/', { token: org.admin.token });
    expect(JSON.stringify(listed.json())).not.toContain(secret);
  });

  test('the sweep tells overdue tasks, expiring and expired certificates once, whatever the runs', async () => {
    const ctx = context();
    const org = await createOrganization(ctx.db);
    const { secret } = await register(ctx, org, [
      'task.overdue',
      'certificate.expiring',
      'certificate.expired',
    ]);
    const taskId = await createTask(ctx.db, org, { due_date: daysFromNow(-1) });
    const expiringId = await createCertificate(ctx.db, org, {
      expiry_date: kolkataDateIn(10),
      reminder_days_before: 30,
    });
    const expiredId = await createCertificate(ctx.db, org, { expiry_date: kolkataDateIn(-2) });

    await Promise.all([runReminderSweep(ctx.db, at(0)), runReminderSweep(ctx.db, at(0))]);
    await runReminderSweep(ctx.db, at(MINUTE));
    await send(ctx);
    await send(ctx);

    expect(receiver.received.map((request) => JSON.parse(request.body).type).sort()).toEqual([
      'certificate.expired',
      'certificate.expiring',
      'task.overdue',
    ]);
    expect(JSON.parse(receiver.ofType('task.overdue')[0].body).data).toMatchObject({
      id: taskId,
      status: 'overdue',
    });
    expect(JSON.parse(receiver.ofType('certificate.expiring')[0].body).data.id).toBe(expiringId);
    expect(JSON.parse(receiver.ofType('certificate.expired')[0].body).data).toMatchObject({
      id: expiredId,
      status: 'expired',
    });
    expect(receiver.received.every((request) => verify(secret, request))).toBe(true);
  });

  test('certificate.expiring is told once per reminder offset of the type, on each offset’s day', async () => {
    const ctx = context();
    const org = await createOrganization(ctx.db);
    await register(ctx, org, ['certificate.expiring']);
    const type = await call(ctx.app, 'POST', '/certificate-types/', {
      token: org.admin.token,
      body: { name: 'Working at height', reminder_offsets: [60, 14] },
    });
    expect(type.statusCode).toBe(201);
    const created = await call(ctx.app, 'POST', '/certificates/', {
      token: org.admin.token,
      body: {
        name: 'Working at height',
        reminder_days_before: 30,
        incharge_person_id: org.employee.id,
        expiry_date: kolkataDateIn(70),
        certificate_type_id: type.json().id,
      },
    });
    expect(created.statusCode).toBe(201);
    const DAY = 24 * 60 * MINUTE;

    await runReminderSweep(ctx.db, at(0));
    await send(ctx);
    expect(receiver.ofType('certificate.expiring')).toHaveLength(0);
    await runReminderSweep(ctx.db, at(11 * DAY));
    await runReminderSweep(ctx.db, at(12 * DAY));
    await send(ctx, at(12 * DAY));
    expect(receiver.ofType('certificate.expiring')).toHaveLength(1);
    await runReminderSweep(ctx.db, at(57 * DAY));
    await runReminderSweep(ctx.db, at(57 * DAY + MINUTE));
    await send(ctx, at(57 * DAY + MINUTE));
    const told = receiver.ofType('certificate.expiring');
    expect(told).toHaveLength(2);
    expect(new Set(told.map((request) => request.headers['webhook-id'])).size).toBe(2);
    expect(told.every((request) => JSON.parse(request.body).data.id === created.json().id)).toBe(
      true,
    );
  });

  test('a 500 is retried later with the same id and body, then delivered', async () => {
    const ctx = context();
    const org = await createOrganization(ctx.db);
    const { id } = await register(ctx, org, ['task.created']);
    receiver.answers = [500];
    await call(ctx.app, 'POST', '/tasks/', {
      token: org.manager.token,
      body: { title: 'Retry me', due_date: daysFromNow(3) },
    });
    expect(await send(ctx)).toMatchObject({ delivered: 0, retrying: 1 });
    let log = (
      await call(ctx.app, 'GET', `/webhooks/${id}/deliveries`, { token: org.admin.token })
    ).json();
    expect(log[0]).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    expect(log[0].response_body).toHaveLength(1024);
    // Not due yet: the first retry waits 30 s.
    expect(await send(ctx, at(10_000))).toMatchObject({ delivered: 0, retrying: 0 });
    expect(await send(ctx, at(31_000))).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1].headers['webhook-id']).toBe(
      receiver.received[0].headers['webhook-id'],
    );
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
    log = (
      await call(ctx.app, 'GET', `/webhooks/${id}/deliveries`, { token: org.admin.token })
    ).json();
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 2, response_status: 200 });
  });

  test('a receiver killed and restarted gets the delivery once it is back', async () => {
    const ctx = context();
    const org = await createOrganization(ctx.db);
    const { id } = await register(ctx, org, ['task.created']);
    const port = receiver.port;
    await receiver.stop();
    await call(ctx.app, 'POST', '/tasks/', {
      token: org.manager.token,
      body: { title: 'While down', due_date: daysFromNow(3) },
    });
    expect(await send(ctx)).toMatchObject({ retrying: 1 });
    const log = (
      await call(ctx.app, 'GET', `/webhooks/${id}/deliveries`, { token: org.admin.token })
    ).json();
    expect(log[0]).toMatchObject({ status: 'pending', response_status: null });
    expect(log[0].last_error).toMatch(/ECONNREFUSED/);

    await receiver.start(port);
    expect(await send(ctx, at(31_000))).toMatchObject({ delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0].body).data.title).toBe('While down');
  });

  test('a redirect is not followed', async () => {
    const ctx = context();
    const org = await createOrganization(ctx.db);
    const { id } = await register(ctx, org, ['task.created']);
    receiver.answers = [307];
    await call(ctx.app, 'POST', '/tasks/', {
      token: org.manager.token,
      body: { title: 'Moved', due_date: daysFromNow(3) },
    });
    expect(await send(ctx)).toMatchObject({ delivered: 0, retrying: 1 });
    expect(receiver.received.map((request) => request.path)).toEqual(['/hook']);
    const log = (
      await call(ctx.app, 'GET', `/webhooks/${id}/deliveries`, { token: org.admin.token })
    ).json();
    expect(log[0]).toMatchObject({ status: 'pending', response_status: 307 });
    expect(log[0].last_error).toMatch(/not followed/);
  });

  test('without WEBHOOKS_ALLOW_PRIVATE a private address is refused at send time', async () => {
    const ctx = context();
    const org = await createOrganization(ctx.db);
    const { id } = await register(ctx, org, ['task.created']);
    await call(ctx.app, 'POST', '/tasks/', {
      token: org.manager.token,
      body: { title: 'Private', due_date: daysFromNow(3) },
    });
    expect(await send(ctx, at(0), false)).toMatchObject({ delivered: 0, retrying: 1 });
    expect(receiver.received).toHaveLength(0);
    const log = (
      await call(ctx.app, 'GET', `/webhooks/${id}/deliveries`, { token: org.admin.token })
    ).json();
    expect(log[0].last_error).toMatch(/private, loopback or link-local/);
    // With the switch, the same delivery goes through.
    expect(await send(ctx, at(31_000))).toMatchObject({ delivered: 1 });
  });

  test('an endpoint failing for 24 hours is disabled, its deliveries give up, its admins are mailed', async () => {
    const ctx = context();
    const org = await createOrganization(ctx.db);
    const { id, secret } = await register(ctx, org, ['task.created']);
    const smtp = await startTestSmtpServer();
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: 'Duly <no-reply@duly.test>' },
      { info: () => undefined },
    );
    receiver.answers = [500, 500, 500];
    await call(ctx.app, 'POST', '/tasks/', {
      token: org.manager.token,
      body: { title: 'Never taken', due_date: daysFromNow(3) },
    });
    expect(await send(ctx)).toMatchObject({ retrying: 1, endpointsDisabled: 0 });
    // Not yet: 23 hours of failures.
    expect(await deliverDueWebhooks(ctx.db, at(23 * 60 * MINUTE), ALLOW_PRIVATE)).toMatchObject({
      retrying: 1,
      endpointsDisabled: 0,
    });
    const disabledOnes: string[] = [];
    const dayLater = await deliverDueWebhooks(ctx.db, at(24 * 60 * MINUTE + 1000), {
      ...ALLOW_PRIVATE,
      onDisabled: async (endpoint, disabledAt) => {
        disabledOnes.push(endpoint.id);
        await tellAdminsWebhookDisabled(ctx.db, mailer, 'https://duly.test', endpoint, disabledAt);
        // Told twice (a retried call): still one notice each.
        await tellAdminsWebhookDisabled(ctx.db, mailer, 'https://duly.test', endpoint, disabledAt);
      },
    });
    expect(dayLater).toMatchObject({ failed: 1, endpointsDisabled: 1 });
    expect(disabledOnes).toEqual([id]);
    const mail = await smtp.waitForMail(org.admin.email);
    expect(mail.subject).toBe(`Webhook disabled: ${receiver.url()}`);
    expect(mail.links).toContain(`https://duly.test/settings/webhooks/${id}`);
    expect(mail.text).not.toContain(secret);
    // Admins only.
    expect(smtp.mailsTo(org.manager.email)).toHaveLength(0);
    // And in the admin's bell: one unread notice naming the webhook.
    const bell = await call(ctx.app, 'GET', '/notifications/', { token: org.admin.token });
    expect(bell.statusCode).toBe(200);
    const notices = (bell.json() as { kind: string }[]).filter(
      (notice) => notice.kind === 'webhook_disabled',
    );
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'webhook_disabled',
        item_type: 'webhook',
        item_id: id,
        item_title: receiver.url(),
        read_at: null,
      }),
    ]);
    const unread = await call(ctx.app, 'GET', '/notifications/unread-count', {
      token: org.admin.token,
    });
    expect(unread.json()).toMatchObject({ count: 1 });
    const managerBell = await call(ctx.app, 'GET', '/notifications/', {
      token: org.manager.token,
    });
    expect(managerBell.json()).toEqual([]);
    mailer.close();
    await smtp.close();
    const endpoint = (
      await call(ctx.app, 'GET', `/webhooks/${id}`, { token: org.admin.token })
    ).json();
    expect(endpoint).toMatchObject({ enabled: false });
    expect(endpoint.disabled_reason).toMatch(/24 hours/);
    // Disabled: no new deliveries are queued, and a test is refused until it is enabled again.
    const test = await call(ctx.app, 'POST', `/webhooks/${id}/test`, { token: org.admin.token });
    expect(test.statusCode).toBe(409);
    const enabled = await call(ctx.app, 'PUT', `/webhooks/${id}`, {
      token: org.admin.token,
      body: { enabled: true },
    });
    expect(enabled.json()).toMatchObject({
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    });
  });

  test('"Send test" and "Redeliver" go out at once and show in the log', async () => {
    const ctx = context();
    const org = await createOrganization(ctx.db);
    const { id, secret } = await register(ctx, org, ['task.created']);
    const test = await call(ctx.app, 'POST', `/webhooks/${id}/test`, { token: org.admin.token });
    expect(test.statusCode).toBe(200);
    // The answer is the attempt's outcome.
    expect(test.json()).toMatchObject({
      event: 'ping',
      status: 'delivered',
      response_status: 200,
      response_body: 'thanks',
      attempts: 1,
    });
    expect(receiver.received).toHaveLength(1);
    expect(verify(secret, receiver.received[0])).toBe(true);
    expect(JSON.parse(receiver.received[0].body).type).toBe('ping');
    const log = await call(ctx.app, 'GET', `/webhooks/${id}/deliveries`, {
      token: org.admin.token,
    });
    expect(log.json()).toEqual([test.json()]);

    // Redelivered: the same id and body again, even though the first one was taken.
    receiver.answers = [503];
    const again = await call(
      ctx.app,
      'POST',
      `/webhooks/${id}/deliveries/${test.json().id}/redeliver`,
      { token: org.admin.token },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'pending', response_status: 503, attempts: 2 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
    expect(receiver.received[1].headers['webhook-id']).toBe(test.json().id);
  });

  test('bad input answers 400 in the documented shape', async () => {
    const ctx = context();
    const org = await createOrganization(ctx.db);
    for (const body of [
      { url: 'ftp://example.com/x', events: ['ping'] },
      { url: 'not a url', events: ['ping'] },
      { url: 'https://example.com/x', events: [] },
      { url: 'https://example.com/x', events: ['task.deleted'] },
      { url: 'https://user:pw@example.com/x', events: ['ping'] },
    ]) {
      const answer = await call(ctx.app, 'POST', '/webhooks/', { token: org.admin.token, body });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
      });
    }
  });

  test('admins only, and each organisation sees only its own', async () => {
    const ctx = context();
    const org = await createOrganization(ctx.db);
    const other = await createOrganization(ctx.db);
    const { id } = await register(ctx, org, ['ping']);
    const test = (
      await call(ctx.app, 'POST', `/webhooks/${id}/test`, { token: org.admin.token })
    ).json();
    const routes: [string, string, unknown?][] = [
      ['GET', '/webhooks/'],
      ['POST', '/webhooks/', { url: receiver.url(), events: ['ping'] }],
      ['GET', `/webhooks/${id}`],
      ['PUT', `/webhooks/${id}`, { description: 'x' }],
      ['GET', `/webhooks/${id}/deliveries`],
      ['POST', `/webhooks/${id}/deliveries/${test.id}/redeliver`],
      ['POST', `/webhooks/${id}/test`],
      ['DELETE', `/webhooks/${id}`],
    ];
    for (const [method, path, body] of routes) {
      for (const user of [org.employee, org.manager]) {
        const answer = await call(ctx.app, method as 'GET', path, { token: user.token, body });
        expect([method, path, answer.statusCode]).toEqual([method, path, 403]);
      }
      if (path === '/webhooks/') continue;
      const foreign = await call(ctx.app, method as 'GET', path, {
        token: other.admin.token,
        body,
      });
      expect([method, path, foreign.statusCode]).toEqual([method, path, 404]);
    }
    const theirs = await call(ctx.app, 'GET', '/webhooks/', { token: other.admin.token });
    expect(theirs.json()).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    const removed = await call(ctx.app, 'DELETE', `/webhooks/${id}`, { token: org.admin.token });
    expect(removed.statusCode).toBe(204);
    const gone = await call(ctx.app, 'GET', `/webhooks/${id}/deliveries`, {
      token: org.admin.token,
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe.each(testDatabases())('webhook addresses on %s', (kind) => {
  const context = setupTestApp(kind, { webhooks: { requireHttps: true, allowPrivate: false } });

  test('production takes https only, and no private, loopback or link-local address', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    for (const url of [
      'http://hooks.example.com/duly',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://10.1.2.3/hook',
      'https://[::ffff:192.168.1.1]/hook',
    ]) {
      const answer = await call(app, 'POST', '/webhooks/', {
        token: org.admin.token,
        body: { url, events: ['ping'] },
      });
      expect([url, answer.statusCode]).toEqual([url, 400]);
      expect(answer.json().errors[0].path).toBe('url');
    }
    const fine = await call(app, 'POST', '/webhooks/', {
      token: org.admin.token,
      body: { url: 'https://hooks.example.com/duly', events: ['ping'] },
    });
    expect(fine.statusCode).toBe(201);
  });
});

test('the blocked ranges: loopback, private, link-local, metadata, mapped IPv4', () => {
  for (const address of [
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.0.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ]) {
    expect([address, isBlockedAddress(address)]).toEqual([address, true]);
  }
  for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
    expect([address, isBlockedAddress(address)]).toEqual([address, false]);
  }
});
