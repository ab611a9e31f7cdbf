/**
 * The automatic transitions (ARCHITECTURE 6): each one a conditional update (`where status =
 * <old status>` and the date it was read with) in one transaction with the ledger rows of
 * its notices. Two instances may read the same due row; only one update changes it, and only
 * that transaction records notices.
 */
import type { Db } from '../db/tables';
import { forEachDue } from './due-rows';
import { recordNotice } from './ledger';
import { activeManagersAndAdmins, activePeople } from './recipients';
import { taskEscalationCutoff } from './schedule';

/** One moment of the sweep: the same "now" and Asia/Kolkata "today" for every step. */
export interface SweepMoment {
  now: Date;
  nowIso: string;
  today: string;
}

const OPEN_TASK = ['pending', 'in_progress'] as const;
const VALID_CERTIFICATE = ['active', 'renewed'] as const;

/** pending | in_progress past the due instant → overdue; tells the assignee and the assigner. */
export function markOverdueTasks(db: Db, moment: SweepMoment): Promise<number> {
  return forEachDue(
    (limit) =>
      db
        .selectFrom('tasks')
        .select(['id', 'organization_id', 'due_date'])
        .where('status', 'in', OPEN_TASK)
        .where('due_date', '<', moment.nowIso)
        .orderBy('due_date')
        .limit(limit)
        .execute(),
    (task) =>
      db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('tasks')
          .set({ status: 'overdue', updated_at: moment.nowIso })
          .where('organization_id', '=', task.organization_id)
          .where('id', '=', task.id)
          .where('status', 'in', OPEN_TASK)
          .where('due_date', '=', task.due_date)
          .returning(['title', 'assigned_to_user_id', 'assigner_id', 'created_by_user_id'])
          .executeTakeFirst();
        if (!changed) return false;
        // A task made without an assign step has no assigner: its creator assigned it.
        const assigner = changed.assigner_id ?? changed.created_by_user_id;
        await recordNotice(
          trx,
          {
            organizationId: task.organization_id,
            kind: 'task_overdue',
            itemId: task.id,
            itemTitle: changed.title,
            itemDate: task.due_date,
            delivery: 'immediate',
            sendAfter: moment.nowIso,
            now: moment.nowIso,
          },
          await activePeople(trx, task.organization_id, [changed.assigned_to_user_id, assigner]),
        );
        return true;
      }),
  );
}

/** overdue for 3 days → escalated; tells the organisation's managers and admins. */
export function escalateOverdueTasks(db: Db, moment: SweepMoment): Promise<number> {
  const cutoff = taskEscalationCutoff(moment.now);
  return forEachDue(
    (limit) =>
      db
        .selectFrom('tasks')
        .select(['id', 'organization_id', 'due_date'])
        .where('status', '=', 'overdue')
        .where('due_date', '<=', cutoff)
        .orderBy('due_date')
        .limit(limit)
        .execute(),
    (task) =>
      db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('tasks')
          .set({ status: 'escalated', updated_at: moment.nowIso })
          .where('organization_id', '=', task.organization_id)
          .where('id', '=', task.id)
          .where('status', '=', 'overdue')
          .where('due_date', '=', task.due_date)
          .returning(['title'])
          .executeTakeFirst();
        if (!changed) return false;
        await recordNotice(
          trx,
          {
            organizationId: task.organization_id,
            kind: 'task_escalated',
            itemId: task.id,
            itemTitle: changed.title,
            itemDate: task.due_date,
            delivery: 'immediate',
            sendAfter: moment.nowIso,
            now: moment.nowIso,
          },
          await activeManagersAndAdmins(trx, task.organization_id),
        );
        return true;
      }),
  );
}

/** active | renewed past the expiry date → expired; tells the person in charge and the creator. */
export function expireCertificates(db: Db, moment: SweepMoment): Promise<number> {
  return forEachDue(
    (limit) =>
      db
        .selectFrom('certificates')
        .select(['id', 'organization_id', 'expiry_date'])
        .where('status', 'in', VALID_CERTIFICATE)
        .where('expiry_date', '<', moment.today)
        .orderBy('expiry_date')
        .limit(limit)
        .execute(),
    (certificate) =>
      db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('certificates')
          .set({ status: 'expired', updated_at: moment.nowIso })
          .where('organization_id', '=', certificate.organization_id)
          .where('id', '=', certificate.id)
          .where('status', 'in', VALID_CERTIFICATE)
          .where('expiry_date', '=', certificate.expiry_date)
          .returning(['name', 'incharge_person_id', 'created_by_user_id'])
          .executeTakeFirst();
        if (!changed) return false;
        await recordNotice(
          trx,
          {
            organizationId: certificate.organization_id,
            kind: 'certificate_expired',
            itemId: certificate.id,
            itemTitle: changed.name,
            itemDate: certificate.expiry_date,
            delivery: 'immediate',
            sendAfter: moment.nowIso,
            now: moment.nowIso,
          },
          await activePeople(trx, certificate.organization_id, [
            changed.incharge_person_id,
            changed.created_by_user_id,
          ]),
        );
        return true;
      }),
  );
}

/** expired for its reminder_days_before days → escalated; tells managers and admins. */
export function escalateExpiredCertificates(db: Db, moment: SweepMoment): Promise<number> {
  return forEachDue(
    (limit) =>
      db
        .selectFrom('certificates')
        .select(['id', 'organization_id', 'escalate_on'])
        .where('status', '=', 'expired')
        .where('escalate_on', '<=', moment.today)
        .orderBy('escalate_on')
        .limit(limit)
        .execute(),
    (certificate) =>
      db.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('certificates')
          .set({ status: 'escalated', updated_at: moment.nowIso })
          .where('organization_id', '=', certificate.organization_id)
          .where('id', '=', certificate.id)
          .where('status', '=', 'expired')
          .where('escalate_on', '=', certificate.escalate_on)
          .returning(['name', 'expiry_date'])
          .executeTakeFirst();
        if (!changed) return false;
        await recordNotice(
          trx,
          {
            organizationId: certificate.organization_id,
            kind: 'certificate_escalated',
            itemId: certificate.id,
            itemTitle: changed.name,
            itemDate: changed.expiry_date,
            delivery: 'immediate',
            sendAfter: moment.nowIso,
            now: moment.nowIso,
          },
          await activeManagersAndAdmins(trx, certificate.organization_id),
        );
        return true;
      }),
  );
}
