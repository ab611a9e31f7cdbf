/**
 * Certificate types (issue 28): the catalogue through HTTP on both databases; bad input is
 * refused whole with the catalogue's messages and changes nothing; certificates take a type
 * and their own reminder offsets.
 */
import {
  call,
  createCertificate,
  createCertificateType,
  createOrganization,
  setupTestApp,
  snapshot,
  testDatabases,
  type TestOrganization,
} from './helper';
import type { FastifyInstance } from 'fastify';

describe.each(testDatabases())('certificate types on %s', (kind) => {
  const context = setupTestApp(kind);

  async function createType(app: FastifyInstance, org: TestOrganization, body: object) {
    const response = await call(app, 'POST', '/certificate-types/', {
      token: org.admin.token,
      body,
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  test('an admin adds a type: offsets default to 30 and 7 days, optional for everyone', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const type = await createType(app, org, { name: '  First aid  ' });
    expect(type).toMatchObject({
      name: 'First aid',
      description: null,
      validity_months: null,
      reminder_offsets: [30, 7],
      remind_after_expiry: false,
      required_for: { everyone: false, roles: [], departments: [] },
      certificate_count: 0,
    });
    const read = await call(app, 'GET', `/certificate-types/${type.id}`, {
      token: org.employee.token,
    });
    expect(read.json()).toEqual(type);
  });

  test('a type keeps its validity, offsets (latest first) and requirement; the list is by name with X-Total-Count', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const height = await createType(app, org, {
      name: 'Working at height',
      validity_months: 24,
      reminder_offsets: [14, 60],
      remind_after_expiry: true,
      required_for: { everyone: false, roles: ['manager'], departments: ['Operations', ' '] },
    });
    expect(height).toMatchObject({
      validity_months: 24,
      reminder_offsets: [60, 14],
      remind_after_expiry: true,
      required_for: { everyone: false, roles: ['manager'], departments: ['Operations'] },
    });
    await createType(app, org, {
      name: 'Asbestos awareness',
      required_for: { everyone: true, roles: [], departments: [] },
    });
    const list = await call(app, 'GET', '/certificate-types/', { token: org.manager.token });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((type: { name: string }) => type.name)).toEqual([
      'Asbestos awareness',
      'Working at height',
    ]);
  });

  describe('bad input → 400 naming the field, nothing changed', () => {
    test.each([
      [
        'an offset of 0',
        { reminder_offsets: [0] },
        'reminder_offsets',
        'must be whole days from 1 to 365',
      ],
      [
        'an offset of 366',
        { reminder_offsets: [30, 366] },
        'reminder_offsets',
        'must be whole days from 1 to 365',
      ],
      [
        'the same offset twice',
        { reminder_offsets: [30, 30] },
        'reminder_offsets',
        'must not name the same day twice',
      ],
      [
        'six offsets',
        { reminder_offsets: [1, 2, 3, 4, 5, 6] },
        'reminder_offsets',
        'must name at most 5 days',
      ],
      ['no offset', { reminder_offsets: [] }, 'reminder_offsets', 'must name at least one day'],
      [
        'a validity of 0 months',
        { validity_months: 0 },
        'validity_months',
        'must be whole months from 1 to 600, or empty when it does not expire',
      ],
      [
        'a validity of 1,000 months',
        { validity_months: 1000 },
        'validity_months',
        'must be whole months from 1 to 600, or empty when it does not expire',
      ],
    ])('%s', async (_, fields, path, message) => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const existing = await createCertificateType(db, org);
      const before = await snapshot(db);
      for (const [method, url] of [
        ['POST', '/certificate-types/'],
        ['PUT', `/certificate-types/${existing}`],
      ] as const) {
        const response = await call(app, method, url, {
          token: org.admin.token,
          body: { name: 'Crane operation', ...fields },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toEqual([{ path, message }]);
      }
      expect(await snapshot(db)).toEqual(before);
    });

    test('a requirement naming a role that does not exist', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const before = await snapshot(db);
      const response = await call(app, 'POST', '/certificate-types/', {
        token: org.admin.token,
        body: {
          name: 'Crane',
          required_for: { everyone: false, roles: ['pilot'], departments: [] },
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
      expect(response.json().message).toMatch(/roles/i);
      expect(await snapshot(db)).toEqual(before);
    });

    test('a type without a name, or a blank one', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const before = await snapshot(db);
      const missing = await call(app, 'POST', '/certificate-types/', {
        token: org.admin.token,
        body: { validity_months: 12 },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([{ path: 'name', message: 'is required' }]);
      const blank = await call(app, 'POST', '/certificate-types/', {
        token: org.admin.token,
        body: { name: '   ' },
      });
      expect(blank.statusCode).toBe(400);
      expect(await snapshot(db)).toEqual(before);
    });
  });

  test('a second type of the same name (any case) → 409, nothing changed', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createType(app, org, { name: 'Forklift' });
    const other = await createType(app, org, { name: 'Crane' });
    const before = await snapshot(db);
    const added = await call(app, 'POST', '/certificate-types/', {
      token: org.admin.token,
      body: { name: 'FORKLIFT' },
    });
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual({
      code: 'conflict',
      message: 'A certificate type named "FORKLIFT" already exists.',
    });
    const renamed = await call(app, 'PUT', `/certificate-types/${other.id}`, {
      token: org.admin.token,
      body: { name: 'forklift' },
    });
    expect(renamed.statusCode).toBe(409);
    expect(await snapshot(db)).toEqual(before);
  });

  test('another organisation may use the same name', async () => {
    const { app, db } = context();
    const mine = await createOrganization(db);
    const theirs = await createOrganization(db);
    await createType(app, mine, { name: 'Forklift' });
    await createType(app, theirs, { name: 'Forklift' });
  });

  test('a type in use cannot be deleted (409, nothing changed); once unused it can', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const type = await createType(app, org, { name: 'Forklift' });
    const certificate = await createCertificate(db, org, { certificate_type_id: type.id });
    const before = await snapshot(db);
    const refused = await call(app, 'DELETE', `/certificate-types/${type.id}`, {
      token: org.admin.token,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '"Forklift" cannot be deleted: certificates are of this type. Give them another type first.',
    );
    expect(await snapshot(db)).toEqual(before);

    const untyped = await call(app, 'PUT', `/certificates/${certificate}/`, {
      token: org.admin.token,
      body: { certificate_type_id: null },
    });
    expect(untyped.json().certificate_type_id).toBeNull();
    const deleted = await call(app, 'DELETE', `/certificate-types/${type.id}`, {
      token: org.admin.token,
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await call(app, 'GET', `/certificate-types/${type.id}`, {
      token: org.admin.token,
    });
    expect(gone.statusCode).toBe(404);
  });

  test('a renamed type: its certificates follow it, and it records the change in the history', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const type = await createType(app, org, { name: 'Forklift' });
    const certificate = await createCertificate(db, org, { certificate_type_id: type.id });
    const renamed = await call(app, 'PUT', `/certificate-types/${type.id}`, {
      token: org.admin.token,
      body: { name: 'Forklift truck', reminder_offsets: [90, 30, 7, 1] },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Forklift truck',
      reminder_offsets: [90, 30, 7, 1],
      certificate_count: 1,
    });
    const held = await call(app, 'GET', `/certificates/${certificate}/`, {
      token: org.admin.token,
    });
    expect(held.json().certificate_type_id).toBe(type.id);

    const history = await call(
      app,
      'GET',
      `/activity?entity_type=certificate_type&entity_id=${type.id}`,
      { token: org.admin.token },
    );
    expect(history.json().map((entry: { action: string }) => entry.action)).toEqual([
      'updated',
      'created',
    ]);
    expect(history.json()[0].changes).toEqual({
      name: ['Forklift', 'Forklift truck'],
      reminder_offsets: ['30, 7', '90, 30, 7, 1'],
    });
  });

  describe('certificates with a type and offsets', () => {
    test('a certificate is created with a type and its own offsets, and changes them', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const type = await createType(app, org, { name: 'Forklift', reminder_offsets: [60, 14] });
      const created = await call(app, 'POST', '/certificates/', {
        token: org.manager.token,
        body: {
          name: 'Forklift',
          expiry_date: '2030-06-30',
          reminder_days_before: 30,
          certificate_type_id: type.id,
          reminder_offsets: [7, 90],
        },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        certificate_type_id: type.id,
        reminder_offsets: [90, 7],
      });
      const changed = await call(app, 'PUT', `/certificates/${created.json().id}/`, {
        token: org.manager.token,
        body: { reminder_offsets: null },
      });
      expect(changed.json()).toMatchObject({
        certificate_type_id: type.id,
        reminder_offsets: null,
      });
    });

    test('a certificate without a type keeps working as before', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const created = await call(app, 'POST', '/certificates/', {
        token: org.manager.token,
        body: { name: 'Trade License', expiry_date: '2030-06-30', reminder_days_before: 30 },
      });
      expect(created.json()).toMatchObject({ certificate_type_id: null, reminder_offsets: null });
    });

    test("another organisation's type → 404, bad offsets → 400; nothing changed", async () => {
      const { app, db } = context();
      const mine = await createOrganization(db);
      const theirs = await createOrganization(db);
      const theirType = await createCertificateType(db, theirs);
      const certificate = await createCertificate(db, mine);
      const before = await snapshot(db);
      const body = { name: 'X', expiry_date: '2030-06-30', reminder_days_before: 30 };
      const foreign = await call(app, 'POST', '/certificates/', {
        token: mine.admin.token,
        body: { ...body, certificate_type_id: theirType },
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ code: 'not_found', message: 'Certificate type not found' });
      const foreignPut = await call(app, 'PUT', `/certificates/${certificate}/`, {
        token: mine.admin.token,
        body: { certificate_type_id: theirType },
      });
      expect(foreignPut.statusCode).toBe(404);
      const offsets = await call(app, 'PUT', `/certificates/${certificate}/`, {
        token: mine.admin.token,
        body: { reminder_offsets: [30, 30] },
      });
      expect(offsets.statusCode).toBe(400);
      expect(offsets.json().errors).toEqual([
        { path: 'reminder_offsets', message: 'must not name the same day twice' },
      ]);
      expect(await snapshot(db)).toEqual(before);
    });
  });

  test('"link certificates named X to type X" types the untyped certificates of that name only', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    const type = await createType(app, org, { name: 'Fire Safety' });
    const exact = await createCertificate(db, org, { name: 'Fire Safety' });
    const cased = await createCertificate(db, org, { name: ' fire safety ' });
    const unlike = await createCertificate(db, org, { name: 'Fire Safety 2' });
    const otherType = await createCertificateType(db, org);
    const typed = await createCertificate(db, org, {
      name: 'Fire Safety',
      certificate_type_id: otherType,
    });
    const theirs = await createCertificate(db, other, { name: 'Fire Safety' });

    const response = await call(app, 'POST', `/certificate-types/${type.id}/link-certificates`, {
      token: org.admin.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ linked: 2 });
    const typeOf = async (id: string) =>
      (
        await db
          .selectFrom('certificates')
          .select('certificate_type_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).certificate_type_id;
    expect(await typeOf(exact)).toBe(type.id);
    expect(await typeOf(cased)).toBe(type.id);
    expect(await typeOf(unlike)).toBeNull();
    expect(await typeOf(typed)).toBe(otherType);
    expect(await typeOf(theirs)).toBeNull();
    const history = await call(app, 'GET', `/activity?entity_id=${exact}`, {
      token: org.admin.token,
    });
    expect(history.json()[0]).toMatchObject({
      action: 'updated',
      changes: { certificate_type_id: [null, type.id] },
    });
  });
});
