/**
 * The counts of the main dashboard, one aggregate per table. Each is answered
 * from the (organization_id, status, date) index without reading the rows.
 */
import { sql } from 'kysely';
import type { DashboardResponse } from '@duly/shared/contract';
import type { Db } from '../tables';

export interface DashboardScope {
  organizationId: string;
  /** An employee's dashboard counts only their own tasks and certificates. */
  ownerId?: string;
  /** The current instant (ISO UTC) and today's Asia/Kolkata date. */
  now: string;
  today: string;
}

export async function dashboardCounts(db: Db, scope: DashboardScope): Promise<DashboardResponse> {
  let tasks = db
    .selectFrom('tasks')
    .where('organization_id', '=', scope.organizationId)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      // Overdue: marked so, or not completed and past its due instant (the
      // scheduler may not have run yet).
      sql<
        number | string
      >`coalesce(sum(case when status = 'overdue' or (status <> 'completed' and due_date < ${scope.now}) then 1 else 0 end), 0)`.as(
        'overdue',
      ),
    ]);
  let certificates = db
    .selectFrom('certificates')
    .where('organization_id', '=', scope.organizationId)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      // Expired: marked so, or (not renewed and) past its expiry date in Asia/Kolkata.
      sql<
        number | string
      >`coalesce(sum(case when status = 'expired' or (status <> 'renewed' and expiry_date < ${scope.today}) then 1 else 0 end), 0)`.as(
        'expired',
      ),
    ]);
  if (scope.ownerId !== undefined) {
    tasks = tasks.where('assigned_to_user_id', '=', scope.ownerId);
    certificates = certificates.where('incharge_person_id', '=', scope.ownerId);
  }
  const employees = db
    .selectFrom('users')
    .where('organization_id', '=', scope.organizationId)
    .select((eb) => eb.fn.countAll<number | string>().as('total'));

  const [taskCounts, certificateCounts, employeeCount] = await Promise.all([
    tasks.executeTakeFirstOrThrow(),
    certificates.executeTakeFirstOrThrow(),
    employees.executeTakeFirstOrThrow(),
  ]);
  return {
    tasks: { total_tasks: Number(taskCounts.total), overdue_tasks: Number(taskCounts.overdue) },
    certificates: {
      total_certificates: Number(certificateCounts.total),
      expired_certificates: Number(certificateCounts.expired),
    },
    employee_count: Number(employeeCount.total),
  };
}
