/**
 * The export as a stream (issue 27: "a million rows must not be held in memory"): the list's
 * filters, search and sort reach the batched query; a client that stops reading holds the
 * reading back; a client that disconnects ends it. The endless list of the last two is the
 * real first row again and again under random names, so no test needs a million rows.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as certificates from '../src/db/repositories/certificates';
import {
  call,
  createCertificate,
  createOrganization,
  createTask,
  kolkataDateIn,
  setupTestApp,
  testDatabases,
} from './helper';

jest.mock('../src/db/repositories/certificates', () => {
  const actual = jest.requireActual('../src/db/repositories/certificates');
  return { ...actual, exportCertificates: jest.fn(actual.exportCertificates) };
});

const exportCertificates = jest.mocked(certificates.exportCertificates);

/**
 * The next export reads the list's first row, then yields batches of 1000 like it forever;
 * `reads()` counts the batches handed out, `ended` settles once the reading is closed.
 */
function endlessExport() {
  let reads = 0;
  let ended: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const actual = jest.requireActual<typeof certificates>('../src/db/repositories/certificates');
  exportCertificates.mockImplementationOnce((...args) =>
    (async function* () {
      try {
        for await (const [row] of actual.exportCertificates(...args)) {
          for (;;) {
            reads += 1;
            // Names that do not compress away, so the socket's buffers fill as with real rows.
            yield Array.from({ length: 1000 }, () => ({
              ...row,
              name: randomBytes(16).toString('hex'),
            }));
          }
        }
      } finally {
        ended();
      }
    })(),
  );
  return { reads: () => reads, ended: closed };
}

/** A GET on the listening app; the answer's stream, unread. */
function open(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ request: http.ClientRequest; response: http.IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers }, (response) =>
      resolve({ request, response }),
    );
    request.on('error', reject);
  });
}

/** Resolves once `count()` has not moved for ten looks in a row, with its value. */
async function settled(count: () => number): Promise<number> {
  let last = -1;
  let still = 0;
  while (still < 10) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = count();
    still = now === last ? still + 1 : 0;
    last = now;
  }
  return last;
}

const names = (csv: string) =>
  csv
    .slice(1)
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(',')[0]);

describe.each(testDatabases())('the export as a stream on %s', (kind) => {
  const context = setupTestApp(kind);
  let base = '';

  beforeAll(async () => {
    const { app } = context();
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
  });

  test('the certificates export has the list’s rows in the list’s order, for each filter, search and sort', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const made: [string, Parameters<typeof createCertificate>[2]][] = [
      ['Fire safety', { expiry_date: kolkataDateIn(5), reminder_days_before: 10 }],
      ['Fire drill', { expiry_date: kolkataDateIn(40), incharge_person_id: org.employee.id }],
      ['First aid', { expiry_date: kolkataDateIn(20), status: 'renewed' }],
      ['Forklift', { expiry_date: kolkataDateIn(200), incharge_person_id: org.colleague.id }],
      ['Boiler', { expiry_date: kolkataDateIn(-3), status: 'expired' }],
    ];
    for (const [name, fields] of made) await createCertificate(db, org, { name, ...fields });
    const queries: Record<string, string>[] = [
      {},
      { q: 'fire' },
      { status: 'active', sort: '-name' },
      { incharge_person_id: org.employee.id },
      { expiring_within_days: '30', sort: 'name' },
      { in_reminder_window: 'true' },
      { sort: 'status' },
      { sort: '-created_at', q: 'f' },
    ];
    for (const query of queries) {
      const list = await call(app, 'GET', '/certificates', {
        token: org.admin.token,
        query: { ...query, limit: '200' },
      });
      const exported = await call(app, 'GET', '/certificates/export', {
        token: org.admin.token,
        query,
      });
      expect({ query, names: names(exported.body) }).toEqual({
        query,
        names: (list.json() as { name: string }[]).map((certificate) => certificate.name),
      });
    }
  });

  test('the tasks export follows the list’s status, search and sort', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createTask(db, org, { title: 'Audit', status: 'completed' });
    await createTask(db, org, { title: 'Audit prep', assigned_to_user_id: org.employee.id });
    await createTask(db, org, { title: 'Inventory' });
    const queries: Record<string, string>[] = [
      { q: 'audit' },
      { status: 'pending', sort: '-title' },
      { sort: 'title' },
    ];
    for (const query of queries) {
      const list = await call(app, 'GET', '/tasks', { token: org.admin.token, query });
      const exported = await call(app, 'GET', '/tasks/export', { token: org.admin.token, query });
      expect(names(exported.body)).toEqual(
        (list.json() as { title: string }[]).map((task) => task.title),
      );
    }
  });

  test.each([
    ['csv', { 'accept-encoding': 'gzip' }],
    ['xlsx', {}],
  ] as const)(
    'a %s export the client stops reading waits for it, and ends when it disconnects',
    async (format, headers) => {
      const { db } = context();
      const org = await createOrganization(db);
      await createCertificate(db, org, { name: 'Ladder inspection' });
      const endless = endlessExport();

      const { request, response } = await open(base, `/certificates/export?format=${format}`, {
        authorization: `Bearer ${org.admin.token}`,
        ...headers,
      });
      response.pause();
      // Held back by the socket's buffers: a few hundred batches at most, never all of them.
      const held = await settled(endless.reads);
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThan(1000);

      request.destroy();
      await endless.ended;
    },
  );

  test.each(['csv', 'xlsx'] as const)(
    'a client that disconnects mid-%s ends the reading',
    async (format) => {
      const { db } = context();
      const org = await createOrganization(db);
      await createCertificate(db, org, { name: 'Crane certificate' });
      const endless = endlessExport();

      const { request, response } = await open(base, `/certificates/export?format=${format}`, {
        authorization: `Bearer ${org.admin.token}`,
      });
      await new Promise((resolve) => response.once('data', resolve));
      request.destroy();
      await endless.ended;
      expect(endless.reads()).toBeGreaterThan(0);
    },
  );
});
