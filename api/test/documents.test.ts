/**
 * Documents on certificates (issue 26) through HTTP on SQLite and PostgreSQL with the disk
 * store: upload typed by its bytes, download with Range and ETag, who may do what, the
 * approval flow, and every bad input of the issue refused with no file or row left behind.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../src/db/tables';
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

/** The store's files and the documents' rows, to compare before and after a request. */
async function footprint(db: Db, dataDir: string) {
  return { files: filesUnder(path.join(dataDir, 'documents')).sort(), rows: await rowCount(db) };
}

const MAX_BYTES = 10 * 1024 * 1024;

describe.each(testDatabases())('documents on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duly-documents-'));
  const context = setupTestApp(kind, { dataDir });
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
      const file = path.join(dataDir, 'documents', org.id, document.sha256);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dataDir, 'documents')).mode & 0o777).toBe(0o700);
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
      const before = await footprint(db, dataDir);
      const response = await upload(context(), org.employee.token, certificateId, files(), fields);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code, message: expect.any(String) });
      expect(await footprint(db, dataDir)).toEqual(before);
    });

    test('a JSON body instead of multipart: 415, nothing stored', async () => {
      const { db } = context();
      const before = await footprint(db, dataDir);
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
      expect(await footprint(db, dataDir)).toEqual(before);
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
      expect(filesUnder(path.join(dataDir, 'documents', org.id))).toEqual(
        expect.arrayContaining([traversal.json().sha256]),
      );
    });

    test('a client that disconnects half-way leaves nothing behind', async () => {
      const { app, db } = context();
      const before = await footprint(db, dataDir);
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
        if (JSON.stringify(await footprint(db, dataDir)) === JSON.stringify(before)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await footprint(db, dataDir)).toEqual(before);
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
      expect(sent.json()).toMatchObject({ status: 'pending', proposed_expiry_date: renewedUntil });
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
      // The employee is told in the bell (and by email) that it was approved.
      const bell = await call(app, 'GET', '/notifications', { token: org.employee.token });
      expect(bell.json()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'document_approved',
            item_id: certificateId,
            item_date: renewedUntil,
          }),
        ]),
      );

      const list = (
        await call(app, 'GET', `/certificates/${certificateId}/documents`, {
          token: org.employee.token,
        })
      ).json();
      expect(list.map((d: { id: string; valid_until: string }) => [d.id, d.valid_until])).toEqual([
        [sent.json().id, renewedUntil],
        [old.id, before.expiry_date],
      ]);
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
      const file = path.join(dataDir, 'documents', org.id, managers.sha256);
      expect(
        (await call(app, 'DELETE', `/documents/${managers.id}`, { token: org.employee.token }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(app, 'DELETE', `/documents/${managers.id}`, { token: org.manager.token }))
          .statusCode,
      ).toBe(204);
      expect(filesUnder(path.dirname(file))).toContain(managers.sha256);
      expect(
        (await call(app, 'DELETE', `/documents/${copy.id}`, { token: org.manager.token }))
          .statusCode,
      ).toBe(204);
      expect(filesUnder(path.dirname(file))).not.toContain(managers.sha256);
      expect(await rowCount(db)).toBeGreaterThanOrEqual(0);
    });
  });
});

describe.each(testDatabases())('documents on %s with a full disk', (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duly-documents-full-'));
  const context = setupTestApp(kind, { dataDir, documentsCapacityBytes: 200 });

  test('507, and nothing half-written', async () => {
    const org = await createOrganization(context().db);
    const certificateId = await createCertificate(context().db, org);
    const before = await footprint(context().db, dataDir);
    const response = await upload(context(), org.manager.token, certificateId, [
      {
        filename: 'a.pdf',
        content: Buffer.concat([PDF, Buffer.alloc(500, 0x20), Buffer.from('%%EOF')]),
      },
    ]);
    expect(response.statusCode).toBe(507);
    expect(response.json()).toMatchObject({ code: 'storage_full' });
    expect(await footprint(context().db, dataDir)).toEqual(before);
  });
});
