/**
 * A new person in charge or a new assignee gets the notice the previous one got (issue 24,
 * item 4), in the transaction that changed the person:
 *
 * - an overdue or escalated task: its overdue notice, at once, to the new assignee;
 * - an expired or escalated certificate: its expiry notice, at once, to the new person in
 *   charge;
 * - an active or renewed certificate: nothing here; the save sets `remind_on` again
 *   (`certificateSchedule`), and the next sweep records the reminder if its day has come.
 *
 * The ledger's key names the recipient, so the new person gets a row of their own, and anyone
 * told before is not told again. Who is told follows reminders/recipients.ts: a new person on
 * leave sees it in the bell, and the managers and admins get it instead.
 */
import type { Transaction } from 'kysely';
import type { SavedCertificate } from '../db/repositories/certificates';
import type { SavedTask } from '../db/repositories/tasks';
import type { Database } from '../db/tables';
import { recordNotices } from './ledger';
import { recipientsOfNamed } from './recipients';

type Trx = Transaction<Database>;

const LATE_TASK: readonly string[] = ['overdue', 'escalated'];
const LAPSED_CERTIFICATE: readonly string[] = ['expired', 'escalated'];

async function tell(
  trx: Trx,
  notice: {
    kind: 'task_overdue' | 'certificate_expired';
    organizationId: string;
    itemId: string;
    itemTitle: string;
    itemDate: string;
    personId: string;
    now: string;
  },
): Promise<void> {
  const [recipients] = await recipientsOfNamed(trx, [
    { organizationId: notice.organizationId, named: [notice.personId] },
  ]);
  await recordNotices(trx, [
    { ...notice, delivery: 'immediate', sendAfter: notice.now, ...recipients },
  ]);
}

/** After a task's assignee changed: the overdue notice, if it is late. */
export async function tellNewAssignee(trx: Trx, task: SavedTask, now: string): Promise<void> {
  if (task.assigned_to_user_id === null || !LATE_TASK.includes(task.status)) return;
  await tell(trx, {
    kind: 'task_overdue',
    organizationId: task.organization_id,
    itemId: task.id,
    itemTitle: task.title,
    itemDate: task.due_date,
    personId: task.assigned_to_user_id,
    now,
  });
}

/** After a certificate's person in charge changed: the expiry notice, if it has lapsed. */
export async function tellNewPersonInCharge(
  trx: Trx,
  certificate: SavedCertificate,
  now: string,
): Promise<void> {
  if (certificate.incharge_person_id === null || !LAPSED_CERTIFICATE.includes(certificate.status)) {
    return;
  }
  await tell(trx, {
    kind: 'certificate_expired',
    organizationId: certificate.organization_id,
    itemId: certificate.id,
    itemTitle: certificate.name,
    itemDate: certificate.expiry_date,
    personId: certificate.incharge_person_id,
    now,
  });
}
