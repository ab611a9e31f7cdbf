/**
 * The automatic transitions (ARCHITECTURE 6), one table-driven step. Each batch is one
 * transaction: a conditional UPDATE (`where status = <old status>` and the item still due,
 * db/repositories/status-transitions.ts) that returns only the rows it changed, then their
 * history entries (as Duly), the ledger rows of their notices and their webhook events. Two
 * instances may read the same due rows; the database lets only one UPDATE change each row
 * (SQLite runs writers one at a time; PostgreSQL re-checks the WHERE clause on a row another
 * transaction changed), and only the transaction that changed it records the rest.
 */
import type { Change, ChangeKind } from '../live/change-feed';
import type { Transaction } from 'kysely';
import type { Database, Db, NotificationKind } from '../db/tables';
import { recordAutomaticChanges } from '../db/repositories/activity';
import {
  certificatesExpiredTooLong,
  certificatesPastExpiry,
  tasksOverdueTooLong,
  tasksPastDue,
  type StatusTransition,
  type TransitionedRow,
} from '../db/repositories/status-transitions';
import type { WebhookEvent } from '../webhooks/events';
import { queueWebhookEvents } from '../webhooks/events';
import { certificateEvent, taskEvent } from '../webhooks/hooks';
import { forEachDueBatch } from './due-rows';
import { recordNotices } from './ledger';
import { managersAndAdminsOf, recipientsOfNamed, type Recipients } from './recipients';
import { taskEscalationCutoff } from './schedule';

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

/** What one automatic transition changes and whom it tells. */
interface TransitionStep {
  sql: StatusTransition;
  entity: 'task' | 'certificate';
  /** The status it sets, for the history. */
  to: string;
  notice: NotificationKind;
  /** Who is told: the people the row names, or the organisation's managers and admins. */
  tell: 'named' | 'managers';
  /** The webhook event it raises, if any; its key makes a retried batch raise it once. */
  webhook?: Extract<WebhookEvent, 'task.overdue' | 'certificate.expired'>;
  /** The open screens that show it. */
  live: ChangeKind[];
}

const STEPS = {
  markOverdueTasks: {
    sql: tasksPastDue,
    entity: 'task',
    to: 'overdue',
    notice: 'task_overdue',
    tell: 'named',
    webhook: 'task.overdue',
    live: ['tasks', 'dashboard'],
  },
  escalateOverdueTasks: {
    sql: tasksOverdueTooLong,
    entity: 'task',
    to: 'escalated',
    notice: 'task_escalated',
    tell: 'managers',
    live: ['tasks', 'dashboard'],
  },
  expireCertificates: {
    sql: certificatesPastExpiry,
    entity: 'certificate',
    to: 'expired',
    notice: 'certificate_expired',
    tell: 'named',
    webhook: 'certificate.expired',
    live: ['certificates', 'dashboard'],
  },
  escalateExpiredCertificates: {
    sql: certificatesExpiredTooLong,
    entity: 'certificate',
    to: 'escalated',
    notice: 'certificate_escalated',
    tell: 'managers',
    live: ['certificates', 'dashboard'],
  },
} satisfies Record<string, TransitionStep>;

function recipientsOf(
  trx: Transaction<Database>,
  step: TransitionStep,
  rows: TransitionedRow[],
): Promise<Recipients[]> {
  return step.tell === 'named'
    ? recipientsOfNamed(
        trx,
        rows.map((row) => ({ organizationId: row.organization_id, named: row.named })),
      )
    : managersAndAdminsOf(
        trx,
        rows.map((row) => row.organization_id),
      );
}

function webhookEventsOf(trx: Db, step: TransitionStep, rows: TransitionedRow[]) {
  const { webhook } = step;
  if (!webhook) return [];
  return rows.map((row) => {
    const key = `${step.entity}:${row.id}:${step.to}:${row.date}`;
    return webhook === 'task.overdue'
      ? taskEvent(trx, webhook, row.organization_id, row.id, key)
      : certificateEvent(trx, webhook, row.organization_id, row.id, key);
  });
}

/** Runs one transition over every due row, a batch per transaction; the count it changed. */
function runStep(db: Db, moment: SweepMoment, step: TransitionStep): Promise<number> {
  const clock = { ...moment, escalationCutoff: taskEscalationCutoff(moment.now) };
  return forEachDueBatch(
    (limit) => step.sql.dueIds(db, clock, limit),
    async (ids) =>
      published(
        moment,
        step.live,
        await db.transaction().execute(async (trx) => {
          const changed = await step.sql.change(trx, ids, clock);
          await recordAutomaticChanges(trx, step.entity, changed, step.to, moment.nowIso);
          const recipients = await recipientsOf(trx, step, changed);
          await recordNotices(
            trx,
            changed.map((row, i) => ({
              organizationId: row.organization_id,
              kind: step.notice,
              itemId: row.id,
              itemTitle: row.title,
              itemDate: row.date,
              // A status change is told at once, not in the morning digest.
              delivery: 'immediate',
              sendAfter: moment.nowIso,
              now: moment.nowIso,
              ...recipients[i],
            })),
          );
          await queueWebhookEvents(trx, webhookEventsOf(trx, step, changed), moment.nowIso);
          return changed;
        }),
      ),
  );
}

/** pending | in_progress past the due instant → overdue; tells the assignee and the assigner. */
export const markOverdueTasks = (db: Db, moment: SweepMoment) =>
  runStep(db, moment, STEPS.markOverdueTasks);

/** overdue for 3 days → escalated; tells the organisation's managers and admins. */
export const escalateOverdueTasks = (db: Db, moment: SweepMoment) =>
  runStep(db, moment, STEPS.escalateOverdueTasks);

/** active | renewed past the expiry date → expired; tells the person in charge and the creator. */
export const expireCertificates = (db: Db, moment: SweepMoment) =>
  runStep(db, moment, STEPS.expireCertificates);

/** expired for its reminder_days_before days → escalated; tells managers and admins. */
export const escalateExpiredCertificates = (db: Db, moment: SweepMoment) =>
  runStep(db, moment, STEPS.escalateExpiredCertificates);
