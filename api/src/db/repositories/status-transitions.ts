/**
 * The SQL of the scheduler's automatic status changes (ARCHITECTURE 6; the steps that run them
 * are in reminders/transitions.ts). Each transition reads the ids that are due from a (status,
 * date) index, and changes them with a conditional UPDATE that re-checks the same condition,
 * so of two instances reading the same rows only one changes each row, and it alone gets the
 * row back. Rows come back in one shape for every transition: what the history, the notices
 * and the webhooks need.
 */
import { sql } from 'kysely';
import type { Db } from '../tables';

/** A row a transition changed. */
export interface TransitionedRow {
  id: string;
  organization_id: string;
  /** The task's title or the certificate's name. */
  title: string;
  /** The task's due instant or the certificate's expiry date. */
  date: string;
  /** The status it left, for the history. */
  from: string | null;
  /** The people the change concerns (assignee and assigner, or person in charge and creator). */
  named: (string | null)[];
}

/** "Now" as the sweep sees it: the instant, and the Asia/Kolkata calendar date. */
export interface TransitionClock {
  nowIso: string;
  today: string;
  /** Overdue tasks due at or before this instant are escalated. */
  escalationCutoff: string;
}

export interface StatusTransition {
  /** Up to `limit` due ids, the earliest first. */
  dueIds(db: Db, clock: TransitionClock, limit: number): Promise<{ id: string }[]>;
  /** Changes those of `ids` still due; returns only the rows this statement changed. */
  change(trx: Db, ids: string[], clock: TransitionClock): Promise<TransitionedRow[]>;
}

const OPEN_TASK = ['pending', 'in_progress'] as const;
const VALID_CERTIFICATE = ['active', 'renewed'] as const;

/** pending | in_progress past the due instant → overdue. */
export const tasksPastDue: StatusTransition = {
  dueIds: (db, clock, limit) =>
    db
      .selectFrom('tasks')
      .select('id')
      .where('status', 'in', OPEN_TASK)
      .where('due_date', '<', clock.nowIso)
      .orderBy('due_date')
      .limit(limit)
      .execute(),
  async change(trx, ids, clock) {
    const rows = await trx
      .updateTable('tasks')
      // The open status it leaves is where a later due instant takes it back (item 3 of
      // issue 24); the right-hand side reads the row as it was before this UPDATE.
      .set({ status: 'overdue', open_status: sql.ref('status'), updated_at: clock.nowIso })
      .where('id', 'in', ids)
      .where('status', 'in', OPEN_TASK)
      .where('due_date', '<', clock.nowIso)
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
    return rows.map((task) => ({
      id: task.id,
      organization_id: task.organization_id,
      title: task.title,
      date: task.due_date,
      from: task.open_status,
      // A task made without an assign step has no assigner: its creator assigned it.
      named: [task.assigned_to_user_id, task.assigner_id ?? task.created_by_user_id],
    }));
  },
};

/** overdue for 3 days → escalated. */
export const tasksOverdueTooLong: StatusTransition = {
  dueIds: (db, clock, limit) =>
    db
      .selectFrom('tasks')
      .select('id')
      .where('status', '=', 'overdue')
      .where('due_date', '<=', clock.escalationCutoff)
      .orderBy('due_date')
      .limit(limit)
      .execute(),
  async change(trx, ids, clock) {
    const rows = await trx
      .updateTable('tasks')
      .set({ status: 'escalated', updated_at: clock.nowIso })
      .where('id', 'in', ids)
      .where('status', '=', 'overdue')
      .where('due_date', '<=', clock.escalationCutoff)
      .returning(['id', 'organization_id', 'title', 'due_date'])
      .execute();
    return rows.map((task) => ({
      id: task.id,
      organization_id: task.organization_id,
      title: task.title,
      date: task.due_date,
      from: 'overdue',
      named: [],
    }));
  },
};

/** active | renewed past the expiry date → expired. */
export const certificatesPastExpiry: StatusTransition = {
  dueIds: (db, clock, limit) =>
    db
      .selectFrom('certificates')
      .select('id')
      .where('status', 'in', VALID_CERTIFICATE)
      .where('expiry_date', '<', clock.today)
      .orderBy('expiry_date')
      .limit(limit)
      .execute(),
  async change(trx, ids, clock) {
    // The statuses they leave (active or renewed), for the history.
    const before = await trx
      .selectFrom('certificates')
      .select(['id', 'status'])
      .where('id', 'in', ids)
      .execute();
    const rows = await trx
      .updateTable('certificates')
      .set({ status: 'expired', updated_at: clock.nowIso })
      .where('id', 'in', ids)
      .where('status', 'in', VALID_CERTIFICATE)
      .where('expiry_date', '<', clock.today)
      .returning([
        'id',
        'organization_id',
        'name',
        'expiry_date',
        'incharge_person_id',
        'created_by_user_id',
      ])
      .execute();
    const statusBefore = new Map(before.map((row) => [row.id, row.status]));
    return rows.map((certificate) => ({
      id: certificate.id,
      organization_id: certificate.organization_id,
      title: certificate.name,
      date: certificate.expiry_date,
      from: statusBefore.get(certificate.id) ?? null,
      named: [certificate.incharge_person_id, certificate.created_by_user_id],
    }));
  },
};

/** expired for its reminder_days_before days (escalate_on) → escalated. */
export const certificatesExpiredTooLong: StatusTransition = {
  dueIds: (db, clock, limit) =>
    db
      .selectFrom('certificates')
      .select('id')
      .where('status', '=', 'expired')
      .where('escalate_on', '<=', clock.today)
      .orderBy('escalate_on')
      .limit(limit)
      .execute(),
  async change(trx, ids, clock) {
    const rows = await trx
      .updateTable('certificates')
      .set({ status: 'escalated', updated_at: clock.nowIso })
      .where('id', 'in', ids)
      .where('status', '=', 'expired')
      .where('escalate_on', '<=', clock.today)
      .returning(['id', 'organization_id', 'name', 'expiry_date'])
      .execute();
    return rows.map((certificate) => ({
      id: certificate.id,
      organization_id: certificate.organization_id,
      title: certificate.name,
      date: certificate.expiry_date,
      from: 'expired',
      named: [],
    }));
  },
};
