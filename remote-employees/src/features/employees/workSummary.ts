/**
 * The counts at the top of the employee page. They follow the dashboard's rules (api
 * repositories/dashboard.ts) so the same work is counted the same way everywhere:
 * - open task: not completed;
 * - overdue task: marked overdue, or not completed and past its due instant;
 * - expiring certificate: not expired or renewed, expiring today or within its reminder period
 *   (`reminder_days_before`), counted in whole days as spec 9 says.
 */
import type { Certificate, Task } from '@duly/shared/core';
import { daysUntilExpiry } from '@duly/shared/dates';

export function isOpenTask(task: Pick<Task, 'status'>): boolean {
  return task.status !== 'completed';
}

export function isOverdueTask(task: Pick<Task, 'status' | 'due_date'>, now: Date): boolean {
  if (task.status === 'overdue') return true;
  return isOpenTask(task) && Date.parse(task.due_date) < now.getTime();
}

/** Days until expiry when the certificate is in its reminder window, else null. */
export function expiringInDays(
  certificate: Pick<Certificate, 'status' | 'expiry_date' | 'reminder_days_before'>,
  now: Date,
): number | null {
  if (certificate.status === 'expired' || certificate.status === 'renewed') return null;
  const days = daysUntilExpiry(certificate.expiry_date, now);
  return days >= 0 && days <= certificate.reminder_days_before ? days : null;
}

export interface WorkCounts {
  openTasks: number;
  overdueTasks: number;
  expiringCertificates: number;
}

export function countWork(
  tasks: readonly Task[],
  certificates: readonly Certificate[],
  now: Date,
): WorkCounts {
  return {
    openTasks: tasks.filter(isOpenTask).length,
    overdueTasks: tasks.filter((task) => isOverdueTask(task, now)).length,
    expiringCertificates: certificates.filter((item) => expiringInDays(item, now) !== null).length,
  };
}
