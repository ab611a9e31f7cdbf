/**
 * What the signed-in role may do with people (ARCHITECTURE 6): managers and admins add and
 * change people, only an admin makes or changes an admin, and an employee only sees their own
 * tasks and certificates. The screens offer nothing the API would refuse; every screen stays
 * reachable. Roles are compared case-insensitively (spec 6).
 */
import { roleAtLeast } from '@duly/shared/core';
import { ROLES, type Employee, type Role, type SessionUser } from '@duly/shared/core';

/** Whether `user` may add people and change them (POST/PUT /employees/). */
export function canManagePeople(user: Pick<SessionUser, 'role'> | null): boolean {
  return roleAtLeast(user?.role, 'manager');
}

/**
 * Why `user` may not change this person (the edit form's read-only reason, issue 33 item 4),
 * or null when they may.
 */
export function whyNotEditPerson(
  user: Pick<SessionUser, 'role'> | null,
  person: Pick<Employee, 'role'>,
): string | null {
  if (!canManagePeople(user)) return 'Only managers and admins can change users.';
  if (!canEditPerson(user, person)) return 'Only an admin can change an admin.';
  return null;
}

/** Whether `user` may change this person: an admin only by an admin. */
export function canEditPerson(
  user: Pick<SessionUser, 'role'> | null,
  person: Pick<Employee, 'role'>,
): boolean {
  if (!canManagePeople(user)) return false;
  return person.role !== 'admin' || roleAtLeast(user?.role, 'admin');
}

/** The roles `user` may give someone: a manager never offers 'admin'. */
export function assignableRoles(user: Pick<SessionUser, 'role'> | null): readonly Role[] {
  return roleAtLeast(user?.role, 'admin') ? ROLES : ROLES.filter((role) => role !== 'admin');
}

/** Whether `user` may see this person's tasks and certificates (an employee: their own only). */
export function canSeeWorkOf(user: Pick<SessionUser, 'role' | 'id'> | null, personId: string) {
  return canManagePeople(user) || user?.id === personId;
}

/**
 * Whether a new invitation can be sent to this person (once `canEditPerson` allows changing
 * them): they have not set a password yet and are not inactive (the API refuses both).
 */
export function canResendInvitation(person: Pick<Employee, 'invitation_pending' | 'status'>) {
  return person.invitation_pending && person.status !== 'inactive';
}

/**
 * Whether `user` may import people from a file (POST /imports, issue 27): whoever may add
 * people (managers and admins; a manager's rows that would make or change an admin are errors).
 */
export function canImportPeople(user: Pick<SessionUser, 'role'> | null): boolean {
  return canManagePeople(user);
}
