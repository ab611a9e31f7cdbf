/**
 * An employee's own new certificate (issue 26: "submit a new certificate with its document
 * from their dashboard"): an employee may create a certificate only in their own charge; it
 * is recorded in the history under their name. Anyone else in charge is refused with 403 and
 * nothing is created. Managers and admins create as before.
 */
import {
  call,
  createOrganization,
  setupTestApp,
  snapshot,
  testDatabases,
  type TestOrganization,
} from './helper';
import { MULTIPART_TYPE, PNG, multipart } from './document-files';

describe.each(testDatabases())('an employee creating a certificate on %s', (kind) => {
  const context = setupTestApp(kind);
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createOrganization(context().db);
  });

  const body = { name: 'Forklift licence', expiry_date: '2030-01-01', reminder_days_before: 30 };

  it('creates it in their own charge when nobody is named, recorded in the history', async () => {
    const { app } = context();
    const created = await call(app, 'POST', '/certificates/', {
      token: org.employee.token,
      body: { ...body, issue_date: '2025-01-01' },
    });
    expect(created.statusCode).toBe(201);
    const certificate = created.json();
    expect(certificate.incharge_person_id).toBe(org.employee.id);
    expect(certificate.created_by_user_id).toBe(org.employee.id);
    // They see it, and may upload its document (pending approval).
    const read = await call(app, 'GET', `/certificates/${certificate.id}/`, {
      token: org.employee.token,
    });
    expect(read.statusCode).toBe(200);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/v1/certificates/${certificate.id}/documents`,
      headers: { authorization: `Bearer ${org.employee.token}`, 'content-type': MULTIPART_TYPE },
      payload: multipart([{ filename: 'licence.png', content: PNG }]),
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().status).toBe('pending');
    const history = await call(app, 'GET', '/activity', {
      token: org.admin.token,
      query: { entity_type: 'certificate', entity_id: certificate.id },
    });
    const actions = history.json().map((entry: { action: string }) => entry.action);
    expect(actions).toContain('created');
    const created_ = history.json().find((entry: { action: string }) => entry.action === 'created');
    expect(created_.actor).toMatchObject({ id: org.employee.id });
  });

  it('creates it when they name themselves in charge', async () => {
    const created = await call(context().app, 'POST', '/certificates/', {
      token: org.employee.token,
      body: { ...body, incharge_person_id: org.employee.id },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().incharge_person_id).toBe(org.employee.id);
  });

  it('refuses anyone else in charge with 403 and creates nothing', async () => {
    const { app, db } = context();
    const before = await snapshot(db);
    for (const incharge of [org.colleague.id, org.manager.id, null]) {
      const refused = await call(app, 'POST', '/certificates/', {
        token: org.employee.token,
        body: { ...body, incharge_person_id: incharge },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'An employee can create a certificate only in their own charge',
      );
    }
    expect(await snapshot(db)).toEqual(before);
  });

  it('leaves a manager free to create one in nobody’s charge', async () => {
    const created = await call(context().app, 'POST', '/certificates/', {
      token: org.manager.token,
      body,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().incharge_person_id).toBeNull();
  });
});
