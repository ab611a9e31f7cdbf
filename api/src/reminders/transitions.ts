/**
 * The automatic transitions (ARCHITECTURE 6). Each batch is one transaction: a conditional
 * UPDATE (`where status = <old status>` and the item still due) that returns only the rows
 * it changed, and the ledger rows of their notices. Two instances may read the same due rows;
 * the database lets only one UPDATE change each row (SQLite runs writers one at a time;
 * PostgreSQL re-checks the WHERE clause on a row another transaction changed), and only the
 * transaction that changed it records its notices.
 */
import type { Change, ChangeKind } from '../live/change-feed';
import { sql } from 'kysely';
import type { Db } from '../db/tables';
import { recordAutomaticChanges } from '../db/repositories/activity';
import { forEachDueBatch } from './due-rows';
import { recordNotices } from './ledger';
import { managersAndAdminsOf, recipientsOfNamed } from './recipients';
import { taskEscalationCutoff } from './schedule';
import { queueWebhookEvents } from '../webhooks/events';
import { certificateEvent, taskEvent } from '../webhooks/hooks';

/** One moment of the sweep: the same "now" and Asia/Kolkata "today" for every step. */
export interface SweepMoment {
  now: Date;
  nowIso: string;
  today: string;
  /** Told of each batch's changes once its transaction committed (open screens: live/). */
  publish?: (change: Change) => void;
}

/** Tells open screens of the rows a committed batch changed, per organisation; their count. */
function published(
  moment: SweepMoment,
  kinds: ChangeKind[],
  rows: { id: string; organization_id: string }[],
): number {
  const byOrganization = new Map<string, string[]>();
  for (const row of rows) {
    byOrganization.set(row.organization_id, [
      ...(byOrganization.get(row.organization_id) ?? []),
      row.id,
    ]);
  }
  for (const [organizationId, ids] of byOrganization)
    moment.publish?.({ organizationId, kinds, ids });
  return rows.length;
}

const OPEN_TASK = ['pending', 'in_progress'] as const;

/** A status change is told at once, not in the morning digest. */
function sentNow(moment: SweepMoment) {
  return { delivery: 'immediate', sendAfter: moment.nowIso, now: moment.nowIso } as const;
}
const VALID_CERTIFICATE = ['active', 'renewed'] as const;

/** pending | in_progress past the due instant → overdue; tells the assignee and the assigner. */
export function markOverdueTasks(db: Db, moment: SweepMoment): Promise<number> {
  return forEachDueBatch(
    (limit) =>
      db
        .selectFrom('tasks')
        .select('id')
        .where('status', 'in', OPEN_TASK)
        .where('due_date', '<', moment.nowIso)
        .orderBy('due_date')
        .limit(limit)
        .execute(),
    async (ids) =>
      published(
        moment,
        ['tasks', 'dashboard'],
        await db.transaction().execute(async (trx) => {
          const changed = await trx
            .updateTable('tasks')
            // The open status it leaves is where a later due instant takes it back (item 3 of
            // issue 24); the right-hand side reads the row as it was before this UPDATE.
            .set({ status: 'overdue', open_status: sql.ref('status'), updated_at: moment.nowIso })
            .where('id', 'in', ids)
            .where('status', 'in', OPEN_TASK)
            .where('due_date', '<', moment.nowIso)
            .returning([
              'id',
              'organization_id',
              'title',
              'due_date',
              'assigned_to_user_id',
              'assigner_id',
              'created_by_user_id',
              'open_status',
            ])
            .execute();
          await recordAutomaticChanges(
            trx,
            'task',
            changed.map((task) => ({ ...task, from: task.open_status })),
            'overdue',
            moment.nowIso,
          );
          // A task made without an assign step has no assigner: its creator assigned it.
          const assignerOf = (task: (typeof changed)[number]) =>
            task.assigner_id ?? task.created_by_user_id;
          const recipients = await recipientsOfNamed(
            trx,
            changed.map((task) => ({
              organizationId: task.organization_id,
              named: [task.assigned_to_user_id, assignerOf(task)],
            })),
          );
          await recordNotices(
            trx,
            changed.map((task, i) => ({
              organizationId: task.organization_id,
              kind: 'task_overdue',
              itemId: task.id,
              itemTitle: task.title,
              itemDate: task.due_date,
              ...sentNow(moment),
              ...recipients[i],
            })),
          );
          await queueWebhookEvents(
            trx,
            changed.map((task) =>
              taskEvent(
                trx,
                'task.overdue',
                task.organization_id,
                task.id,
                `task:${task.id}:overdue:${task.due_date}`,
              ),
            ),
            moment.nowIso,
          );
          return changed;
        }),
      ),
  );
}

/** overdue for 3 days → escalated; tells the organisation's managers and admins. */
export function escalateOverdueTasks(db: Db, moment: SweepMoment): Promise<number> {
  const cutoff = taskEscalationCutoff(moment.now);
  return forEachDueBatch(
    (limit) =>
      db
        .selectFrom('tasks')
        .select('id')
        .where('status', '=', 'overdue')
        .where('due_date', '<=', cutoff)
        .orderBy('due_date')
        .limit(limit)
        .execute(),
    async (ids) =>
      published(
        moment,
        ['tasks', 'dashboard'],
        await db.transaction().execute(async (trx) => {
          const changed = await trx
            .updateTable('tasks')
            .set({ status: 'escalated', updated_at: moment.nowIso })
            .where('id', 'in', ids)
            .where('status', '=', 'overdue')
            .where('due_date', '<=', cutoff)
            .returning(['id', 'organization_id', 'title', 'due_date'])
            .execute();
          await recordAutomaticChanges(
            trx,
            'task',
            changed.map((task) => ({ ...task, from: 'overdue' })),
            'escalated',
            moment.nowIso,
          );
          const recipients = await managersAndAdminsOf(
            trx,
            changed.map((task) => task.organization_id),
          );
          await recordNotices(
            trx,
            changed.map((task, i) => ({
              organizationId: task.organization_id,
              kind: 'task_escalated',
              itemId: task.id,
              itemTitle: task.title,
              itemDate: task.due_date,
              ...sentNow(moment),
              ...recipients[i],
            })),
          );
          return changed;
        }),
      ),
  );
}

/** active | renewed past the expiry date → expired; tells the person in charge and the creator. */
export function expireCertificates(db: Db, moment: SweepMoment): Promise<number> {
  return forEachDueBatch(
    (limit) =>
      db
        .selectFrom('certificates')
        .select('id')
        .where('status', 'in', VALID_CERTIFICATE)
        .where('expiry_date', '<', moment.today)
        .orderBy('expiry_date')
        .limit(limit)
        .execute(),
    async (ids) =>
      published(
        moment,
        ['certificates', 'dashboard'],
        await db.transaction().execute(async (trx) => {
          // The statuses they leave (active or renewed), for the history.
          const before = await trx
            .selectFrom('certificates')
            .select(['id', 'status'])
            .where('id', 'in', ids)
            .execute();
          const changed = await trx
            .updateTable('certificates')
            .set({ status: 'expired', updated_at: moment.nowIso })
            .where('id', 'in', ids)
            .where('status', 'in', VALID_CERTIFICATE)
            .where('expiry_date', '<', moment.today)
            .returning([
              'id',
              'organization_id',
              'name',
              'expiry_date',
              'incharge_person_id',
              'created_by_user_id',
            ])
            .execute();
          await recordAutomaticChanges(
            trx,
            'certificate',
            changed.map((c) => ({ ...c, from: before.find((b) => b.id === c.id)?.status ?? null })),
            'expired',
            moment.nowIso,
          );
          const recipients = await recipientsOfNamed(
            trx,
            changed.map((certificate) => ({
              organizationId: certificate.organization_id,
              named: [certificate.incharge_person_id, certificate.created_by_user_id],
            })),
          );
          await recordNotices(
            trx,
            changed.map((certificate, i) => ({
              organizationId: certificate.organization_id,
              kind: 'certificate_expired',
              itemId: certificate.id,
              itemTitle: certificate.name,
              itemDate: certificate.expiry_date,
              ...sentNow(moment),
              ...recipients[i],
            })),
          );
          await queueWebhookEvents(
            trx,
            changed.map((certificate) =>
              certificateEvent(
                trx,
                'certificate.expired',
                certificate.organization_id,
                certificate.id,
                `certificate:${certificate.id}:expired:${certificate.expiry_date}`,
              ),
            ),
            moment.nowIso,
          );
          return changed;
        }),
      ),
  );
}

/** expired for its reminder_days_before days → escalated; tells managers and admins. */
export function escalateExpiredCertificates(db: Db, moment: SweepMoment): Promise<number> {
  return forEachDueBatch(
    (limit) =>
      db
        .selectFrom('certificates')
        .select('id')
        .where('status', '=', 'expired')
        .where('escalate_on', '<=', moment.today)
        .orderBy('escalate_on')
        .limit(limit)
        .execute(),
    async (ids) =>
      published(
        moment,
        ['certificates', 'dashboard'],
        await db.transaction().execute(async (trx) => {
          const changed = await trx
            .updateTable('certificates')
            .set({ status: 'escalated', updated_at: moment.nowIso })
            .where('id', 'in', ids)
            .where('status', '=', 'expired')
            .where('escalate_on', '<=', moment.today)
            .returning(['id', 'organization_id', 'name', 'expiry_date'])
            .execute();
          await recordAutomaticChanges(
            trx,
            'certificate',
            changed.map((certificate) => ({ ...certificate, from: 'expired' })),
            'escalated',
            moment.nowIso,
          );
          const recipients = await managersAndAdminsOf(
            trx,
            changed.map((certificate) => certificate.organization_id),
          );
          await recordNotices(
            trx,
            changed.map((certificate, i) => ({
              organizationId: certificate.organization_id,
              kind: 'certificate_escalated',
              itemId: certificate.id,
              itemTitle: certificate.name,
              itemDate: certificate.expiry_date,
              ...sentNow(moment),
              ...recipients[i],
            })),
          );
          return changed;
        }),
      ),
  );
}
