/**
 * What each caller may see (ARCHITECTURE 6): managers and admins see the whole
 * organisation; an employee sees only the tasks assigned to them and the
 * certificates they are in charge of. Every filter starts from the caller's
 * organisation, taken from the token, never from the request.
 */
import type { Db } from '../db/tables';
import { findEmployee } from '../db/repositories/users';
import type { InputCheck } from '../lib/input';
import { hasRole, type Caller } from '../plugins/auth';
import type { Actor } from '../db/repositories/activity';

/**
 * Who the history names for a request's changes (db/repositories/activity.ts): the person,
 * and whether they acted signed in or through one of their API tokens (issue 30), which acts
 * with their role.
 */
export function actorOf(caller: Caller): Actor {
  const kind = caller.credential.kind === 'api_token' ? 'api_token' : 'user';
  return { kind, id: caller.id, name: caller.full_name };
}

/** The user whose own work the caller is limited to, or undefined for the whole organisation. */
export function ownerScope(caller: Caller): string | undefined {
  return hasRole(caller, 'manager') ? undefined : caller.id;
}

/**
 * Combines a person filter from the query with the caller's scope: undefined
 * = no filter, null = the two contradict, so nothing can match.
 */
export function personFilter(
  caller: Caller,
  requested: string | undefined,
): string | undefined | null {
  const owner = ownerScope(caller);
  if (owner === undefined) return requested;
  return requested === undefined || requested === owner ? owner : null;
}

/** Fails `path` unless `userId` (when given) is a user of the caller's organisation. */
export async function checkMember(
  db: Db,
  caller: Caller,
  userId: string | null | undefined,
  check: InputCheck,
  path: string,
): Promise<void> {
  if (userId === null || userId === undefined) return;
  if (!(await findEmployee(db, caller.organization_id, userId))) {
    check.fail(path, 'is not a user of your organisation');
  }
}
