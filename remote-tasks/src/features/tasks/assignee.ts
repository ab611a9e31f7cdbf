import { personName, type Task } from '@duly/shared/core';

/** Spec 9: what the Assigned To column and field show when nobody is assigned. */
export const UNASSIGNED = 'Unassigned';

/** The Assigned To text of a task: the assignee's name, or 'Unassigned'. */
export function assigneeName(task: Pick<Task, 'assigned_to' | 'assigned_to_user_id'>): string {
  if (!task.assigned_to_user_id && !task.assigned_to) return UNASSIGNED;
  return personName(task.assigned_to, UNASSIGNED);
}
