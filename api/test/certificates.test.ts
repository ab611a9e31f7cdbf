import {
  call,
  createCertificate,
  createOrganization,
  kolkataDateIn,
  setupTestApp,
  snapshot,
  testDatabases,
  type TestOrganization,
} from './helper';

const CERTIFICATE_FIELDS = [
  'assigned_to',
  'certificate_type_id',
  'created_at',
  'created_by_user_id',
  'department',
  'description',
  'expiry_date',
  'id',
  'incharge_person_id',
  'issue_date',
  'name',
  'organization_id',
  'reminder_days_before',
  'reminder_offsets',
  'status',
  'updated_at',
];

describe.each(testDatabases())('certificates on %s', (kind) => {
  const context = setupTestApp(kind);

  describe('POST /certificates/', () => {
    test('creates an active certificate; an instant becomes its Asia/Kolkata date', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);

      const response = await call(app, 'POST', '/certificates/', {
        token: org.manager.token,
        body: {
          name: 'Fire Safety',
          description: 'Main building',
          issue_date: '2025-01-04T19:00:00.000Z', // 00:30 on 5 January in Kolkata
          expiry_date: '2031-01-05',
          reminder_days_before: 30,
          department: 'Engineering',
          incharge_person_id: org.employee.id,
          organization_id: org.id,
          created_by_user_id: org.manager.id,
          status: 'escalated',
        },
      });

      expect(response.statusCode).toBe(201);
      const certificate = response.json();
      expect(Object.keys(certificate).sort()).toEqual(CERTIFICATE_FIELDS);
      expect(certificate).toMatchObject({
        name: 'Fire Safety',
        description: 'Main building',
        issue_date: '2025-01-05',
        expiry_date: '2031-01-05',
        reminder_days_before: 30,
        department: 'Engineering',
        incharge_person_id: org.employee.id,
        organization_id: org.id,
        created_by_user_id: org.manager.id,
        status: 'active',
        assigned_to: { id: org.employee.id, full_name: org.employee.full_name },
      });
      const stored = await call(app, 'GET', `/certificates/${certificate.id}/`, {
        token: org.manager.token,
      });
      expect(stored.json()).toEqual(certificate);
    });

    test('needs only name, expiry date and reminder days', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const response = await call(app, 'POST', '/certificates/', {
        token: org.admin.token,
        body: { name: 'Trade License', expiry_date: '2030-12-31', reminder_days_before: 7 },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        issue_date: null,
        incharge_person_id: null,
        department: null,
        description: null,
      });
      expect(response.json()).not.toHaveProperty('assigned_to');
    });

    test('refuses an expiry date before the issue date', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const before = await snapshot(db);
      const response = await call(app, 'POST', '/certificates/', {
        token: org.admin.token,
        body: {
          name: 'Backwards',
          issue_date: '2030-02-01',
          expiry_date: '2030-01-01',
          reminder_days_before: 7,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { path: 'expiry_date', message: 'must not be before issue_date' },
      ]);
      expect(await snapshot(db)).toEqual(before);
    });
  });

  describe('GET /certificates/', () => {
    let org: TestOrganization;

    beforeAll(async () => {
      const { db } = context();
      org = await createOrganization(db);
      await createCertificate(db, org, { name: 'ISO 9001', expiry_date: '2031-03-01' });
      await createCertificate(db, org, {
        name: 'First Aid',
        expiry_date: '2030-06-01',
        status: 'renewed',
        incharge_person_id: org.colleague.id,
      });
      await createCertificate(db, org, {
        name: 'Forklift license',
        expiry_date: '2024-01-01',
        status: 'expired',
        incharge_person_id: null,
      });
    });

    const names = (response: { json(): { name: string }[] }) => response.json().map((c) => c.name);
    const list = (query: Record<string, string> = {}, token = org.manager.token) =>
      call(context().app, 'GET', '/certificates/', { token, query });

    test('answers an array by expiry date, with the incharge person as assigned_to', async () => {
      const response = await list();
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('3');
      expect(names(response)).toEqual(['Forklift license', 'First Aid', 'ISO 9001']);
      expect(response.json()[1].assigned_to).toMatchObject({
        id: org.colleague.id,
        full_name: org.colleague.full_name,
      });
      expect(response.json()[0]).not.toHaveProperty('assigned_to');
    });

    test.each([
      [{ status: 'renewed' }, ['First Aid']],
      [{ q: 'LICENSE' }, ['Forklift license']],
      [{ sort: '-expiry_date' }, ['ISO 9001', 'First Aid', 'Forklift license']],
      [{ sort: 'name', limit: '2' }, ['First Aid', 'Forklift license']],
    ])('filters, sorts and pages: %j', async (query, expected) => {
      expect(names(await list(query))).toEqual(expected);
    });

    test('filters by incharge person', async () => {
      expect(names(await list({ incharge_person_id: org.colleague.id }))).toEqual(['First Aid']);
    });

    test('an employee sees only the certificates they are in charge of', async () => {
      const response = await list({}, org.employee.token);
      expect(names(response)).toEqual(['ISO 9001']);
      expect(response.headers['x-total-count']).toBe('1');
    });

    describe('expiring_within_days', () => {
      let soon: TestOrganization;

      beforeAll(async () => {
        const { db } = context();
        soon = await createOrganization(db);
        for (const [name, days] of [
          ['Lapsed yesterday', -1],
          ['Due today', 0],
          ['In a week', 7],
          ['In eight days', 8],
          ['In a month', 30],
          ['In a quarter', 90],
          ['Next year', 400],
        ] as const) {
          await createCertificate(db, soon, { name, expiry_date: kolkataDateIn(days) });
        }
      });

      test.each([
        ['7', ['Due today', 'In a week']],
        ['30', ['Due today', 'In a week', 'In eight days', 'In a month']],
        ['90', ['Due today', 'In a week', 'In eight days', 'In a month', 'In a quarter']],
        ['0', ['Due today']],
      ])(
        'within %s days: from today (Asia/Kolkata) to that many days ahead',
        async (days, expected) => {
          const response = await list({ expiring_within_days: days }, soon.manager.token);
          expect(names(response)).toEqual(expected);
          expect(response.headers['x-total-count']).toBe(String(expected.length));
        },
      );

      test('combines with search, status and the order', async () => {
        const response = await list(
          { expiring_within_days: '30', q: 'in', status: 'active', sort: '-expiry_date' },
          soon.manager.token,
        );
        expect(names(response)).toEqual(['In a month', 'In eight days', 'In a week']);
      });

      test.each(['-1', '366', 'soon', '7.5'])('answers 400 for %j', async (days) => {
        const response = await list({ expiring_within_days: days }, soon.manager.token);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: expect.any(String) });
        expect(response.json().errors[0].path).toBe('expiring_within_days');
      });
    });

    test('answers 400 for an unknown status', async () => {
      const response = await list({ status: 'lapsed' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toEqual({
        path: 'status',
        message: 'must be one of: active, expired, renewed, escalated',
      });
    });
  });

  describe('GET /certificates/{id}/', () => {
    test('answers with or without the trailing slash; 404 for an unknown id', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const id = await createCertificate(db, org, { name: 'Lookup' });
      for (const path of [`/certificates/${id}/`, `/certificates/${id}`]) {
        const response = await call(app, 'GET', path, { token: org.manager.token });
        expect(response.json()).toMatchObject({ id, name: 'Lookup' });
      }
      const missing = await call(
        app,
        'GET',
        '/certificates/4b1c6f9e-0000-4000-8000-000000000000/',
        {
          token: org.manager.token,
        },
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Certificate not found', code: 'not_found' });
    });
  });

  describe('PUT /certificates/{id}/', () => {
    test('changes only the fields the edit form sends', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const id = await createCertificate(db, org, { name: 'Old', department: 'Sales' });
      const before = (
        await call(app, 'GET', `/certificates/${id}/`, { token: org.admin.token })
      ).json();

      const response = await call(app, 'PUT', `/certificates/${id}/`, {
        token: org.manager.token,
        body: {
          name: 'New',
          description: 'Renewed wording',
          expiry_date: '2032-04-30',
          reminder_days_before: 365,
        },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...before,
        name: 'New',
        description: 'Renewed wording',
        expiry_date: '2032-04-30',
        reminder_days_before: 365,
        updated_at: expect.any(String),
      });
    });

    test.each([
      ['expired', 1, 'renewed'],
      ['escalated', 0, 'renewed'],
      ['expired', -1, 'expired'],
      ['active', 5, 'active'],
    ] as const)(
      'a %s certificate saved with an expiry date %i days from today becomes %s',
      async (status, days, expected) => {
        const { app, db } = context();
        const org = await createOrganization(db);
        const id = await createCertificate(db, org, { status, expiry_date: kolkataDateIn(-10) });
        const response = await call(app, 'PUT', `/certificates/${id}/`, {
          token: org.manager.token,
          body: { expiry_date: kolkataDateIn(days) },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().status).toBe(expected);
      },
    );

    test('Renew: an escalated certificate given new issue and expiry dates is renewed with both', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const id = await createCertificate(db, org, {
        status: 'escalated',
        issue_date: kolkataDateIn(-400),
        expiry_date: kolkataDateIn(-35),
      });
      const response = await call(app, 'PUT', `/certificates/${id}/`, {
        token: org.manager.token,
        body: { issue_date: kolkataDateIn(0), expiry_date: kolkataDateIn(365) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'renewed',
        issue_date: kolkataDateIn(0),
        expiry_date: kolkataDateIn(365),
      });
      const listed = await call(app, 'GET', '/certificates/', {
        token: org.manager.token,
        query: { status: 'renewed' },
      });
      expect(listed.json().map((c: { id: string }) => c.id)).toEqual([id]);
    });

    test('an employee cannot renew (403, nothing written)', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const id = await createCertificate(db, org, {
        status: 'expired',
        expiry_date: kolkataDateIn(-1),
      });
      const before = await snapshot(db);
      const response = await call(app, 'PUT', `/certificates/${id}/`, {
        token: org.employee.token,
        body: { expiry_date: kolkataDateIn(30) },
      });
      expect(response.statusCode).toBe(403);
      expect(await snapshot(db)).toEqual(before);
    });

    test('reassigns the incharge person, who must be a user of the organisation', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const other = await createOrganization(db);
      const id = await createCertificate(db, org);
      const moved = await call(app, 'PUT', `/certificates/${id}/`, {
        token: org.manager.token,
        body: { incharge_person_id: org.colleague.id },
      });
      expect(moved.json().assigned_to).toMatchObject({ id: org.colleague.id });
      const before = await snapshot(db);
      const foreign = await call(app, 'PUT', `/certificates/${id}/`, {
        token: org.manager.token,
        body: { incharge_person_id: other.employee.id },
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual([
        { path: 'incharge_person_id', message: 'is not a user of your organisation' },
      ]);
      expect(await snapshot(db)).toEqual(before);
    });
  });
});
