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

function countTasks(db: Db, scope: DashboardScope, narrow: Condition<'tasks'> = () => []) {
  return db
    .selectFrom('tasks')
    .where((eb) =>
      eb.and([
        eb('organization_id', '=', scope.organizationId),
        ...(scope.ownerId === undefined ? [] : [eb('assigned_to_user_id', '=', scope.ownerId)]),
        ...narrow(eb),
      ]),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

function countCertificates(
  db: Db,
  scope: DashboardScope,
  narrow: Condition<'certificates'> = () => [],
) {
  return db
    .selectFrom('certificates')
    .where((eb) =>
      eb.and([
        eb('organization_id', '=', scope.organizationId),
        ...(scope.ownerId === undefined ? [] : [eb('incharge_person_id', '=', scope.ownerId)]),
        ...narrow(eb),
      ]),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

function countUsers(db: Db, organizationId: string) {
  return db
    .selectFrom('users')
    .where('organization_id', '=', organizationId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

export async function dashboardCounts(db: Db, scope: DashboardScope): Promise<DashboardResponse> {
  const [totalTasks, markedOverdue, pastDue, totalCertificates, markedExpired, pastExpiry, people] =
    await Promise.all([
      countTasks(db, scope),
      countTasks(db, scope, (eb) => [eb('status', '=', 'overdue')]),
      countTasks(db, scope, (eb) => [
        eb('status', 'in', PAST_DUE_COUNTS_AS_OVERDUE),
        eb('due_date', '<', scope.now),
      ]),
      countCertificates(db, scope),
      countCertificates(db, scope, (eb) => [eb('status', '=', 'expired')]),
      countCertificates(db, scope, (eb) => [
        eb('status', 'in', PAST_EXPIRY_COUNTS_AS_EXPIRED),
        eb('expiry_date', '<', scope.today),
      ]),
      countUsers(db, scope.organizationId),
    ]);

  return {
    tasks: { total_tasks: totalTasks, overdue_tasks: markedOverdue + pastDue },
    certificates: {
      total_certificates: totalCertificates,
      expired_certificates: markedExpired + pastExpiry,
    },
    employee_count: people,
  };
}
