/**
 * The counts of the main dashboard. Each count is a range of an index that
 * starts with organization_id (and the assignee for an employee), so nothing
 * reads table rows, and the "past due" counts touch only the rows that match.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { CERTIFICATE_STATUSES, TASK_STATUSES, type DashboardResponse } from '@duly/shared/contract';
import type { Database, Db } from '../tables';

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

type Condition<T extends keyof Database> = (
  eb: ExpressionBuilder<Database, T>,
) => Expression<SqlBool>[];

export async function dashboardCounts(db: Db, scope: DashboardScope): Promise<DashboardResponse> {
  const { organizationId, ownerId } = scope;
  const countTasks = (narrow: Condition<'tasks'> = () => []) =>
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
  const countCertificates = (narrow: Condition<'certificates'> = () => []) =>
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

  // One statement (one round trip to PostgreSQL), each count its own index range.
  const counts = await db
    .selectNoFrom([
      countTasks().as('total_tasks'),
      countTasks((eb) => [eb('status', '=', 'overdue')]).as('marked_overdue'),
      countTasks((eb) => [
        eb('status', 'in', PAST_DUE_COUNTS_AS_OVERDUE),
        eb('due_date', '<', scope.now),
      ]).as('past_due'),
      countCertificates().as('total_certificates'),
      countCertificates((eb) => [eb('status', '=', 'expired')]).as('marked_expired'),
      countCertificates((eb) => [
        eb('status', 'in', PAST_EXPIRY_COUNTS_AS_EXPIRED),
        eb('expiry_date', '<', scope.today),
      ]).as('past_expiry'),
      db
        .selectFrom('users')
        .where('organization_id', '=', organizationId)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .as('employee_count'),
    ])
    .executeTakeFirstOrThrow();
  const n = (value: unknown) => Number(value);

  return {
    tasks: {
      total_tasks: n(counts.total_tasks),
      overdue_tasks: n(counts.marked_overdue) + n(counts.past_due),
    },
    certificates: {
      total_certificates: n(counts.total_certificates),
      expired_certificates: n(counts.marked_expired) + n(counts.past_expiry),
    },
    employee_count: n(counts.employee_count),
  };
}
