import type { Employee, PersonRef, Task } from '@duly/shared';

/** Spec 9: what the Assigned To column and field show when nobody is assigned. */
export const UNASSIGNED = 'Unassigned';

/** A person's name: the full name, else first and last name joined; '' when neither is known. */
export function personName(person: PersonRef | Employee | null | undefined): string {
  if (!person) return '';
  const fullName = person.full_name?.trim();
  if (fullName) return fullName;
  return [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** The Assigned To text of a task: the assignee's name, or 'Unassigned'. */
export function assigneeName(task: Pick<Task, 'assigned_to' | 'assigned_to_user_id'>): string {
  if (!task.assigned_to_user_id && !task.assigned_to) return UNASSIGNED;
  return personName(task.assigned_to) || UNASSIGNED;
}
