/**
 * The approval side of documents (issue 26 items 3 and 4), on SQLite and PostgreSQL: the
 * organisation's setting "documents from employees need approval", the queue's bulk approval
 * (all or none, each in the history), and signed preview URLs for <img>/<iframe>, whose
 * signature never reaches a log line.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { PREVIEW_TTL_SECONDS, previewToken } from '../src/documents/preview-token';
import {
  call,
  createCertificate,
  createOrganization,
  kolkataDateIn,
  setupTestApp,
  snapshot,
  testConfig,
  testDatabases,
  TEST_JWT_SECRET,
  type TestOrganization,
} from './helper';
import { MULTIPART_TYPE, PDF, PNG, multipart } from './document-files';

describe.each(testDatabases())('the document queue on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duly-document-queue-'));
  const context = setupTestApp(kind, { dataDir });
  let org: TestOrganization;
  let certificateId: string;

  beforeEach(async () => {
    org = await createOrganization(context().db);
    certificateId = await createCertificate(context().db, org, {
      incharge_person_id: org.employee.id,
    });
  });

  async function upload(
    token: string,
    fields: Record<string, string> = {},
    content = PDF,
    certificate = certificateId,
  ) {
    const response = await context().app.inject({
      method: 'POST',
      url: `/api/v1/certificates/${certificate}/documents`,
      headers: { authorization: `Bearer ${token}`, 'content-type': MULTIPART_TYPE },
      payload: multipart([{ filename: 'scan.pdf', content }], fields),
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; status: string; valid_until: string };
  }

  const certificate = async () =>
    (
      await call(context().app, 'GET', `/certificates/${certificateId}`, {
        token: org.manager.token,
      })
    ).json();

  test("the team dashboard's summary counts the documents waiting, as the queue's total does (issue 32)", async () => {
    const { app } = context();
    const summary = async () =>
      (await call(app, 'GET', '/manager/summary', { token: org.manager.token })).json();
    expect((await summary()).pending_documents).toBe(0);
    const first = await upload(org.employee.token);
    await upload(org.employee.token);
    expect(first.status).toBe('pending');
    expect((await summary()).pending_documents).toBe(2);
    const approved = await call(app, 'POST', `/documents/${first.id}/approve`, {
      token: org.manager.token,
    });
    expect(approved.statusCode).toBe(200);
    const queue = await call(app, 'GET', '/documents/', {
      token: org.manager.token,
      query: { status: 'pending', limit: '1' },
    });
    expect((await summary()).pending_documents).toBe(1);
    expect(queue.headers['x-total-count']).toBe('1');
  });

  describe('the setting "documents from employees need approval"', () => {
    test('on by default; every member reads it, only an admin changes it', async () => {
      const { app } = context();
      const settingsPath = `/organizations/${org.id}/settings`;
      for (const role of ['employee', 'manager', 'admin'] as const) {
        const read = await call(app, 'GET', settingsPath, { token: org[role].token });
        expect(read.statusCode).toBe(200);
        expect(read.json()).toEqual({ documents_need_approval: true });
      }
      const byManager = await call(app, 'PATCH', settingsPath, {
        token: org.manager.token,
        body: { documents_need_approval: false },
      });
      expect(byManager.statusCode).toBe(403);
      const off = await call(app, 'PATCH', settingsPath, {
        token: org.admin.token,
        body: { documents_need_approval: false },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ documents_need_approval: false });
      expect((await call(app, 'GET', settingsPath, { token: org.employee.token })).json()).toEqual({
        documents_need_approval: false,
      });
    });

    test.each([
      [{}],
      [{ documents_need_approval: 'no' }],
      [{ documents_need_approval: false, other: 1 }],
    ])('a bad body %j → 400, nothing changed', async (body) => {
      const { app, db } = context();
      const before = await snapshot(db);
      const response = await call(app, 'PATCH', `/organizations/${org.id}/settings`, {
        token: org.admin.token,
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
      expect(await snapshot(db)).toEqual(before);
    });

    test('another organisation’s settings → 404, unchanged', async () => {
      const { app } = context();
      const theirs = await createOrganization(context().db);
      for (const method of ['GET', 'PATCH'] as const) {
        const response = await call(app, method, `/organizations/${theirs.id}/settings`, {
          token: org.admin.token,
          body: method === 'PATCH' ? { documents_need_approval: false } : undefined,
        });
        expect(response.statusCode).toBe(404);
      }
      const read = await call(app, 'GET', `/organizations/${theirs.id}/settings`, {
        token: theirs.admin.token,
      });
      expect(read.json()).toEqual({ documents_need_approval: true });
    });

    test('off: an employee’s upload is approved at once and its renewal applies at once', async () => {
      const { app } = context();
      const renewedUntil = kolkataDateIn(700);
      const pending = await upload(org.employee.token, { expiry_date: renewedUntil });
      expect(pending.status).toBe('pending');
      expect((await certificate()).expiry_date).not.toBe(renewedUntil);

      await call(app, 'PATCH', `/organizations/${org.id}/settings`, {
        token: org.admin.token,
        body: { documents_need_approval: false },
      });
      const direct = await upload(org.employee.token, {
        issue_date: kolkataDateIn(0),
        expiry_date: renewedUntil,
      });
      expect(direct.status).toBe('approved');
      expect(direct.valid_until).toBe(renewedUntil);
      expect(await certificate()).toMatchObject({
        expiry_date: renewedUntil,
        issue_date: kolkataDateIn(0),
      });
    });
  });

  test("an approved renewal of a typed certificate re-arms the type's first offset, not reminder_days_before", async () => {
    const { app, db } = context();
    const type = await call(app, 'POST', '/certificate-types/', {
      token: org.admin.token,
      body: { name: 'Working at height', reminder_offsets: [60, 14] },
    });
    expect(type.statusCode).toBe(201);
    const typed = await call(app, 'PUT', `/certificates/${certificateId}`, {
      token: org.manager.token,
      body: { certificate_type_id: type.json().id },
    });
    expect(typed.statusCode).toBe(200);
    const renewedUntil = kolkataDateIn(400);
    const sent = await upload(org.employee.token, { expiry_date: renewedUntil });
    const approved = await call(app, 'POST', `/documents/${sent.id}/approve`, {
      token: org.manager.token,
    });
    expect(approved.statusCode).toBe(200);
    const row = await db
      .selectFrom('certificates')
      .select(['expiry_date', 'remind_on'])
      .where('id', '=', certificateId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ expiry_date: renewedUntil, remind_on: kolkataDateIn(400 - 60) });
  });

  describe('approving several at once: POST /documents/approve', () => {
    test('approves each, renews with the latest dates, records each in the history', async () => {
      const { app, db } = context();
      const first = await upload(org.employee.token, { expiry_date: kolkataDateIn(400) });
      const second = await upload(org.employee.token, { expiry_date: kolkataDateIn(600) }, PNG);
      const queue = await call(app, 'GET', '/documents/', {
        token: org.manager.token,
        query: { status: 'pending' },
      });
      expect(queue.headers['x-total-count']).toBe('2');

      const response = await call(app, 'POST', '/documents/approve', {
        token: org.manager.token,
        body: { ids: [second.id, first.id] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().map((d: { id: string; status: string }) => [d.id, d.status])).toEqual([
        [second.id, 'approved'],
        [first.id, 'approved'],
      ]);
      expect((await certificate()).expiry_date).toBe(kolkataDateIn(600));
      const after = await call(app, 'GET', '/documents/', {
        token: org.manager.token,
        query: { status: 'pending' },
      });
      expect(after.headers['x-total-count']).toBe('0');
      const approvals = await db
        .selectFrom('activity')
        .select(['action', 'actor_id'])
        .where('organization_id', '=', org.id)
        .where('action', '=', 'document_approved')
        .execute();
      expect(approvals).toEqual([
        { action: 'document_approved', actor_id: org.manager.id },
        { action: 'document_approved', actor_id: org.manager.id },
      ]);
    });

    test('one decided already → 409 and none approved', async () => {
      const { app, db } = context();
      const pending = await upload(org.employee.token);
      const decided = await upload(org.manager.token, {}, PNG);
      const before = await snapshot(db);
      const response = await call(app, 'POST', '/documents/approve', {
        token: org.manager.token,
        body: { ids: [pending.id, decided.id] },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('conflict');
      expect(await snapshot(db)).toEqual(before);
    });

    test('another organisation’s id beside ours → 404 and none approved, theirs neither', async () => {
      const { app, db } = context();
      const theirs = await createOrganization(db);
      const theirCertificate = await createCertificate(db, theirs, {
        incharge_person_id: theirs.employee.id,
      });
      const ours = await upload(org.employee.token);
      const theirDocument = await upload(theirs.employee.token, {}, PDF, theirCertificate);
      const before = await snapshot(db);
      const response = await call(app, 'POST', '/documents/approve', {
        token: org.admin.token,
        body: { ids: [ours.id, theirDocument.id] },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Document not found', code: 'not_found' });
      expect(await snapshot(db)).toEqual(before);
    });

    test.each([
      ['no ids', () => ({ ids: [] })],
      ['101 ids', () => ({ ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) })],
      ['the same id twice', () => ({ ids: ['a', 'a'] })],
      ['ids that are not strings', () => ({ ids: [1, 2] })],
      ['no body field', () => ({})],
    ])('%s → 400, nothing changed', async (_name, body) => {
      const { app, db } = context();
      const before = await snapshot(db);
      const response = await call(app, 'POST', '/documents/approve', {
        token: org.manager.token,
        body: body(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
      expect(await snapshot(db)).toEqual(before);
    });

    test('an employee → 403, nothing approved', async () => {
      const { app } = context();
      const pending = await upload(org.employee.token);
      const response = await call(app, 'POST', '/documents/approve', {
        token: org.employee.token,
        body: { ids: [pending.id] },
      });
      expect(response.statusCode).toBe(403);
      const read = await call(app, 'GET', `/documents/${pending.id}`, { token: org.manager.token });
      expect(read.json().status).toBe('pending');
    });
  });

  describe('signed preview URLs', () => {
    test('the URL serves the content without a token, inline and sandboxed', async () => {
      const { app } = context();
      const document = await upload(org.employee.token, {}, PNG);
      const response = await call(app, 'GET', `/documents/${document.id}/preview-url`, {
        token: org.employee.token,
      });
      expect(response.statusCode).toBe(200);
      const { url, expires_at: expiresAt } = response.json();
      expect(url).toMatch(/^\/api\/v1\/document-previews\/[^/?]+$/);
      const ttl = Date.parse(expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan((PREVIEW_TTL_SECONDS - 60) * 1000);
      expect(ttl).toBeLessThanOrEqual(PREVIEW_TTL_SECONDS * 1000);

      const content = await app.inject({ method: 'GET', url });
      expect(content.statusCode).toBe(200);
      expect(content.rawPayload.equals(PNG)).toBe(true);
      expect(content.headers['content-type']).toBe('image/png');
      expect(content.headers['content-disposition']).toMatch(/^inline;/);
      expect(content.headers['content-security-policy']).toMatch(/sandbox/);
      expect(content.headers['x-content-type-options']).toBe('nosniff');
      expect(content.headers['referrer-policy']).toBe('no-referrer');
      const download = await app.inject({ method: 'GET', url: `${url}?download=1` });
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
      const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3' } });
      expect(part.statusCode).toBe(206);
    });

    test('an expired URL → 403 link_expired', async () => {
      const { app } = context();
      const document = await upload(org.manager.token);
      const past = Math.floor(Date.now() / 1000) - 1;
      const token = previewToken(TEST_JWT_SECRET, org.id, document.id, past);
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/document-previews/${token}`,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('link_expired');
    });

    test('a tampered URL → 403; a deleted document → 404', async () => {
      const { app } = context();
      const document = await upload(org.manager.token);
      const other = await upload(org.manager.token, {}, PNG);
      const { url } = (
        await call(app, 'GET', `/documents/${document.id}/preview-url`, {
          token: org.manager.token,
        })
      ).json();
      const token: string = url.split('/').pop();
      const [payload, mac] = token.split('.');
      const expires = Math.floor(
        Date.parse(
          (
            await call(app, 'GET', `/documents/${document.id}/preview-url`, {
              token: org.manager.token,
            })
          ).json().expires_at,
        ) / 1000,
      );
      const tampered = [
        // Another document, the other document's payload with this signature.
        [previewToken(TEST_JWT_SECRET, org.id, other.id, expires).split('.')[0], mac],
        // A later expiry.
        [previewToken(TEST_JWT_SECRET, org.id, document.id, expires + 3600).split('.')[0], mac],
        // The signature changed by one character.
        [payload, (mac[0] === 'A' ? 'B' : 'A') + mac.slice(1)],
        // Signed with another secret.
        previewToken('another-secret-that-is-long-enough-too', org.id, document.id, expires).split(
          '.',
        ),
        [payload],
        ['not-base64!', mac],
      ];
      for (const parts of tampered) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1/document-previews/${parts.join('.')}`,
        });
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
      await call(app, 'DELETE', `/documents/${document.id}`, { token: org.manager.token });
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    });

    test('another organisation’s document → 404; an employee, a colleague’s → 404', async () => {
      const { app, db } = context();
      const theirs = await createOrganization(db);
      const theirCertificate = await createCertificate(db, theirs);
      const theirDocument = await upload(theirs.manager.token, {}, PDF, theirCertificate);
      const response = await call(app, 'GET', `/documents/${theirDocument.id}/preview-url`, {
        token: org.admin.token,
      });
      expect(response.statusCode).toBe(404);
      const colleagues = await createCertificate(db, org, { incharge_person_id: org.colleague.id });
      const colleagueDocument = await upload(org.manager.token, {}, PDF, colleagues);
      const asEmployee = await call(app, 'GET', `/documents/${colleagueDocument.id}/preview-url`, {
        token: org.employee.token,
      });
      expect(asEmployee.statusCode).toBe(404);
    });

    test('the signature reaches no log line', async () => {
      const { db } = context();
      const document = await upload(org.manager.token, {}, PNG);
      let output = '';
      const logged = await buildApp({
        config: testConfig({ logLevel: 'debug', dataDir }),
        db,
        logDestination: { write: (chunk: string) => (output += chunk) },
      });
      try {
        const { url } = (
          await call(logged, 'GET', `/documents/${document.id}/preview-url`, {
            token: org.manager.token,
          })
        ).json();
        const token: string = url.split('/').pop();
        expect((await logged.inject({ method: 'GET', url })).statusCode).toBe(200);
        // A refused one is logged as well (a 403 with its error).
        const bad = `${token.slice(0, -2)}xx`;
        await logged.inject({ method: 'GET', url: `/api/v1/document-previews/${bad}` });
        await logged.inject({ method: 'GET', url: `${url}?download=1` });
        expect(output).toContain('/document-previews/[secret]');
        const [payload, mac] = token.split('.');
        expect(output).not.toContain(mac);
        expect(output).not.toContain(payload);
        expect(output).not.toContain(bad.split('.')[1]);
        expect(output).not.toContain(token);
      } finally {
        await logged.close();
      }
    });
  });
});
