/**
 * The counts of the main dashboard, in one statement, none of which grows with the
 * organisation (issue 16):
 *
 * - The totals and the items marked overdue / expired come from the counters that database
 *   triggers keep with every write (migration 011): a few rows each.
 * - "Past due but not marked" is counted in the rows, as index ranges that stay narrow. The
 *   reminders' sweep moves a pending or in-progress task to overdue once its due instant has
 *   passed (an active or renewed certificate to expired), so the range (status, date < now)
 *   of those statuses holds only what fell due since the last sweep. Escalated items are past
 *   due but for the rare one whose date was moved later, so they are counted the other way
 *   round: the escalated counter less the range (status, date ≥ now).
 *
 * Each range is of an index that starts with organization_id (and the assignee for an
 * employee) followed by status and the date (migration 001).
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { CERTIFICATE_STATUSES, TASK_STATUSES, type DashboardResponse } from '@duly/shared/contract';
import type { Database, Db } from '../tables';
import { CompiledOnce } from '../compiled-once';
import { ownedCount, userCount } from './counters';

export interface DashboardScope {
  organizationId: string;
  /** An employee's dashboard counts only their own tasks and certificates. */
  ownerId?: string;
  /** The current instant (ISO UTC) and today's Asia/Kolkata date. */
  now: string;
  today: string;
}

/** Overdue: marked overdue, or not completed and past its due instant. */
const PAST_DUE_COUNTS_AS_OVERDUE = TASK_STATUSES.filter(
  (s) => s !== 'completed' && s !== 'overdue',
);
/** Expired: marked expired, or not renewed and past its expiry date. */
const PAST_EXPIRY_COUNTS_AS_EXPIRED = CERTIFICATE_STATUSES.filter(
  (s) => s !== 'renewed' && s !== 'expired',
);

/**
 * Of those, the statuses the sweep moves on once their date has passed (reminders/
 * transitions.ts: to overdue, to expired; it expires renewed certificates too, which are not
 * counted here).
 */
const SWEPT_TASK_STATUSES = ['pending', 'in_progress'] as const;
const SWEPT_CERTIFICATE_STATUSES = ['active'] as const;

/** The rest of them, nearly always past their date: escalated. */
const LATE_TASK_STATUSES = PAST_DUE_COUNTS_AS_OVERDUE.filter(
  (s) => !(SWEPT_TASK_STATUSES as readonly string[]).includes(s),
);
const LATE_CERTIFICATE_STATUSES = PAST_EXPIRY_COUNTS_AS_EXPIRED.filter(
  (s) => !(SWEPT_CERTIFICATE_STATUSES as readonly string[]).includes(s),
);

type Condition<T extends keyof Database> = (
  eb: ExpressionBuilder<Database, T>,
) => Expression<SqlBool>[];

export async function dashboardCounts(db: Db, scope: DashboardScope): Promise<DashboardResponse> {
  // Built once per database and kind of dashboard (an employee's or the organisation's).
  const compiled = dashboards.compile(
    db,
    'dashboard',
    {
      organizationId: scope.organizationId,
      ownerId: scope.ownerId,
      now: scope.now,
      today: scope.today,
    },
    (values) => countsQuery(db, values),
  );
  const [counts] = (await db.executeQuery(compiled)).rows;
  const n = (value: unknown) => Number(value);

  return {
    tasks: {
      total_tasks: n(counts.total_tasks),
      overdue_tasks:
        n(counts.marked_or_late_tasks) +
        n(counts.fell_due_since_sweep) -
        n(counts.late_not_yet_due),
    },
    certificates: {
      total_certificates: n(counts.total_certificates),
      expired_certificates:
        n(counts.marked_or_late_certificates) +
        n(counts.expired_since_sweep) -
        n(counts.late_not_yet_expired),
    },
    employee_count: n(counts.employee_count),
  };
}

type CountsRow = Record<
  | 'total_tasks'
  | 'marked_or_late_tasks'
  | 'fell_due_since_sweep'
  | 'late_not_yet_due'
  | 'total_certificates'
  | 'marked_or_late_certificates'
  | 'expired_since_sweep'
  | 'late_not_yet_expired'
  | 'employee_count',
  number | string | null
>;

const dashboards = new CompiledOnce<DashboardScope, CountsRow>();

function countsQuery(db: Db, scope: DashboardScope) {
  const { organizationId, ownerId } = scope;
  const tasksWhere = (narrow: Condition<'tasks'>) =>
    db
      .selectFrom('tasks')
      .where((eb) =>
        eb.and([
          eb('organization_id', '=', organizationId),
          ...(ownerId === undefined ? [] : [eb('assigned_to_user_id', '=', ownerId)]),
          ...narrow(eb),
        ]),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'));
  const certificatesWhere = (narrow: Condition<'certificates'>) =>
    db
      .selectFrom('certificates')
      .where((eb) =>
        eb.and([
          eb('organization_id', '=', organizationId),
          ...(ownerId === undefined ? [] : [eb('incharge_person_id', '=', ownerId)]),
          ...narrow(eb),
        ]),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'));
  const taskCounter = (statuses?: readonly (typeof TASK_STATUSES)[number][]) =>
    ownedCount(db, 'task_counts', { organizationId, ownerId }).$if(statuses !== undefined, (q) =>
      q.where('status', 'in', statuses!),
    );
  const certificateCounter = (statuses?: readonly (typeof CERTIFICATE_STATUSES)[number][]) =>
    ownedCount(db, 'certificate_counts', { organizationId, ownerId }).$if(
      statuses !== undefined,
      (q) => q.where('status', 'in', statuses!),
    );

  // One statement (one round trip to PostgreSQL).
  return db.selectNoFrom([
    taskCounter().as('total_tasks'),
    taskCounter(['overdue', ...LATE_TASK_STATUSES]).as('marked_or_late_tasks'),
    tasksWhere((eb) => [
      eb('status', 'in', SWEPT_TASK_STATUSES),
      eb('due_date', '<', scope.now),
    ]).as('fell_due_since_sweep'),
    tasksWhere((eb) => [
      eb('status', 'in', LATE_TASK_STATUSES),
      eb('due_date', '>=', scope.now),
    ]).as('late_not_yet_due'),
    certificateCounter().as('total_certificates'),
    certificateCounter(['expired', ...LATE_CERTIFICATE_STATUSES]).as('marked_or_late_certificates'),
    certificatesWhere((eb) => [
      eb('status', 'in', SWEPT_CERTIFICATE_STATUSES),
      eb('expiry_date', '<', scope.today),
    ]).as('expired_since_sweep'),
    certificatesWhere((eb) => [
      eb('status', 'in', LATE_CERTIFICATE_STATUSES),
      eb('expiry_date', '>=', scope.today),
    ]).as('late_not_yet_expired'),
    userCount(db, { organizationId }).as('employee_count'),
  ]);
}
