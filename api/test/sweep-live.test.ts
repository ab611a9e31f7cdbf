/**
 * The reminders' sweep tells open screens of the status changes it makes, like an HTTP write
 * does (issue 31): per organisation, with the changed ids, once the batch has committed.
 */
import type { Change } from '../src/live/change-feed';
import { runReminderSweep } from '../src/reminders/sweep';
import {
  createCertificate,
  createOrganization,
  createTask,
  daysFromNow,
  kolkataDateIn,
  setupTestApp,
  testDatabases,
} from './helper';

describe.each(testDatabases())('the sweep publishes its changes on %s', (kind) => {
  const context = setupTestApp(kind);

  test('overdue tasks and expired certificates reach their own organisation only, after commit', async () => {
    const { db } = context();
    const [one, other] = [await createOrganization(db), await createOrganization(db)];
    const late = await createTask(db, one, { status: 'pending', due_date: daysFromNow(-1) });
    const notDue = await createTask(db, one, { status: 'pending', due_date: daysFromNow(3) });
    const otherLate = await createTask(db, other, {
      status: 'in_progress',
      due_date: daysFromNow(-2),
    });
    const expired = await createCertificate(db, one, { expiry_date: kolkataDateIn(-1) });

    const heard: { change: Change; status: string | undefined }[] = [];
    const statuses: Promise<void>[] = [];
    await runReminderSweep(db, () => new Date(), {
      publish: (change) => {
        // Read outside the sweep's transaction: the change is already there to refetch.
        statuses.push(
          db
            .selectFrom(change.kinds[0] === 'tasks' ? 'tasks' : 'certificates')
            .select('status')
            .where('id', '=', change.ids[0])
            .executeTakeFirst()
            .then((row) => void heard.push({ change, status: row?.status })),
        );
      },
    });
    await Promise.all(statuses);

    const transitions = heard.filter(({ change }) =>
      [one.id, other.id].includes(change.organizationId),
    );
    const of = (organizationId: string, kind: string) =>
      transitions.filter(
        ({ change }) => change.organizationId === organizationId && change.kinds[0] === kind,
      );
    expect(of(one.id, 'tasks').map(({ change }) => change)).toEqual([
      { organizationId: one.id, kinds: ['tasks', 'dashboard'], ids: [late] },
    ]);
    expect(of(other.id, 'tasks').map(({ change }) => change.ids)).toEqual([[otherLate]]);
    expect(of(one.id, 'certificates').map(({ change }) => change)).toEqual([
      { organizationId: one.id, kinds: ['certificates', 'dashboard'], ids: [expired] },
    ]);
    expect(transitions.flatMap(({ change }) => change.ids)).not.toContain(notDue);
    expect(transitions.map(({ status }) => status).sort()).toEqual([
      'expired',
      'overdue',
      'overdue',
    ]);
  });
});
