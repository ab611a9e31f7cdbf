/**
 * Several reminders per certificate (issue 28): one per reminder offset, each exactly once,
 * caught up after downtime, re-armed by a renewal (a new expiry date), the legacy
 * `reminder_days_before` as the single offset of an untyped certificate, and the reminder after
 * expiry. Through the HTTP API, with the sweep run on a clock of the test's own.
 */
import type { Clock } from '../src/lib/clock';
import type { Db } from '../src/db/tables';
import { runReminderSweep } from '../src/reminders/sweep';
import {
  call,
  createOrganization,
  kolkataDateIn,
  setupTestApp,
  testDatabases,
  type TestOrganization,
} from './helper';

const DAY_MS = 86_400_000;
const inDays =
  (days: number): Clock =>
  () =>
    new Date(Date.now() + days * DAY_MS);

/** The keys of the certificate's reminders to `userId`, without the ids: `<expiry>:<offset>`. */
async function remindersOf(db: Db, certificateId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('key')
    .where('item_id', '=', certificateId)
    .where('recipient_user_id', '=', userId)
    .where('kind', '=', 'certificate_reminder')
    .orderBy('key')
    .execute();
  return rows.map((row) =>
    row.key.replace(`certificate:${certificateId}:reminder:`, '').replace(`:${userId}`, ''),
  );
}

describe.each(testDatabases())('reminder offsets on %s', (kind) => {
  const context = setupTestApp(kind);
  let org: TestOrganization;

  beforeEach(async () => {
    org = await createOrganization(context().db);
  });

  async function createType(body: object): Promise<string> {
    const response = await call(context().app, 'POST', '/certificate-types/', {
      token: org.admin.token,
      body: { name: `Type ${Math.random()}`, ...body },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  async function createCertificate(body: object): Promise<string> {
    const response = await call(context().app, 'POST', '/certificates/', {
      token: org.manager.token,
      body: {
        name: 'Working at height',
        reminder_days_before: 30,
        incharge_person_id: org.employee.id,
        ...body,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  test('one reminder per type offset, each on its day and once, however often the sweep runs', async () => {
    const { db } = context();
    const type = await createType({ reminder_offsets: [60, 14] });
    const expiry = kolkataDateIn(70);
    const certificate = await createCertificate({ expiry_date: expiry, certificate_type_id: type });

    await runReminderSweep(db, inDays(0));
    expect(await remindersOf(db, certificate, org.employee.id)).toEqual([]);
    await runReminderSweep(db, inDays(10));
    await runReminderSweep(db, inDays(11));
    expect(await remindersOf(db, certificate, org.employee.id)).toEqual([`${expiry}:60d`]);
    await runReminderSweep(db, inDays(56));
    await runReminderSweep(db, inDays(56));
    await runReminderSweep(db, inDays(60));
    expect(await remindersOf(db, certificate, org.employee.id)).toEqual([
      `${expiry}:14d`,
      `${expiry}:60d`,
    ]);
    // The creator is told too, once per offset.
    expect(await remindersOf(db, certificate, org.manager.id)).toHaveLength(2);
  });

  test('after downtime across both days, both reminders are recorded at the next run, once', async () => {
    const { db } = context();
    const type = await createType({ reminder_offsets: [60, 14] });
    const expiry = kolkataDateIn(70);
    const certificate = await createCertificate({ expiry_date: expiry, certificate_type_id: type });
    await runReminderSweep(db, inDays(58));
    await runReminderSweep(db, inDays(59));
    expect(await remindersOf(db, certificate, org.employee.id)).toEqual([
      `${expiry}:14d`,
      `${expiry}:60d`,
    ]);
  });

  test("the certificate's own offsets override its type's", async () => {
    const { db } = context();
    const type = await createType({ reminder_offsets: [60, 14] });
    const expiry = kolkataDateIn(20);
    const certificate = await createCertificate({
      expiry_date: expiry,
      certificate_type_id: type,
      reminder_offsets: [7, 3],
    });
    await runReminderSweep(db, inDays(15));
    expect(await remindersOf(db, certificate, org.employee.id)).toEqual([`${expiry}:7d`]);
  });

  test('an untyped certificate keeps its single reminder and its key', async () => {
    const { db } = context();
    const expiry = kolkataDateIn(40);
    const certificate = await createCertificate({ expiry_date: expiry, reminder_days_before: 30 });
    await runReminderSweep(db, inDays(10));
    await runReminderSweep(db, inDays(30));
    expect(await remindersOf(db, certificate, org.employee.id)).toEqual([expiry]);
  });

  test('a renewal re-arms every offset for the new expiry date', async () => {
    const { db, app } = context();
    const type = await createType({ reminder_offsets: [30, 7] });
    const expiry = kolkataDateIn(10);
    const certificate = await createCertificate({ expiry_date: expiry, certificate_type_id: type });
    await runReminderSweep(db, inDays(4));
    expect(await remindersOf(db, certificate, org.employee.id)).toEqual([
      `${expiry}:30d`,
      `${expiry}:7d`,
    ]);
    const renewed = kolkataDateIn(100);
    const saved = await call(app, 'PUT', `/certificates/${certificate}/`, {
      token: org.manager.token,
      body: { expiry_date: renewed },
    });
    expect(saved.statusCode).toBe(200);
    await runReminderSweep(db, inDays(71));
    await runReminderSweep(db, inDays(94));
    expect((await remindersOf(db, certificate, org.employee.id)).sort()).toEqual(
      [`${renewed}:30d`, `${renewed}:7d`, `${expiry}:30d`, `${expiry}:7d`].sort(),
    );
  });

  test('new offsets on the type reach its certificates; those already sent are not sent again', async () => {
    const { db, app } = context();
    const type = await createType({ reminder_offsets: [30] });
    const expiry = kolkataDateIn(40);
    const certificate = await createCertificate({ expiry_date: expiry, certificate_type_id: type });
    await runReminderSweep(db, inDays(12));
    expect(await remindersOf(db, certificate, org.employee.id)).toEqual([`${expiry}:30d`]);
    const changed = await call(app, 'PUT', `/certificate-types/${type}`, {
      token: org.admin.token,
      body: { reminder_offsets: [30, 5] },
    });
    expect(changed.statusCode).toBe(200);
    await runReminderSweep(db, inDays(13));
    await runReminderSweep(db, inDays(36));
    expect(await remindersOf(db, certificate, org.employee.id)).toEqual([
      `${expiry}:30d`,
      `${expiry}:5d`,
    ]);
  });

  test('with remind_after_expiry, one more reminder the smallest offset after expiry while still expired', async () => {
    const { db } = context();
    const type = await createType({ reminder_offsets: [10, 3], remind_after_expiry: true });
    const expiry = kolkataDateIn(5);
    const certificate = await createCertificate({
      expiry_date: expiry,
      certificate_type_id: type,
      reminder_days_before: 30,
    });
    await runReminderSweep(db, inDays(0));
    await runReminderSweep(db, inDays(2));
    await runReminderSweep(db, inDays(6));
    await runReminderSweep(db, inDays(8));
    await runReminderSweep(db, inDays(9));
    expect(await remindersOf(db, certificate, org.employee.id)).toEqual([
      `${expiry}:10d`,
      `${expiry}:3d`,
      `${expiry}:after-3d`,
    ]);
  });
});
