import ExcelJS from 'exceljs';
import { exportCertificates } from '../src/db/repositories/certificates';
import {
  call,
  createCertificate,
  createOrganization,
  createTask,
  createUser,
  kolkataDateIn,
  setupTestApp,
  testDatabases,
} from './helper';

/** The CSV's lines, BOM checked and removed. */
function lines(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body.slice(1).split('\r\n').filter(Boolean);
}

describe.each(testDatabases())('exports on %s', (kind) => {
  const context = setupTestApp(kind);

  test('employees as CSV: the import headers, the filters and sort, BOM, `;` on request', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createUser(db, org.id, {
      first_name: 'Jürgen',
      last_name: 'Müller; Sr',
      email: 'jurgen@example.test',
      department: 'Élan',
    });

    const response = await call(app, 'GET', '/employees/export', {
      token: org.admin.token,
      query: { q: 'müller', delimiter: ';' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="employees-/);
    expect(lines(response.body)).toEqual([
      'email;first_name;last_name;phone;department;role;status',
      'jurgen@example.test;Jürgen;"Müller; Sr";;Élan;employee;active',
    ]);

    const sorted = await call(app, 'GET', '/employees/export', {
      token: org.manager.token,
      query: { sort: '-email', role: 'employee' },
    });
    const emails = lines(sorted.body)
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(emails).toEqual(
      [org.employee.email, org.colleague.email, 'jurgen@example.test'].sort().reverse(),
    );
  });

  test('a cell Excel would run as a formula is written as text', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createCertificate(db, org, { name: '=HYPERLINK("http://x.test")' });
    await createCertificate(db, org, { name: '+cmd' });
    await createCertificate(db, org, { name: '@SUM(A1)' });
    await createCertificate(db, org, { name: '-1+2' });

    const response = await call(app, 'GET', '/certificates/export', {
      token: org.manager.token,
      query: { sort: 'name' },
    });
    // Sorted by the stored text: + - = @.
    const names = lines(response.body)
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(names).toEqual(["'+cmd", "'-1+2", `"'=HYPERLINK(""http://x.test"")"`, "'@SUM(A1)"]);
  });

  test('an employee exports only their own certificates and tasks; another filter gives none', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createCertificate(db, org, { name: 'Mine', incharge_person_id: org.employee.id });
    await createCertificate(db, org, { name: 'Theirs', incharge_person_id: org.colleague.id });
    await createTask(db, org, { title: 'My task', assigned_to_user_id: org.employee.id });
    await createTask(db, org, { title: 'Their task', assigned_to_user_id: org.colleague.id });

    const certificates = await call(app, 'GET', '/certificates/export', {
      token: org.employee.token,
    });
    expect(lines(certificates.body).slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^Mine,${org.employee.email},`)),
    ]);
    const tasks = await call(app, 'GET', '/tasks/export', { token: org.employee.token });
    expect(lines(tasks.body)[0]).toBe('title,assignee_email,due_date,status,description');
    expect(lines(tasks.body).slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^My task,${org.employee.email},`)),
    ]);
    const contradicting = await call(app, 'GET', '/tasks/export', {
      token: org.employee.token,
      query: { assigned_to_user_id: org.colleague.id },
    });
    expect(lines(contradicting.body)).toEqual(['title,assignee_email,due_date,status,description']);

    const other = await createOrganization(db);
    const foreign = await call(app, 'GET', '/certificates/export', { token: other.admin.token });
    expect(lines(foreign.body)).toHaveLength(1);
  });

  test('xlsx: a streamed workbook with the same columns, formulas as text', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createCertificate(db, org, {
      name: '=1+1',
      expiry_date: kolkataDateIn(40),
      incharge_person_id: org.employee.id,
    });
    const response = await call(app, 'GET', '/certificates/export', {
      token: org.admin.token,
      query: { format: 'xlsx' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'name',
      'incharge_email',
      'issue_date',
      'expiry_date',
      'reminder_days_before',
      'department',
      'description',
      'status',
    ]);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe("'=1+1");
    expect(row.getCell(1).formula).toBeUndefined();
    expect(row.getCell(2).value).toBe(org.employee.email);
    expect(row.getCell(4).value).toBe(kolkataDateIn(40));
  });

  test('bad export input answers 400 in the JSON error shape', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const queries: Record<string, string>[] = [
      { format: 'pdf' },
      { delimiter: '|' },
      { sort: 'password_hash' },
    ];
    for (const query of queries) {
      const response = await call(app, 'GET', '/employees/export', {
        token: org.admin.token,
        query,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
      });
    }
    expect((await call(app, 'GET', '/tasks/export')).statusCode).toBe(401);
  });

  test('batches follow each other by key, in the list order, without gaps or repeats', async () => {
    const { db } = context();
    const org = await createOrganization(db);
    const expiries = [5, 3, 3, 3, 9, 1, 3, 7];
    for (const [index, days] of expiries.entries()) {
      await createCertificate(db, org, { name: `C${index}`, expiry_date: kolkataDateIn(days) });
    }
    for (const direction of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      const sizes: number[] = [];
      for await (const rows of exportCertificates(
        db,
        { organizationId: org.id },
        { columns: ['expiry_date'], direction },
        3,
      )) {
        sizes.push(rows.length);
        seen.push(...rows.map((row) => `${String(row.expiry_date)}/${String(row.name)}`));
      }
      expect(sizes).toEqual([3, 3, 2]);
      const dates = seen.map((entry) => entry.split('/')[0]);
      const sorted = [...dates].sort();
      expect(dates).toEqual(direction === 'asc' ? sorted : sorted.reverse());
      expect(new Set(seen).size).toBe(expiries.length);
    }
  });
});
