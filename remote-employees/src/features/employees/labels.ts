import { personName, statusLabel, type Employee } from '@duly/shared/core';

/** How a role reads: 'Employee', 'Manager', 'Admin' (underscores to spaces, title case). */
export const roleLabel = statusLabel;

/** A person's name in lists and headings; 'No name' when neither first nor last name is set. */
export function displayName(person: Pick<Employee, 'full_name' | 'firstName' | 'lastName'>) {
  return personName(person, 'No name');
}
