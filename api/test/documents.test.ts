/**
 * Documents on certificates (issue 26) through HTTP on SQLite and PostgreSQL, each with the
 * disk store and with the S3 store (a real S3-compatible server, test/s3-server.ts): upload
 * typed by its bytes, download with Range and ETag, who may do what, the approval flow, and
 * every bad input of the issue refused with no file, object or row left behind; then the
 * faults: a full disk, and the S3 store going down mid-suite.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db/tables';
import { S3Store } from '../src/documents/s3-store';
import type { AppConfig } from '../src/plugins/config';
import {
  call,
  createCertificate,
  createOrganization,
  kolkataDateIn,
  setupTestApp,
  testDatabases,
  type TestContext,
  type TestOrganization,
} from './helper';
import {
  JPEG_FRAME,
  MULTIPART_TYPE,
  PDF,
  PNG,
  jpeg,
  multipart,
  type FilePart,
} from './document-files';
import { startS3Server, type TestS3Server } from './s3-server';

function upload(
  context: TestContext,
  token: string,
  certificateId: string,
  files: FilePart[],
  fields: Record<string, string> = {},
) {
  return context.app.inject({
    method: 'POST',
    url: `/api/v1/certificates/${certificateId}/documents`,
    headers: { authorization: `Bearer ${token}`, 'content-type': MULTIPART_TYPE },
    payload: multipart(files, fields),
  });
}

/** Every file under `dir` (the store and its staging folder), as paths relative to it. */
function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? filesUnder(full).map((inner) => path.join(name, inner))
      : [name];
  });
}

async function rowCount(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

type StoreKind = 'disk' | 's3';

/**
 * The store under test: for S3, a server of its own started before the app (the app's config
 * is read in setupTestApp's beforeAll, which runs after this one).
 */
function storeUnderTest(storeKind: StoreKind, overrides: Partial<AppConfig>) {
  let server: TestS3Server | undefined;
  let bucket: S3Store | undefined;
  beforeAll(async () => {
    if (storeKind !== 's3') return;
    server = await startS3Server();
    overrides.documentsS3 = server.settings;
    bucket = new S3Store(server.settings);
  });
  afterAll(async () => {
    bucket?.destroy();
    await server?.destroy();
  });
  const documentsDir = () => path.join(overrides.dataDir as string, 'documents');
  return {
    server: () => server as TestS3Server,
    /** The stored files' keys, `<organisation>/<sha256>`: the disk's files or the bucket's objects. */
    async keys(): Promise<string[]> {
      if (bucket) return (await bucket.keys()).sort();
      return filesUnder(documentsDir())
        .filter((file) => !file.startsWith('.staging'))
        .sort();
    },
    /** Everything on the local disk (with S3: only the staging folder) and in the bucket. */
    async files(): Promise<string[]> {
      const local = filesUnder(documentsDir());
      const objects = bucket ? (await bucket.keys()).map((key) => `s3:${key}`) : [];
      return [...local, ...objects].sort();
    },
  };
}

type Store = ReturnType<typeof storeUnderTest>;

/** The store's files and the documents' rows, to compare before and after a request. */
async function footprint(db: Db, store: Store) {
  return { files: await store.files(), rows: await rowCount(db) };
}

const MAX_BYTES = 10 * 1024 * 1024;

const STORES: StoreKind[] = ['disk', 's3'];

describe.each(testDatabases().flatMap((kind) => STORES.map((store) => [kind, store] as const)))(
  'documents on %s with the %s store',
  (kind, storeKind) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duly-documents-'));
    const overrides: Partial<AppConfig> = { dataDir };
    const store = storeUnderTest(storeKind, overrides);
    const context = setupTestApp(kind, overrides);
    let org: TestOrganization;
    let certificateId: string;

    beforeEach(async () => {
      org = await createOrganization(context().db);
      certificateId = await createCertificate(context().db, org, {
        incharge_person_id: org.employee.id,
      });
    });

    describe('upload and download', () => {
      test('a manager uploads a PNG: approved, under the current validity, stored 0600 by hash', async () => {
        const response = await upload(context(), org.manager.token, certificateId, [
          { filename: 'scan.png', content: PNG, type: 'text/html' },
        ]);
        expect(response.statusCode).toBe(201);
        const document = response.json();
        const certificate = (
          await call(context().app, 'GET', `/certificates/${certificateId}`, {
            token: org.manager.token,
          })
        ).json();
        expect(document).toMatchObject({
          certificate_id: certificateId,
          filename: 'scan.png',
          content_type: 'image/png',
          size: PNG.length,
          status: 'approved',
          rejection_reason: null,
          uploaded_by: { id: org.manager.id },
          valid_until: certificate.expiry_date,
        });
        expect(document.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(await store.keys()).toContain(`${org.id}/${document.sha256}`);
        if (storeKind === 'disk') {
          const file = path.join(dataDir, 'documents', org.id, document.sha256);
          expect(statSync(file).mode & 0o777).toBe(0o600);
          expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
          expect(statSync(path.join(dataDir, 'documents')).mode & 0o777).toBe(0o700);
        } else {
          // Only the staging folder is local; the file is in the bucket only.
          expect(filesUnder(path.join(dataDir, 'documents'))).toEqual([]);
        }
        expect(filesUnder(path.join(dataDir, 'documents', '.staging'))).toEqual([]);
      });

      test('the content: length, ETag, inline disposition, nosniff, sandbox; Range and 304', async () => {
        const document = (
          await upload(context(), org.manager.token, certificateId, [
            { filename: 'certificate.pdf', content: PDF },
          ])
        ).json();
        const url = `/api/v1/documents/${document.id}/content`;
        const headers = { authorization: `Bearer ${org.manager.token}` };
        const whole = await context().app.inject({ method: 'GET', url, headers });
        expect(whole.statusCode).toBe(200);
        expect(whole.rawPayload.equals(PDF)).toBe(true);
        expect(whole.headers['content-type']).toBe('application/pdf');
        expect(whole.headers['content-length']).toBe(String(PDF.length));
        expect(whole.headers.etag).toBe(`"${document.sha256}"`);
        expect(whole.headers['content-disposition']).toMatch(/^inline; filename="certificate.pdf"/);
        expect(whole.headers['x-content-type-options']).toBe('nosniff');
        expect(whole.headers['content-security-policy']).toMatch(/sandbox/);

        const part = await context().app.inject({
          method: 'GET',
          url,
          headers: { ...headers, range: 'bytes=0-3' },
        });
        expect(part.statusCode).toBe(206);
        expect(part.payload).toBe('%PDF');
        expect(part.headers['content-range']).toBe(`bytes 0-3/${PDF.length}`);
        expect(part.headers['content-length']).toBe('4');

        const outside = await context().app.inject({
          method: 'GET',
          url,
          headers: { ...headers, range: `bytes=${PDF.length + 10}-` },
        });
        expect(outside.statusCode).toBe(416);
        expect(outside.json()).toMatchObject({ code: 'range_not_satisfiable' });

        const unchanged = await context().app.inject({
          method: 'GET',
          url,
          headers: { ...headers, 'if-none-match': `"${document.sha256}"` },
        });
        expect(unchanged.statusCode).toBe(304);

        const attachment = await context().app.inject({
          method: 'GET',
          url: `${url}?download=1`,
          headers,
        });
        expect(attachment.headers['content-disposition']).toMatch(/^attachment;/);
      });

      test('documents are listed by validity, the current first, with the earlier kept', async () => {
        const first = (
          await upload(context(), org.manager.token, certificateId, [
            { filename: 'old.jpg', content: jpeg() },
          ])
        ).json();
        const renewedUntil = kolkataDateIn(500);
        const second = await upload(
          context(),
          org.manager.token,
          certificateId,
          [{ filename: 'new.pdf', content: PDF }],
          { issue_date: kolkataDateIn(0), expiry_date: renewedUntil },
        );
        expect(second.statusCode).toBe(201);
        expect(second.json().valid_until).toBe(renewedUntil);
        const certificate = (
          await call(context().app, 'GET', `/certificates/${certificateId}`, {
            token: org.manager.token,
          })
        ).json();
        expect(certificate.expiry_date).toBe(renewedUntil);
        const list = await call(context().app, 'GET', `/certificates/${certificateId}/documents`, {
          token: org.manager.token,
        });
        expect(list.statusCode).toBe(200);
        expect(list.json().map((d: { id: string }) => d.id)).toEqual([second.json().id, first.id]);
        expect(list.json()[1].valid_until).toBe(first.valid_until);
      });
    });

    describe('bad input: a clear error, and no file or row left behind', () => {
      const cases: [string, () => FilePart[], Record<string, string>, number, string][] = [
        [
          'a zero-byte file',
          () => [{ filename: 'empty.pdf', content: Buffer.alloc(0) }],
          {},
          400,
          'validation_failed',
        ],
        [
          '10 MB + 1 byte',
          () => [{ filename: 'big.jpg', content: jpeg(MAX_BYTES - JPEG_FRAME + 1) }],
          {},
          413,
          'file_too_large',
        ],
        [
          'HTML named as a PDF',
          () => [
            {
              filename: 'x.pdf',
              content: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
              type: 'application/pdf',
            },
          ],
          {},
          415,
          'unsupported_file_type',
        ],
        [
          'SVG named as a PNG',
          () => [
            {
              filename: 'x.png',
              content: Buffer.from(
                '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
              ),
              type: 'image/png',
            },
          ],
          {},
          415,
          'unsupported_file_type',
        ],
        [
          'a renamed executable',
          () => [
            {
              filename: 'photo.jpg',
              content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
              type: 'image/jpeg',
            },
          ],
          {},
          415,
          'unsupported_file_type',
        ],
        [
          'a broken PDF (cut short)',
          () => [{ filename: 'cut.pdf', content: PDF.subarray(0, 40) }],
          {},
          415,
          'unsupported_file_type',
        ],
        [
          'a broken PNG (cut short)',
          () => [{ filename: 'cut.png', content: PNG.subarray(0, 40) }],
          {},
          415,
          'unsupported_file_type',
        ],
        ['no file', () => [], { expiry_date: kolkataDateIn(400) }, 400, 'validation_failed'],
        [
          'two files',
          () => [
            { filename: 'a.png', content: PNG },
            { filename: 'b.pdf', content: PDF },
          ],
          {},
          400,
          'validation_failed',
        ],
        [
          'a file in another field',
          () => [{ name: 'attachment', filename: 'a.png', content: PNG }],
          {},
          400,
          'validation_failed',
        ],
        [
          'a renewal date that is no date',
          () => [{ filename: 'a.png', content: PNG }],
          { expiry_date: '2026-02-30' },
          400,
          'validation_failed',
        ],
        [
          'an expiry date before the issue date',
          () => [{ filename: 'a.png', content: PNG }],
          { issue_date: kolkataDateIn(10), expiry_date: kolkataDateIn(5) },
          400,
          'validation_failed',
        ],
      ];

      test.each(cases)('%s', async (_name, files, fields, status, code) => {
        const { db } = context();
        const before = await footprint(db, store);
        const response = await upload(
          context(),
          org.employee.token,
          certificateId,
          files(),
          fields,
        );
        expect(response.statusCode).toBe(status);
        expect(response.json()).toMatchObject({ code, message: expect.any(String) });
        expect(await footprint(db, store)).toEqual(before);
      });

      test('a JSON body instead of multipart: 415, nothing stored', async () => {
        const { db } = context();
        const before = await footprint(db, store);
        const response = await call(
          context().app,
          'POST',
          `/certificates/${certificateId}/documents`,
          {
            token: org.manager.token,
            body: { file: 'x' },
          },
        );
        expect(response.statusCode).toBe(415);
        expect(await footprint(db, store)).toEqual(before);
      });

      test('exactly 10 MB is accepted', async () => {
        const content = jpeg(MAX_BYTES - JPEG_FRAME);
        expect(content.length).toBe(MAX_BYTES);
        const response = await upload(context(), org.manager.token, certificateId, [
          { filename: 'max.jpg', content },
        ]);
        expect(response.statusCode).toBe(201);
      });

      test('a 200-character name and a path are kept as a short, safe name only', async () => {
        const long = await upload(context(), org.manager.token, certificateId, [
          { filename: `${'a'.repeat(200)}.png`, content: PNG },
        ]);
        expect(long.statusCode).toBe(201);
        expect(long.json().filename).toMatch(/^a+\.png$/);
        expect(long.json().filename.length).toBeLessThanOrEqual(120);
        const traversal = await upload(context(), org.manager.token, certificateId, [
          { filename: '../../etc/passwd', content: PDF },
        ]);
        expect(traversal.statusCode).toBe(201);
        expect(traversal.json().filename).toBe('passwd.pdf');
        expect(await store.keys()).toContain(`${org.id}/${traversal.json().sha256}`);
      });

      test('a client that disconnects half-way leaves nothing behind', async () => {
        const { app, db } = context();
        const before = await footprint(db, store);
        await app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
        const { port } = app.server.address() as AddressInfo;
        const body = multipart([{ filename: 'big.jpg', content: jpeg(2 * 1024 * 1024) }]);
        await new Promise<void>((resolve) => {
          const request = http.request({
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `/api/v1/certificates/${certificateId}/documents`,
            headers: {
              authorization: `Bearer ${org.manager.token}`,
              'content-type': MULTIPART_TYPE,
              'content-length': String(body.length),
            },
          });
          request.on('error', () => resolve());
          request.write(body.subarray(0, body.length / 2), () => {
            setTimeout(() => {
              request.destroy();
              resolve();
            }, 200);
          });
        });
        // The server notices the closed socket and removes the staged part.
        for (let attempt = 0; attempt < 50; attempt += 1) {
          if (JSON.stringify(await footprint(db, store)) === JSON.stringify(before)) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(await footprint(db, store)).toEqual(before);
      });
    });

    describe('who may do what', () => {
      test("another organisation's ids are 404 on every route", async () => {
        const other = await createOrganization(context().db);
        const document = (
          await upload(context(), org.manager.token, certificateId, [
            { filename: 'a.png', content: PNG },
          ])
        ).json();
        const token = other.admin.token;
        for (const [method, url] of [
          ['GET', `/certificates/${certificateId}/documents`],
          ['GET', `/documents/${document.id}`],
          ['GET', `/documents/${document.id}/content`],
          ['DELETE', `/documents/${document.id}`],
          ['POST', `/documents/${document.id}/approve`],
        ] as const) {
          const response = await call(context().app, method, url, { token });
          expect([method, url, response.statusCode]).toEqual([method, url, 404]);
        }
        const rejected = await call(context().app, 'POST', `/documents/${document.id}/reject`, {
          token,
          body: { reason: 'no' },
        });
        expect(rejected.statusCode).toBe(404);
        const uploaded = await upload(context(), token, certificateId, [
          { filename: 'a.png', content: PNG },
        ]);
        expect(uploaded.statusCode).toBe(404);
      });

      test('an employee: only certificates they are in charge of; cannot approve', async () => {
        const colleagues = await createCertificate(context().db, org, {
          incharge_person_id: org.colleague.id,
        });
        const refused = await upload(context(), org.employee.token, colleagues, [
          { filename: 'a.png', content: PNG },
        ]);
        expect(refused.statusCode).toBe(404);
        const managers = (
          await upload(context(), org.manager.token, colleagues, [
            { filename: 'a.png', content: PNG },
          ])
        ).json();
        expect(
          (
            await call(context().app, 'GET', `/documents/${managers.id}`, {
              token: org.employee.token,
            })
          ).statusCode,
        ).toBe(404);
        const own = (
          await upload(context(), org.employee.token, certificateId, [
            { filename: 'b.png', content: PNG },
          ])
        ).json();
        expect(own.status).toBe('pending');
        const approve = await call(context().app, 'POST', `/documents/${own.id}/approve`, {
          token: org.employee.token,
        });
        expect(approve.statusCode).toBe(403);
        const queue = await call(context().app, 'GET', '/documents', {
          token: org.employee.token,
          query: { status: 'pending' },
        });
        expect(queue.json().map((d: { id: string }) => d.id)).toEqual([own.id]);
      });
    });

    describe('approval', () => {
      test('a pending renewal keeps the dates until a manager approves it from the queue', async () => {
        const { app } = context();
        const before = (
          await call(app, 'GET', `/certificates/${certificateId}`, { token: org.manager.token })
        ).json();
        const old = (
          await upload(context(), org.manager.token, certificateId, [
            { filename: 'old.pdf', content: PDF },
          ])
        ).json();
        const renewedUntil = kolkataDateIn(700);
        const sent = await upload(
          context(),
          org.employee.token,
          certificateId,
          [{ filename: 'photo.jpg', content: jpeg(), type: 'image/jpeg' }],
          { issue_date: kolkataDateIn(0), expiry_date: renewedUntil },
        );
        expect(sent.statusCode).toBe(201);
        expect(sent.json()).toMatchObject({
          status: 'pending',
          proposed_expiry_date: renewedUntil,
        });
        const unchanged = (
          await call(app, 'GET', `/certificates/${certificateId}`, { token: org.manager.token })
        ).json();
        expect(unchanged.expiry_date).toBe(before.expiry_date);

        const queue = await call(app, 'GET', '/documents', {
          token: org.manager.token,
          query: { status: 'pending' },
        });
        expect(queue.headers['x-total-count']).toBe('1');
        expect(queue.json()[0].id).toBe(sent.json().id);

        const approved = await call(app, 'POST', `/documents/${sent.json().id}/approve`, {
          token: org.manager.token,
        });
        expect(approved.statusCode).toBe(200);
        expect(approved.json()).toMatchObject({ status: 'approved', valid_until: renewedUntil });
        const renewed = (
          await call(app, 'GET', `/certificates/${certificateId}`, { token: org.manager.token })
        ).json();
        expect(renewed.expiry_date).toBe(renewedUntil);
        expect(renewed.issue_date).toBe(kolkataDateIn(0));

        const list = (
          await call(app, 'GET', `/certificates/${certificateId}/documents`, {
            token: org.employee.token,
          })
        ).json();
        expect(list.map((d: { id: string; valid_until: string }) => [d.id, d.valid_until])).toEqual(
          [
            [sent.json().id, renewedUntil],
            [old.id, before.expiry_date],
          ],
        );
        const again = await call(app, 'POST', `/documents/${sent.json().id}/approve`, {
          token: org.manager.token,
        });
        expect(again.statusCode).toBe(409);

        const actions = await context()
          .db.selectFrom('activity')
          .select('action')
          .where('organization_id', '=', org.id)
          .where('entity_id', '=', certificateId)
          .orderBy('id')
          .execute();
        expect(actions.map((a) => a.action)).toEqual(
          expect.arrayContaining(['document_uploaded', 'document_approved']),
        );
      });

      test('a rejection keeps the dates, names the reason and tells the employee in the bell', async () => {
        const { app } = context();
        const sent = (
          await upload(
            context(),
            org.employee.token,
            certificateId,
            [{ filename: 'p.png', content: PNG }],
            {
              expiry_date: kolkataDateIn(800),
            },
          )
        ).json();
        const blank = await call(app, 'POST', `/documents/${sent.id}/reject`, {
          token: org.manager.token,
          body: { reason: '   ' },
        });
        expect(blank.statusCode).toBe(400);
        const rejected = await call(app, 'POST', `/documents/${sent.id}/reject`, {
          token: org.manager.token,
          body: { reason: 'The photo is blurred' },
        });
        expect(rejected.statusCode).toBe(200);
        expect(rejected.json()).toMatchObject({
          status: 'rejected',
          rejection_reason: 'The photo is blurred',
        });
        const bell = await call(app, 'GET', '/notifications', { token: org.employee.token });
        expect(bell.json()).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ kind: 'document_rejected', item_id: certificateId }),
          ]),
        );
        const notice = await context()
          .db.selectFrom('notifications')
          .select(['email_status'])
          .where('organization_id', '=', org.id)
          .where('recipient_user_id', '=', org.employee.id)
          .where('kind', '=', 'document_rejected')
          .executeTakeFirstOrThrow();
        expect(notice.email_status).toBe('pending');
      });

      test('deleting: an employee only their own pending upload; the file goes with its last row', async () => {
        const { app, db } = context();
        const managers = (
          await upload(context(), org.manager.token, certificateId, [
            { filename: 'a.png', content: PNG },
          ])
        ).json();
        const copy = (
          await upload(context(), org.manager.token, certificateId, [
            { filename: 'copy.png', content: PNG },
          ])
        ).json();
        expect(copy.sha256).toBe(managers.sha256);
        const key = `${org.id}/${managers.sha256}`;
        expect(
          (await call(app, 'DELETE', `/documents/${managers.id}`, { token: org.employee.token }))
            .statusCode,
        ).toBe(403);
        expect(
          (await call(app, 'DELETE', `/documents/${managers.id}`, { token: org.manager.token }))
            .statusCode,
        ).toBe(204);
        expect(await store.keys()).toContain(key);
        expect(
          (await call(app, 'DELETE', `/documents/${copy.id}`, { token: org.manager.token }))
            .statusCode,
        ).toBe(204);
        expect(await store.keys()).not.toContain(key);
        expect(await rowCount(db)).toBeGreaterThanOrEqual(0);
      });
    });
  },
);

describe.each(testDatabases())('documents on %s with a full disk', (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duly-documents-full-'));
  const overrides: Partial<AppConfig> = { dataDir, documentsCapacityBytes: 200 };
  const store = storeUnderTest('disk', overrides);
  const context = setupTestApp(kind, overrides);

  test('507, and nothing half-written', async () => {
    const org = await createOrganization(context().db);
    const certificateId = await createCertificate(context().db, org);
    const before = await footprint(context().db, store);
    const response = await upload(context(), org.manager.token, certificateId, [
      {
        filename: 'a.pdf',
        content: Buffer.concat([PDF, Buffer.alloc(500, 0x20), Buffer.from('%%EOF')]),
      },
    ]);
    expect(response.statusCode).toBe(507);
    expect(response.json()).toMatchObject({ code: 'storage_full' });
    expect(await footprint(context().db, store)).toEqual(before);
  });
});

describe.each(testDatabases())('documents on %s when the S3 store goes down', (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duly-documents-s3-down-'));
  const overrides: Partial<AppConfig> = { dataDir };
  const store = storeUnderTest('s3', overrides);
  const context = setupTestApp(kind, overrides);
  let org: TestOrganization;
  let certificateId: string;

  beforeAll(async () => {
    org = await createOrganization(context().db);
    certificateId = await createCertificate(context().db, org, {
      incharge_person_id: org.employee.id,
    });
  });

  test('503 storage_unavailable, no row and no file left; back to normal when it returns', async () => {
    const { app, db } = context();
    const stored = await upload(context(), org.manager.token, certificateId, [
      { filename: 'before.pdf', content: PDF },
    ]);
    expect(stored.statusCode).toBe(201);
    const before = await footprint(db, store);
    const rowsBefore = await rowCount(db);

    await store.server().stop();
    const refused = await upload(context(), org.manager.token, certificateId, [
      { filename: 'while-down.jpg', content: jpeg(3 * 1024 * 1024) },
    ]);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({
      code: 'storage_unavailable',
      message: 'The document store cannot be reached; try again later',
    });
    expect(await rowCount(db)).toBe(rowsBefore);
    expect(filesUnder(path.join(dataDir, 'documents'))).toEqual([]);

    const download = await call(app, 'GET', `/documents/${stored.json().id}/content`, {
      token: org.manager.token,
    });
    expect(download.statusCode).toBe(503);
    expect(download.json()).toMatchObject({ code: 'storage_unavailable' });
    // The metadata is in the database and still answers.
    const metadata = await call(app, 'GET', `/documents/${stored.json().id}`, {
      token: org.manager.token,
    });
    expect(metadata.statusCode).toBe(200);

    await store.server().start();
    // The refused upload left no object in the bucket.
    expect(await footprint(db, store)).toEqual(before);
    const again = await upload(context(), org.manager.token, certificateId, [
      { filename: 'after.png', content: PNG },
    ]);
    expect(again.statusCode).toBe(201);
    const content = await app.inject({
      method: 'GET',
      url: `/api/v1/documents/${stored.json().id}/content`,
      headers: { authorization: `Bearer ${org.manager.token}` },
    });
    expect(content.rawPayload.equals(PDF)).toBe(true);
  });

  test('deleting while it is down deletes the document (204); its object stays behind', async () => {
    const { app, db } = context();
    const stored = (
      await upload(context(), org.manager.token, certificateId, [
        { filename: 'gone.jpg', content: jpeg(1000) },
      ])
    ).json();
    const key = `${org.id}/${stored.sha256}`;
    await store.server().stop();
    const deleted = await call(app, 'DELETE', `/documents/${stored.id}`, {
      token: org.manager.token,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      await db.selectFrom('documents').select('id').where('id', '=', stored.id).execute(),
    ).toEqual([]);
    await store.server().start();
    // Unreachable (no row names it) and documented: removed by hand, or replaced by the same
    // bytes uploaded again.
    expect(await store.keys()).toContain(key);
  });
});
