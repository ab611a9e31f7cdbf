/**
 * GET /compliance and its export (issue 28) on both databases: which types each person must
 * hold (everyone, role, department), the state of each cell, totals over every person
 * matching, the filters, paging with X-Total-Count, sorting, and 404 for another
 * organisation's ids.
 */
import ExcelJS from 'exceljs';
import {
  call,
  createCertificate,
  createCertificateType,
  createOrganization,
  createUser,
  kolkataDateIn,
  setupTestApp,
  snapshot,
  testDatabases,
  type TestOrganization,
  type TestUser,
} from './helper';
import type { Db } from '../src/db/tables';

interface World {
  org: TestOrganization;
  /** Operations: ravi holds a valid "height", meena an expiring one, arjun none. */
  ravi: TestUser;
  meena: TestUser;
  arjun: TestUser;
  /** Sales, no certificate. */
  sita: TestUser;
  height: string;
  firstAid: string;
  optional: string;
  raviHeight: string;
}

async function buildWorld(db: Db): Promise<World> {
  const org = await createOrganization(db);
  const person = (first: string, department: string) =>
    createUser(db, org.id, { first_name: first, last_name: 'K', department });
  const ravi = await person(`Ravi${Math.random().toString(36).slice(2, 12)}`, 'Operations');
  const meena = await person(`Meena${Math.random().toString(36).slice(2, 12)}`, 'Operations');
  const arjun = await person(`Arjun${Math.random().toString(36).slice(2, 12)}`, 'Operations');
  const sita = await person(`Sita${Math.random().toString(36).slice(2, 12)}`, 'Sales');
  const height = await createCertificateType(
    db,
    org,
    { name: 'Working at height', reminder_offsets: '[60,14]' },
    [{ kind: 'department', value: 'Operations' }],
  );
  const firstAid = await createCertificateType(db, org, { name: 'First aid' }, [
    { kind: 'role', value: 'manager' },
  ]);
  const optional = await createCertificateType(db, org, { name: 'Optional thing' });
  const raviHeight = await createCertificate(db, org, {
    certificate_type_id: height,
    incharge_person_id: ravi.id,
    expiry_date: kolkataDateIn(200),
  });
  await createCertificate(db, org, {
    certificate_type_id: height,
    incharge_person_id: meena.id,
    expiry_date: kolkataDateIn(30),
  });
  // An expired one of meena's, older: the latest expiry counts.
  await createCertificate(db, org, {
    certificate_type_id: height,
    incharge_person_id: meena.id,
    expiry_date: kolkataDateIn(-30),
  });
  return { org, ravi, meena, arjun, sita, height, firstAid, optional, raviHeight };
}

describe.each(testDatabases())('compliance on %s', (kind) => {
  const context = setupTestApp(kind);

  test('cells, percentages and totals: required by department and role, missing and not required', async () => {
    const { app, db } = context();
    const w = await buildWorld(db);
    const response = await call(app, 'GET', '/compliance?limit=200', { token: w.org.admin.token });
    expect(response.statusCode).toBe(200);
    const matrix = response.json();
    // Columns: types required for at least one person, by name; the optional one is not.
    expect(matrix.types).toEqual([
      { id: w.firstAid, name: 'First aid' },
      { id: w.height, name: 'Working at height' },
    ]);
    // 4 people of the world + the organisation's admin, manager, employee, colleague.
    expect(response.headers['x-total-count']).toBe('8');
    const rowOf = (id: string) =>
      matrix.rows.find((row: { employee: { id: string } }) => row.employee.id === id);
    expect(rowOf(w.ravi.id)).toMatchObject({
      compliant_percent: 100,
      gaps: 0,
      cells: [
        { type_id: w.firstAid, state: 'not_required', certificate_id: null, expiry_date: null },
        {
          type_id: w.height,
          state: 'valid',
          certificate_id: w.raviHeight,
          expiry_date: kolkataDateIn(200),
        },
      ],
    });
    expect(rowOf(w.meena.id).cells[1]).toMatchObject({
      state: 'expiring',
      expiry_date: kolkataDateIn(30),
    });
    expect(rowOf(w.arjun.id)).toMatchObject({
      compliant_percent: 0,
      gaps: 1,
      cells: [{ state: 'not_required' }, { state: 'missing', certificate_id: null }],
    });
    expect(rowOf(w.sita.id)).toMatchObject({ compliant_percent: 100, gaps: 0 });
    expect(rowOf(w.org.manager.id).cells[0]).toMatchObject({ state: 'missing' });
    expect(matrix.totals).toEqual({
      by_type: [
        { type_id: w.firstAid, required: 1, compliant: 0, compliant_percent: 0 },
        { type_id: w.height, required: 3, compliant: 2, compliant_percent: 66 },
      ],
      organization_percent: 50,
      gaps: 2,
    });
  });

  test('an expired certificate is a gap; a type for everyone is required of everyone', async () => {
    const { app, db } = context();
    const w = await buildWorld(db);
    const everyone = await createCertificateType(db, w.org, {
      name: 'Code of conduct',
      required_for_everyone: 1,
    });
    await createCertificate(db, w.org, {
      certificate_type_id: everyone,
      incharge_person_id: w.sita.id,
      expiry_date: kolkataDateIn(-1),
    });
    const response = await call(app, 'GET', `/compliance?type_id=${everyone}`, {
      token: w.org.admin.token,
    });
    const matrix = response.json();
    expect(matrix.types).toEqual([{ id: everyone, name: 'Code of conduct' }]);
    expect(matrix.totals.by_type[0]).toMatchObject({ required: 8, compliant: 0 });
    const sita = matrix.rows.find(
      (row: { employee: { id: string } }) => row.employee.id === w.sita.id,
    );
    expect(sita.cells[0]).toMatchObject({ state: 'expired', expiry_date: kolkataDateIn(-1) });
  });

  test('filters: department, a manager’s team, only gaps; totals follow the filter', async () => {
    const { app, db } = context();
    const w = await buildWorld(db);
    const lead = await createUser(db, w.org.id, { role: 'manager', department: 'Operations' });
    const ops = await call(app, 'GET', '/compliance?department=Operations', {
      token: w.org.manager.token,
    });
    expect(ops.headers['x-total-count']).toBe('4');
    const team = await call(app, 'GET', `/compliance?team_of=${lead.id}`, { token: lead.token });
    expect(team.headers['x-total-count']).toBe('4');
    expect(team.json().totals.by_type.map((total: { required: number }) => total.required)).toEqual(
      [1, 4],
    );
    const gaps = await call(app, 'GET', '/compliance?department=Operations&gaps_only=true', {
      token: w.org.admin.token,
    });
    expect(gaps.headers['x-total-count']).toBe('2');
    expect(
      gaps
        .json()
        .rows.map((row: { employee: { id: string } }) => row.employee.id)
        .sort(),
    ).toEqual([w.arjun.id, lead.id].sort());
  });

  test('pages by people with X-Total-Count, sorted by name or by compliance', async () => {
    const { app, db } = context();
    const w = await buildWorld(db);
    const first = await call(
      app,
      'GET',
      '/compliance?department=Operations&limit=2&sort=compliance',
      {
        token: w.org.admin.token,
      },
    );
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json().rows).toHaveLength(2);
    expect(first.json().rows[0].employee.id).toBe(w.arjun.id);
    const rest = await call(
      app,
      'GET',
      '/compliance?department=Operations&limit=2&offset=2&sort=compliance',
      { token: w.org.admin.token },
    );
    expect(rest.json().rows).toHaveLength(1);
    // Totals cover every person matching, whatever the page.
    expect(rest.json().totals).toEqual(first.json().totals);
    const byName = await call(app, 'GET', '/compliance?department=Operations&sort=-name', {
      token: w.org.admin.token,
    });
    const names = byName
      .json()
      .rows.map((row: { employee: { full_name: string } }) => row.employee.full_name);
    expect(names).toEqual([...names].sort().reverse());
  });

  test('inactive people only on request', async () => {
    const { app, db } = context();
    const w = await buildWorld(db);
    await createUser(db, w.org.id, { department: 'Operations', status: 'inactive' });
    const active = await call(app, 'GET', '/compliance?department=Operations', {
      token: w.org.admin.token,
    });
    const all = await call(app, 'GET', '/compliance?department=Operations&include_inactive=true', {
      token: w.org.admin.token,
    });
    expect(active.headers['x-total-count']).toBe('3');
    expect(all.headers['x-total-count']).toBe('4');
  });

  test("an employee may not read it; another organisation's type or person → 404; bad input → 400", async () => {
    const { app, db } = context();
    const w = await buildWorld(db);
    const other = await createOrganization(db);
    const theirType = await createCertificateType(db, other);
    const before = await snapshot(db);
    const employee = await call(app, 'GET', '/compliance', { token: w.org.employee.token });
    expect(employee.statusCode).toBe(403);
    const type = await call(app, 'GET', `/compliance?type_id=${theirType}`, {
      token: w.org.admin.token,
    });
    expect(type.statusCode).toBe(404);
    expect(type.json()).toEqual({ code: 'not_found', message: 'Certificate type not found' });
    const person = await call(app, 'GET', `/compliance/export?team_of=${other.manager.id}`, {
      token: w.org.admin.token,
    });
    expect(person.statusCode).toBe(404);
    const sort = await call(app, 'GET', '/compliance?sort=colour', { token: w.org.admin.token });
    expect(sort.statusCode).toBe(400);
    const limit = await call(app, 'GET', '/compliance?limit=0', { token: w.org.admin.token });
    expect(limit.statusCode).toBe(400);
    expect(await snapshot(db)).toEqual(before);
  });

  test('the export: CSV and XLSX with the states as words', async () => {
    const { app, db } = context();
    const w = await buildWorld(db);
    const csv = await call(app, 'GET', '/compliance/export?department=Operations&format=csv', {
      token: w.org.admin.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace('\uFEFF', '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('name,department,role,compliant_percent,Working at height');
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.includes(w.arjun.full_name!))).toContain(',Missing');
    expect(lines.find((line) => line.includes(w.ravi.full_name!))).toContain(
      `Valid (${kolkataDateIn(200)})`,
    );

    const xlsx = await app.inject({
      method: 'GET',
      url: '/api/v1/compliance/export?department=Operations&format=xlsx',
      headers: { authorization: `Bearer ${w.org.admin.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'name',
      'department',
      'role',
      'compliant_percent',
      'Working at height',
    ]);
    expect(sheet.rowCount).toBe(4);
  });

  test('a type required twice over (role and department) is one cell; two certificates of a type count once; a page past the end keeps its total', async () => {
    const { app, db } = context();
    const w = await buildWorld(db);
    // "First aid": required of managers; now of Operations too. An Operations manager needs it once.
    await db
      .insertInto('certificate_type_requirements')
      .values({
        organization_id: w.org.id,
        certificate_type_id: w.firstAid,
        kind: 'department',
        value: 'Operations',
      })
      .execute();
    const lead = await createUser(db, w.org.id, { role: 'manager', department: 'Operations' });
    for (const days of [100, 200]) {
      await createCertificate(db, w.org, {
        certificate_type_id: w.firstAid,
        incharge_person_id: lead.id,
        expiry_date: kolkataDateIn(days),
      });
    }
    // No department: a department's requirement does not reach them.
    const nowhere = await createUser(db, w.org.id, { department: null });
    const response = await call(app, 'GET', '/compliance?department=Operations&limit=10', {
      token: w.org.admin.token,
    });
    const matrix = response.json();
    const row = matrix.rows.find(
      (candidate: { employee: { id: string } }) => candidate.employee.id === lead.id,
    );
    const firstAid = matrix.types.findIndex((type: { id: string }) => type.id === w.firstAid);
    expect(row.cells[firstAid]).toMatchObject({ state: 'valid', expiry_date: kolkataDateIn(200) });
    // Four in Operations (ravi, meena, arjun, lead) need first aid; only lead holds it.
    expect(matrix.totals.by_type[firstAid]).toMatchObject({ required: 4, compliant: 1 });
    const all = await call(app, 'GET', '/compliance?limit=200', { token: w.org.admin.token });
    const theirs = all
      .json()
      .rows.find((candidate: { employee: { id: string } }) => candidate.employee.id === nowhere.id);
    expect(theirs.compliant_percent).toBe(100);
    expect(theirs.cells.every((cell: { state: string }) => cell.state === 'not_required')).toBe(
      true,
    );
    const past = await call(app, 'GET', '/compliance?department=Operations&offset=50', {
      token: w.org.admin.token,
    });
    expect(past.json().rows).toEqual([]);
    expect(past.headers['x-total-count']).toBe('4');
    expect(past.json().totals).toEqual(matrix.totals);
  });
});
