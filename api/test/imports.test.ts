import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  call,
  createCertificate,
  createOrganization,
  createUser,
  kolkataDateIn,
  setupTestApp,
  testDatabases,
} from './helper';

const FIXTURES = path.join(__dirname, 'fixtures', 'imports');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** A multipart/form-data body: the fields, then the file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----duly${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface ImportAnswer {
  id: string;
  status: string;
  total_rows: number;
  processed_rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  error?: string;
  date_order: string | null;
  mapping: Record<string, string>;
}

async function upload(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) {
  const { payload, headers } = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/v1/imports',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

/** Uploads and waits for the job; the import as GET /imports/{id} ends it. */
async function importFile(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer },
): Promise<ImportAnswer> {
  const response = await upload(app, token, fields, file);
  expect(response.statusCode).toBe(202);
  const queued = response.json<ImportAnswer>();
  expect(queued.status).toBe('queued');
  for (;;) {
    const current = await call(app, 'GET', `/imports/${queued.id}`, { token });
    expect(current.statusCode).toBe(200);
    const body = current.json<ImportAnswer>();
    if (body.status === 'done' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function rowsOf(app: FastifyInstance, token: string, id: string, outcome?: string) {
  const response = await call(app, 'GET', `/imports/${id}/rows`, {
    token,
    query: outcome ? { outcome } : {},
  });
  expect(response.statusCode).toBe(200);
  return {
    rows: response.json<Record<string, unknown>[]>(),
    total: response.headers['x-total-count'],
  };
}

async function employeesOf(app: FastifyInstance, token: string) {
  const response = await call(app, 'GET', '/employees/', { token, query: { limit: '200' } });
  return response.json<
    {
      email: string;
      firstName: string;
      lastName: string;
      department: string | null;
      role: string;
    }[]
  >();
}

describe.each(testDatabases())('imports on %s', (kind) => {
  const context = setupTestApp(kind, { imports: { maxRows: 1000, maxBytes: 1024 * 1024 } });

  test('UTF-8 with BOM: a preview changes nothing, the apply creates exactly what it showed', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const file = { name: 'people.csv', bytes: fixture('employees-utf8-bom.csv') };
    const preview = await importFile(
      app,
      org.admin.token,
      { kind: 'employees', dry_run: 'true' },
      file,
    );
    expect(preview).toMatchObject({
      status: 'done',
      total_rows: 2,
      processed_rows: 2,
      created: 2,
      failed: 0,
    });
    expect(await employeesOf(app, org.admin.token)).toHaveLength(4);
    const { rows, total } = await rowsOf(app, org.admin.token, preview.id);
    expect(total).toBe('2');
    expect(rows[1]).toMatchObject({
      row: 2,
      outcome: 'create',
      changes: {
        first_name: [null, 'Jürgen'],
        last_name: [null, 'Müller; "Sr"'],
        role: [null, 'manager'],
      },
    });

    const applied = await importFile(
      app,
      org.admin.token,
      { kind: 'employees', preview_id: preview.id },
      file,
    );
    expect(applied).toMatchObject({ status: 'done', created: 2, failed: 0 });
    const people = await employeesOf(app, org.admin.token);
    expect(people.find((p) => p.email === 'anita.rao@example.test')).toMatchObject({
      firstName: 'Anita',
      department: 'Opérations ₹',
    });

    // The history names the import as the actor, with the action "imported".
    const activity = await call(app, 'GET', '/activity', {
      token: org.admin.token,
      query: { action: 'imported' },
    });
    expect(activity.json<{ actor_kind: string }[]>().map((entry) => entry.actor_kind)).toEqual([
      'import',
      'import',
    ]);

    // The same file again: nothing to do.
    const again = await importFile(app, org.admin.token, { kind: 'employees' }, file);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
  });

  test('UTF-16 LE with tabs and synonym headers, UTF-16 BE, Windows-1252 with semicolons: names intact', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const le = await importFile(
      app,
      org.admin.token,
      { kind: 'employees' },
      {
        name: 'le.csv',
        bytes: fixture('employees-utf16le-tab.csv'),
      },
    );
    expect(le).toMatchObject({ created: 2, failed: 0 });
    expect(le.mapping).toEqual({
      'E-mail': 'email',
      'Given name': 'first_name',
      Surname: 'last_name',
      Dept: 'department',
    });
    const be = await importFile(
      app,
      org.admin.token,
      { kind: 'employees' },
      {
        name: 'be.csv',
        bytes: fixture('employees-utf16be.csv'),
      },
    );
    expect(be).toMatchObject({ created: 1, failed: 0 });
    const cp = await importFile(
      app,
      org.admin.token,
      { kind: 'employees' },
      {
        name: 'win.csv',
        bytes: fixture('employees-win1252-semicolon.csv'),
      },
    );
    expect(cp).toMatchObject({ created: 2, failed: 1 });
    const people = await employeesOf(app, org.admin.token);
    const byEmail = Object.fromEntries(people.map((p) => [p.email, p]));
    expect(byEmail['chloe.leclerc@example.test']).toMatchObject({
      firstName: 'Chloé',
      department: 'Qualité ₹',
    });
    expect(byEmail['be.person@example.test']).toMatchObject({
      firstName: 'Zoë',
      lastName: 'Brontë',
    });
    expect(byEmail['gunther.schafer@example.test']).toMatchObject({
      firstName: 'Günther',
      lastName: 'Schäfer',
      department: 'München Süd',
    });
    expect(byEmail['renee.cote@example.test']).toMatchObject({
      firstName: 'Renée',
      department: 'Comptabilité €',
    });

    // The bad row: the form's own message, by row and column; the error CSV gives its cells back.
    const { rows } = await rowsOf(app, org.admin.token, cp.id, 'error');
    expect(rows).toEqual([
      {
        row: 3,
        outcome: 'error',
        errors: [{ column: 'Email', message: 'must be a valid email address' }],
      },
    ]);
    const csv = await call(app, 'GET', `/imports/${cp.id}/errors.csv`, { token: org.admin.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe(
      '\uFEFFFirst name,Last name,Email,Department,error\r\nBad,Row,not-an-email,Nowhere,Email: must be a valid email address\r\n',
    );
    // Fixed and uploaded again (UTF-8 now, as the download is): the row is created.
    const fixed = csv.body
      .replace('not-an-email', 'bad.row@example.test')
      .replace(/,Email: .*\r\n/, ',\r\n');
    const retry = await importFile(
      app,
      org.admin.token,
      { kind: 'employees' },
      { name: 'fixed.csv', bytes: Buffer.from(fixed) },
    );
    expect(retry).toMatchObject({ created: 1, failed: 0 });
  });

  test('modes, duplicates inside the file, other organisations, invitations only when asked', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    const csv = (lines: string[]) => ({
      name: 'p.csv',
      bytes: Buffer.from(['email,first_name,role', ...lines].join('\n')),
    });

    const insert = await importFile(
      app,
      org.admin.token,
      { kind: 'employees', mode: 'insert' },
      csv([
        `${org.employee.email},Changed,employee`,
        'new.one@example.test,New,employee',
        'NEW.ONE@example.test,Twice,employee',
        `${other.employee.email},Elsewhere,employee`,
      ]),
    );
    expect(insert).toMatchObject({ created: 2, failed: 2 });
    const errors = (await rowsOf(app, org.admin.token, insert.id, 'error')).rows;
    expect(errors).toEqual([
      {
        row: 1,
        outcome: 'error',
        errors: [{ column: 'email', message: 'An account with this email already exists' }],
      },
      {
        row: 3,
        outcome: 'error',
        errors: [{ column: 'email', message: 'is already on row 2 of this file' }],
      },
    ]);
    // Another organisation's address is added like any new address (POST /employees does the
    // same): nothing tells that it exists elsewhere, and that person is untouched.
    const theirs = await employeesOf(app, other.admin.token);
    expect(theirs.find((p) => p.email === other.employee.email)?.firstName).not.toBe('Elsewhere');

    const update = await importFile(
      app,
      org.admin.token,
      { kind: 'employees', mode: 'update' },
      csv([`${org.employee.email},Changed,employee`, 'nobody@example.test,No,employee']),
    );
    expect(update).toMatchObject({ updated: 1, failed: 1 });
    const updated = (await rowsOf(app, org.admin.token, update.id)).rows;
    expect(updated[0]).toMatchObject({
      outcome: 'update',
      changes: { first_name: [expect.any(String), 'Changed'] },
    });

    // No invitation unless asked; once asked, one per new person, never again for them.
    const links = () =>
      db
        .selectFrom('account_tokens')
        .select('user_id')
        .where('organization_id', '=', org.id)
        .execute();
    const before = (await links()).length;
    await importFile(
      app,
      org.admin.token,
      { kind: 'employees', send_invitations: 'true' },
      csv(['invited@example.test,Invited,employee']),
    );
    expect((await links()).length).toBe(before + 1);
    await importFile(
      app,
      org.admin.token,
      { kind: 'employees', send_invitations: 'true' },
      csv(['invited@example.test,Invited,employee']),
    );
    expect((await links()).length).toBe(before + 1);
  });

  test('certificates: tabs, dd/MM dates, Excel date cells and a chosen sheet, formulas as text', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createUser(db, org.id, { email: 'owner@example.test', first_name: 'Owner' });
    const tab = await importFile(
      app,
      org.admin.token,
      { kind: 'certificates' },
      {
        name: 'c.csv',
        bytes: fixture('certificates-tab.csv'),
      },
    );
    expect(tab).toMatchObject({ created: 2, failed: 0, date_order: 'day-first' });
    const xlsx = await importFile(
      app,
      org.admin.token,
      { kind: 'certificates', sheet: 'Certificates' },
      {
        name: 'c.xlsx',
        bytes: fixture('certificates-dates.xlsx'),
      },
    );
    expect(xlsx).toMatchObject({ created: 2, failed: 0 });
    const list = await call(app, 'GET', '/certificates/', {
      token: org.admin.token,
      query: { sort: 'name' },
    });
    const byName = Object.fromEntries(
      list
        .json<
          { name: string; issue_date: string; expiry_date: string; description: string | null }[]
        >()
        .map((c) => [c.name, c]),
    );
    expect(byName['Fire safety ₹']).toMatchObject({
      issue_date: '2025-02-01',
      expiry_date: '2030-12-31',
      description: 'He said "renew"',
    });
    expect(byName['=HYPERLINK("http://evil.test")']).toMatchObject({
      issue_date: '2025-01-05',
      expiry_date: '2031-01-05',
      description: '+cmd',
    });
    expect(byName['Boiler licence']).toMatchObject({
      issue_date: '2025-03-04',
      expiry_date: '2031-03-04',
    });
    expect(byName['=HYPERLINK("http://evil.test","Lift")']).toBeDefined();

    // A person in charge who is not in the organisation: the form's own message.
    const stranger = await importFile(
      app,
      org.admin.token,
      { kind: 'certificates' },
      {
        name: 's.csv',
        bytes: Buffer.from(
          'name,incharge_email,expiry_date,reminder_days_before\nX,ghost@example.test,2030-01-01,10\n',
        ),
      },
    );
    expect((await rowsOf(app, org.admin.token, stranger.id, 'error')).rows).toEqual([
      {
        row: 1,
        outcome: 'error',
        errors: [{ column: 'incharge_email', message: 'is not a user of your organisation' }],
      },
    ]);
  });

  test('the round trip: export → import changes nothing', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createCertificate(db, org, { name: '=SUM(A1)', incharge_person_id: org.employee.id });
    await createCertificate(db, org, {
      name: 'Plain; "quoted"',
      incharge_person_id: org.colleague.id,
      description: 'Zoë ₹',
    });
    await createCertificate(db, org, { name: 'Nobody in charge' });
    for (const [kind, format] of [
      ['employees', 'csv'],
      ['employees', 'xlsx'],
      ['certificates', 'csv'],
      ['certificates', 'xlsx'],
    ] as const) {
      const exported = await app.inject({
        method: 'GET',
        url: `/api/v1/${kind}/export?format=${format}`,
        headers: { authorization: `Bearer ${org.admin.token}` },
      });
      expect(exported.statusCode).toBe(200);
      const result = await importFile(
        app,
        org.admin.token,
        { kind, dry_run: 'true' },
        {
          name: `${kind}.${format}`,
          bytes: exported.rawPayload,
        },
      );
      expect({ kind, format, ...result }).toMatchObject({
        kind,
        format,
        created: 0,
        updated: 0,
        failed: 0,
      });
      expect(result.unchanged).toBeGreaterThan(0);
    }
  });

  test("an update of a typed certificate re-arms the type's first reminder offset", async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const type = await call(app, 'POST', '/certificate-types/', {
      token: org.admin.token,
      body: { name: 'Working at height', reminder_offsets: [60, 14] },
    });
    expect(type.statusCode).toBe(201);
    const oldExpiry = kolkataDateIn(100);
    const created = await call(app, 'POST', '/certificates/', {
      token: org.admin.token,
      body: {
        name: 'Working at height',
        expiry_date: oldExpiry,
        reminder_days_before: 30,
        incharge_person_id: org.employee.id,
        certificate_type_id: type.json().id,
      },
    });
    expect(created.statusCode).toBe(201);
    const exported = await call(app, 'GET', '/certificates/export', {
      token: org.admin.token,
      query: { format: 'csv' },
    });
    expect(exported.body).toContain(oldExpiry);
    const newExpiry = kolkataDateIn(400);
    const result = await importFile(
      app,
      org.admin.token,
      { kind: 'certificates', mode: 'update' },
      { name: 'c.csv', bytes: Buffer.from(exported.body.split(oldExpiry).join(newExpiry)) },
    );
    expect(result).toMatchObject({ updated: 1, failed: 0 });
    const row = await db
      .selectFrom('certificates')
      .select(['expiry_date', 'remind_on'])
      .where('id', '=', created.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ expiry_date: newExpiry, remind_on: kolkataDateIn(400 - 60) });
  });

  test('the organisation changed since the preview: the apply says so and changes nothing', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const file = {
      name: 'p.csv',
      bytes: Buffer.from(`email,first_name\n${org.employee.email},Previewed\n`),
    };
    const preview = await importFile(
      app,
      org.admin.token,
      { kind: 'employees', dry_run: 'true' },
      file,
    );
    await call(app, 'PUT', `/employees/${org.employee.id}`, {
      token: org.admin.token,
      body: { firstName: 'Meanwhile' },
    });
    const applied = await importFile(
      app,
      org.admin.token,
      { kind: 'employees', preview_id: preview.id },
      file,
    );
    expect(applied.status).toBe('failed');
    expect(applied.error).toMatch(/changed since the preview/);
    const person = await call(app, 'GET', `/employees/${org.employee.id}`, {
      token: org.admin.token,
    });
    expect(person.json<{ firstName: string }>().firstName).toBe('Meanwhile');
  });

  test('a file of several chunks: matches by person and name in any case, a duplicate across chunks, the apply does what the preview showed', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const email = org.employee.email;
    const expiry = kolkataDateIn(400);
    const fire = await createCertificate(db, org, { name: 'Fire Safety', expiry_date: expiry });
    const medical = await createCertificate(db, org, {
      name: 'Ärztliche Prüfung',
      expiry_date: expiry,
    });
    await createCertificate(db, org, {
      name: 'Building permit',
      expiry_date: expiry,
      incharge_person_id: null,
      assigner_id: null,
    });
    // More rows than the job plans at once (CHUNK_ROWS, 250): what matters lies past the first.
    const lines = ['name,incharge_email,expiry_date,reminder_days_before'];
    for (let i = 1; i <= 600; i += 1) lines.push(`Bulk ${i},${email},${kolkataDateIn(100)},30`);
    lines[251] = `BULK 1,${email.toUpperCase()},${kolkataDateIn(100)},30`;
    lines[260] = `ÄRZTLICHE PRÜFUNG,${email},${kolkataDateIn(500)},30`;
    lines[300] = `FIRE SAFETY,${email},${kolkataDateIn(500)},30`;
    lines[590] = `Building permit,,${expiry},30`;
    const file = { name: 'many.csv', bytes: Buffer.from(`${lines.join('\n')}\n`) };

    const preview = await importFile(
      app,
      org.admin.token,
      { kind: 'certificates', dry_run: 'true' },
      file,
    );
    const expected = { created: 596, updated: 2, unchanged: 1, failed: 1 };
    expect(preview).toMatchObject({ status: 'done', processed_rows: 600, ...expected });
    const errors = await rowsOf(app, org.admin.token, preview.id, 'error');
    expect(errors.rows).toEqual([
      {
        row: 251,
        outcome: 'error',
        errors: [{ column: 'name', message: 'is already on row 1 of this file' }],
      },
    ]);
    const updates = await rowsOf(app, org.admin.token, preview.id, 'update');
    expect(updates.rows.map((row) => row.row)).toEqual([260, 300]);
    expect(updates.rows[1].changes).toMatchObject({
      name: ['Fire Safety', 'FIRE SAFETY'],
      expiry_date: [expiry, kolkataDateIn(500)],
    });

    const applied = await importFile(
      app,
      org.admin.token,
      { kind: 'certificates', preview_id: preview.id },
      file,
    );
    expect(applied).toMatchObject({ status: 'done', processed_rows: 600, ...expected });
    const certificate = async (id: string) =>
      (await call(app, 'GET', `/certificates/${id}`, { token: org.admin.token })).json<{
        name: string;
        expiry_date: string;
      }>();
    expect(await certificate(fire)).toMatchObject({
      name: 'FIRE SAFETY',
      expiry_date: kolkataDateIn(500),
    });
    expect(await certificate(medical)).toMatchObject({ name: 'ÄRZTLICHE PRÜFUNG' });
    const listed = await call(app, 'GET', '/certificates/', {
      token: org.admin.token,
      query: { limit: '1' },
    });
    expect(listed.headers['x-total-count']).toBe('599');

    // Everything is there now: the same file again changes nothing but the duplicate's error.
    const again = await importFile(
      app,
      org.admin.token,
      { kind: 'certificates', dry_run: 'true' },
      file,
    );
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 599, failed: 1 });
  });

  test('the bell tells whoever started an import that it ended, done or failed, with a link to its result; a preview adds nothing', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const notices = async (token: string) =>
      (await call(app, 'GET', '/notifications/', { token })).json<
        { kind: string; item_type: string; item_id: string; item_title: string; read_at: null }[]
      >();
    const before = await notices(org.admin.token);
    const file = {
      name: 'people.csv',
      bytes: Buffer.from(
        `email,first_name\nbell1@example.test,Bell\nbell2@example.test,Bell\nnot-an-email,Bell\n`,
      ),
    };
    const preview = await importFile(
      app,
      org.admin.token,
      { kind: 'employees', dry_run: 'true' },
      file,
    );
    expect(await notices(org.admin.token)).toEqual(before);

    const applied = await importFile(
      app,
      org.admin.token,
      { kind: 'employees', preview_id: preview.id },
      file,
    );
    expect(applied).toMatchObject({ status: 'done', created: 2, failed: 1 });
    const [done] = await notices(org.admin.token);
    expect(done).toMatchObject({
      kind: 'import_done',
      item_type: 'employees_import',
      item_id: applied.id,
      item_title: 'people.csv: 2 created, 1 not imported',
      read_at: null,
    });
    // Only the person who started it; the unread count counts it.
    expect((await notices(org.manager.token)).map((n) => n.kind)).not.toContain('import_done');
    const unread = await call(app, 'GET', '/notifications/unread-count', {
      token: org.admin.token,
    });
    expect(unread.json<{ count: number }>().count).toBeGreaterThanOrEqual(1);

    // A failed apply (the organisation changed since its preview) says so too.
    const certificates = {
      name: 'certs.csv',
      bytes: Buffer.from(
        `name,incharge_email,expiry_date,reminder_days_before\nBell cert,${org.employee.email},2027-01-31,30\n`,
      ),
    };
    const certificatePreview = await importFile(
      app,
      org.admin.token,
      { kind: 'certificates', dry_run: 'true' },
      certificates,
    );
    await call(app, 'POST', '/certificates/', {
      token: org.admin.token,
      body: {
        name: 'Bell cert',
        incharge_person_id: org.employee.id,
        expiry_date: '2027-02-28',
        reminder_days_before: 30,
      },
    });
    const failed = await importFile(
      app,
      org.admin.token,
      { kind: 'certificates', preview_id: certificatePreview.id },
      certificates,
    );
    expect(failed.status).toBe('failed');
    const [latest] = await notices(org.admin.token);
    expect(latest).toMatchObject({
      kind: 'import_failed',
      item_type: 'certificates_import',
      item_id: failed.id,
      item_title: 'certs.csv',
    });
  });

  test('a manager imports employees and certificates, but no row may make or change an admin', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const people = await importFile(
      app,
      org.manager.token,
      { kind: 'employees' },
      {
        name: 'team.csv',
        bytes: Buffer.from(
          [
            'email,first_name,role',
            'new.hand@example.test,New,employee',
            'new.boss@example.test,Boss,admin',
            `${org.admin.email},Renamed,`,
            `${org.employee.email},Promoted,manager`,
          ].join('\n'),
        ),
      },
    );
    expect(people).toMatchObject({ status: 'done', created: 1, updated: 1, failed: 2 });
    const { rows } = await rowsOf(app, org.manager.token, people.id, 'error');
    expect(rows).toEqual([
      {
        row: 2,
        outcome: 'error',
        errors: [{ column: 'role', message: 'Only an admin can create or change an admin' }],
      },
      {
        row: 3,
        outcome: 'error',
        errors: [{ column: 'email', message: 'Only an admin can create or change an admin' }],
      },
    ]);
    const everyone = await employeesOf(app, org.manager.token);
    expect(everyone.map((p) => p.email)).not.toContain('new.boss@example.test');
    expect(everyone.find((p) => p.email === org.admin.email)?.firstName).not.toBe('Renamed');
    expect(everyone.find((p) => p.email === org.employee.email)?.role).toBe('manager');

    const certificates = await importFile(
      app,
      org.manager.token,
      { kind: 'certificates' },
      {
        name: 'certs.csv',
        bytes: Buffer.from(
          `name,incharge_email,expiry_date,reminder_days_before\nForklift licence,${org.employee.email},2027-03-31,30\n`,
        ),
      },
    );
    expect(certificates).toMatchObject({ status: 'done', created: 1, failed: 0 });
    // The same rows by an admin: the admin may.
    const byAdmin = await importFile(
      app,
      org.admin.token,
      { kind: 'employees' },
      {
        name: 'boss.csv',
        bytes: Buffer.from('email,first_name,role\nnew.boss@example.test,Boss,admin\n'),
      },
    );
    expect(byAdmin).toMatchObject({ status: 'done', created: 1, failed: 0 });
  });

  test('bad files: a 400 naming the problem, nothing stored', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const bad = async (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
      const response = await upload(app, org.admin.token, { kind: 'employees', ...fields }, file);
      expect(response.statusCode).toBe(400);
      return response.json<{ message: string; errors: { path: string; message: string }[] }>()
        .errors[0];
    };
    expect(await bad({}, { name: 'empty.csv', bytes: Buffer.alloc(0) })).toMatchObject({
      path: 'file',
      message: 'is empty',
    });
    expect(
      await bad({}, { name: 'h.csv', bytes: Buffer.from('email,first_name\r\n') }),
    ).toMatchObject({ message: 'has a header row but no data rows' });
    expect((await bad({}, { name: 'binary.csv', bytes: fixture('binary.csv') })).message).toMatch(
      /not a CSV or Excel file/,
    );
    expect((await bad({}, { name: 'bomb.xlsx', bytes: fixture('zip-bomb.xlsx') })).message).toMatch(
      /unpacks to more/,
    );
    expect(
      (await bad({}, { name: 'big.csv', bytes: Buffer.alloc(2 * 1024 * 1024, 'a') })).message,
    ).toMatch(/larger than/);
    const many = `email\n${Array.from({ length: 1001 }, (_, i) => `p${i}@example.test`).join('\n')}`;
    expect((await bad({}, { name: 'many.csv', bytes: Buffer.from(many) })).message).toMatch(
      /at most 1000/,
    );
    expect(
      await bad({ kind: 'tasks' }, { name: 'a.csv', bytes: Buffer.from('email\na@example.test') }),
    ).toMatchObject({ path: 'kind' });
    expect(
      await bad(
        { mapping: '{nope' },
        { name: 'a.csv', bytes: Buffer.from('email\na@example.test') },
      ),
    ).toMatchObject({ path: 'mapping' });
    expect(
      await bad({}, { name: 'a.csv', bytes: Buffer.from('who\na@example.test') }),
    ).toMatchObject({ path: 'mapping', message: 'No column is mapped to "email".' });
    expect(await bad({})).toMatchObject({ path: 'file', message: 'is required' });
    const imports = await db
      .selectFrom('imports')
      .select('id')
      .where('organization_id', '=', org.id)
      .execute();
    expect(imports).toEqual([]);
  });

  test('rows with extra or missing cells, a user mapping, mixed line ends', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const bytes = Buffer.from(
      'Mail,Vorname,Extra\r\nshort@example.test\nlong@example.test,Lang,x,y,z\r\n',
    );
    const result = await importFile(
      app,
      org.admin.token,
      { kind: 'employees', mapping: JSON.stringify({ Mail: 'email', Vorname: 'first_name' }) },
      { name: 'm.csv', bytes },
    );
    expect(result).toMatchObject({ created: 2, failed: 0 });
    const people = await employeesOf(app, org.admin.token);
    expect(people.find((p) => p.email === 'long@example.test')?.firstName).toBe('Lang');
  });

  test('one import at a time per organisation; not employees; another organisation’s import is 404', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    const rows = Array.from({ length: 600 }, (_, i) => `bulk${i}@example.test,Bulk`).join('\n');
    const file = { name: 'bulk.csv', bytes: Buffer.from(`email,first_name\n${rows}`) };
    const first = await upload(app, org.admin.token, { kind: 'employees' }, file);
    expect(first.statusCode).toBe(202);
    const second = await upload(app, org.admin.token, { kind: 'employees' }, file);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toMatch(/Another import is already running/);
    const manager = await upload(app, org.manager.token, { kind: 'employees' }, file);
    expect(manager.statusCode).toBe(409);
    const employee = await upload(app, org.employee.token, { kind: 'employees' }, file);
    expect(employee.statusCode).toBe(403);
    const id = first.json<{ id: string }>().id;
    expect(
      (await call(app, 'GET', `/imports/${id}`, { token: other.admin.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(app, 'GET', `/imports/${id}/rows`, { token: other.admin.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(app, 'GET', `/imports/${id}/errors.csv`, { token: other.admin.token }))
        .statusCode,
    ).toBe(404);
    for (;;) {
      const body = (
        await call(app, 'GET', `/imports/${id}`, { token: org.admin.token })
      ).json<ImportAnswer>();
      if (body.status === 'done') {
        expect(body).toMatchObject({ created: 600, processed_rows: 600 });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const page = await call(app, 'GET', `/imports/${id}/rows`, {
      token: org.admin.token,
      query: { limit: '10', offset: '590' },
    });
    expect(page.headers['x-total-count']).toBe('600');
    expect(page.json<{ row: number }[]>().map((r) => r.row)).toEqual(
      Array.from({ length: 10 }, (_, i) => 591 + i),
    );
  });
});
