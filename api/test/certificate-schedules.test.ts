/**
 * The stored reminder schedule (issue 25): every path that writes a certificate (create, edit,
 * renew, a type change, a reassignment, an approved document's renewal, an import's create and
 * update, the demo seed) stores the `remind_on` and `escalate_on` of @duly/shared's rule, the
 * certificates repository working them out. The expected values here come from the shared rule
 * alone: `certificateSchedule` at the largest of `effectiveOffsets` (the first reminder day).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { certificateSchedule, effectiveOffsets } from '@duly/shared/contract';
import { seedDemo } from '../src/demo/seed';
import type { Db } from '../src/db/tables';
import { MULTIPART_TYPE, PDF, multipart } from './document-files';
import {
  LEGACY_COST,
  call,
  createCertificate,
  createOrganization,
  kolkataDateIn,
  setupTestApp,
  testDatabases,
  type TestOrganization,
} from './helper';

/** The schedule of a stored certificate by @duly/shared's rule, and the one stored. */
async function scheduleOf(db: Db, id: string) {
  const row = await db
    .selectFrom('certificates as c')
    .leftJoin('certificate_types as t', (join) =>
      join
        .onRef('t.organization_id', '=', 'c.organization_id')
        .onRef('t.id', '=', 'c.certificate_type_id'),
    )
    .select([
      'c.expiry_date',
      'c.reminder_days_before',
      'c.reminder_offsets',
      'c.remind_on',
      'c.escalate_on',
      't.reminder_offsets as type_offsets',
    ])
    .where('c.id', '=', id)
    .executeTakeFirstOrThrow();
  const days = Number(row.reminder_days_before);
  const offsets = effectiveOffsets(
    row.reminder_offsets === null ? null : (JSON.parse(row.reminder_offsets) as number[]),
    row.type_offsets === null ? null : (JSON.parse(row.type_offsets) as number[]),
    days,
  );
  return {
    stored: { remind_on: row.remind_on, escalate_on: row.escalate_on },
    rule: {
      remind_on: certificateSchedule(row.expiry_date, Math.max(...offsets))!.remind_on,
      escalate_on: certificateSchedule(row.expiry_date, days)!.escalate_on,
    },
    expiry: row.expiry_date,
  };
}

/** Expects the stored schedule to be the rule's, with the first reminder `days` before expiry. */
async function expectRuleOf(db: Db, id: string, days: number) {
  const { stored, rule, expiry } = await scheduleOf(db, id);
  expect(stored).toEqual(rule);
  expect(rule.remind_on).toBe(certificateSchedule(expiry, days)!.remind_on);
}

describe.each(testDatabases())('the stored reminder schedule on %s', (kind) => {
  const context = setupTestApp(kind, {
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'duly-certificate-schedules-')),
  });
  let org: TestOrganization;
  let typeId: string;

  beforeEach(async () => {
    org = await createOrganization(context().db);
    const type = await call(context().app, 'POST', '/certificate-types/', {
      token: org.admin.token,
      body: { name: 'Working at height', reminder_offsets: [60, 14] },
    });
    expect(type.statusCode).toBe(201);
    typeId = type.json().id;
  });

  async function create(body: Record<string, unknown>): Promise<string> {
    const created = await call(context().app, 'POST', '/certificates/', {
      token: org.manager.token,
      body: {
        name: `Licence ${Math.random()}`,
        expiry_date: kolkataDateIn(200),
        reminder_days_before: 30,
        incharge_person_id: org.employee.id,
        ...body,
      },
    });
    expect(created.statusCode).toBe(201);
    return created.json().id;
  }

  async function edit(id: string, body: Record<string, unknown>) {
    const saved = await call(context().app, 'PUT', `/certificates/${id}/`, {
      token: org.manager.token,
      body,
    });
    expect(saved.statusCode).toBe(200);
    return saved.json();
  }

  test('create: untyped at reminder_days_before, typed at its type’s first offset', async () => {
    const { db } = context();
    await expectRuleOf(db, await create({}), 30);
    await expectRuleOf(db, await create({ certificate_type_id: typeId }), 60);
    await expectRuleOf(db, await create({ reminder_offsets: [45, 7] }), 45);
  });

  test('edit: a new expiry date and new reminder days', async () => {
    const { db } = context();
    const id = await create({});
    await edit(id, { expiry_date: kolkataDateIn(300) });
    await expectRuleOf(db, id, 30);
    await edit(id, { reminder_days_before: 10 });
    await expectRuleOf(db, id, 10);
  });

  test('type change: typed, then untyped again', async () => {
    const { db } = context();
    const id = await create({});
    await edit(id, { certificate_type_id: typeId });
    await expectRuleOf(db, id, 60);
    await edit(id, { certificate_type_id: null });
    await expectRuleOf(db, id, 30);
  });

  test('renew: an expired typed certificate saved with a new expiry date', async () => {
    const { db } = context();
    const id = await createCertificate(db, org, {
      expiry_date: kolkataDateIn(-5),
      status: 'expired',
      certificate_type_id: typeId,
    });
    const renewed = await edit(id, {
      issue_date: kolkataDateIn(0),
      expiry_date: kolkataDateIn(365),
    });
    expect(renewed.status).toBe('renewed');
    await expectRuleOf(db, id, 60);
  });

  test('a reassignment re-arms the reminder; a name-only edit leaves it where the sweep left it', async () => {
    const { app, db } = context();
    const id = await create({ certificate_type_id: typeId });
    const recorded = () =>
      db.updateTable('certificates').set({ remind_on: null }).where('id', '=', id).execute();
    await recorded();
    await edit(id, { name: 'Renamed licence' });
    expect((await scheduleOf(db, id)).stored.remind_on).toBeNull();
    const assigned = await call(app, 'POST', '/manager/certificates/assign', {
      token: org.manager.token,
      body: { certificate_id: id, employee_id: org.colleague.id },
    });
    expect(assigned.statusCode).toBe(200);
    await expectRuleOf(db, id, 60);
  });

  test('an approved document’s renewal', async () => {
    const { app, db } = context();
    const id = await create({ certificate_type_id: typeId });
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/certificates/${id}/documents`,
      headers: { authorization: `Bearer ${org.employee.token}`, 'content-type': MULTIPART_TYPE },
      payload: multipart([{ filename: 'scan.pdf', content: PDF }], {
        expiry_date: kolkataDateIn(500),
      }),
    });
    expect(sent.statusCode).toBe(201);
    const approved = await call(app, 'POST', `/documents/${sent.json().id}/approve`, {
      token: org.manager.token,
    });
    expect(approved.statusCode).toBe(200);
    const { expiry } = await scheduleOf(db, id);
    expect(expiry).toBe(kolkataDateIn(500));
    await expectRuleOf(db, id, 60);
  });

  /** Imports `csv` as certificates in `mode` and waits for the job to finish. */
  async function importCsv(mode: 'insert' | 'update', csv: string) {
    const { app } = context();
    const queued = await app.inject({
      method: 'POST',
      url: '/api/v1/imports',
      headers: { authorization: `Bearer ${org.admin.token}`, 'content-type': MULTIPART_TYPE },
      payload: multipart([{ filename: 'certificates.csv', content: Buffer.from(csv) }], {
        kind: 'certificates',
        mode,
      }),
    });
    expect(queued.statusCode).toBe(202);
    for (;;) {
      const job = (
        await call(app, 'GET', `/imports/${queued.json().id}`, { token: org.admin.token })
      ).json();
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  test('an import’s create and its update of a typed certificate', async () => {
    const { db } = context();
    const header = 'name,incharge_email,expiry_date,reminder_days_before';
    const created = await importCsv(
      'insert',
      `${header}\nImported licence,${org.employee.email},${kolkataDateIn(150)},20\n`,
    );
    expect(created).toMatchObject({ status: 'done', created: 1, failed: 0 });
    const row = await db
      .selectFrom('certificates')
      .select('id')
      .where('organization_id', '=', org.id)
      .where('name', '=', 'Imported licence')
      .executeTakeFirstOrThrow();
    await expectRuleOf(db, row.id, 20);

    await edit(row.id, { certificate_type_id: typeId });
    const updated = await importCsv(
      'update',
      `${header}\nImported licence,${org.employee.email},${kolkataDateIn(250)},20\n`,
    );
    expect(updated).toMatchObject({ status: 'done', updated: 1, failed: 0 });
    expect((await scheduleOf(db, row.id)).expiry).toBe(kolkataDateIn(250));
    await expectRuleOf(db, row.id, 60);
  });
});

describe.each(testDatabases())('the demo seed on %s', (kind) => {
  const context = setupTestApp(kind);

  test('stores the rule’s schedule for every certificate', async () => {
    const { db } = context();
    await seedDemo(db, undefined, LEGACY_COST);
    const certificates = await db.selectFrom('certificates').select('id').execute();
    expect(certificates.length).toBeGreaterThan(0);
    for (const { id } of certificates) {
      const { stored, rule } = await scheduleOf(db, id);
      expect(stored).toEqual(rule);
    }
  });
});
