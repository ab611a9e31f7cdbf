/**
 * The people a notice can reach (reminders/recipients.ts decides who is told): those of
 * `ids` still reachable, and the organisations' active managers and admins.
 */
import type { Db } from '../tables';

const REACHABLE = ['active', 'on_leave'] as const;
export type ReachableStatus = (typeof REACHABLE)[number];

/** Those of `ids` who are active or on leave, with their organisation and status. */
export function reachablePeople(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'organization_id', 'status'])
    .where('id', 'in', ids)
    .where('status', 'in', REACHABLE)
    .execute() as Promise<{ id: string; organization_id: string; status: ReachableStatus }[]>;
}

/** The active managers and admins of each of `organizationIds`, by id. */
export function activeManagersAndAdmins(db: Db, organizationIds: readonly string[]) {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'organization_id'])
    .where('organization_id', 'in', organizationIds)
    .where('role', 'in', ['manager', 'admin'])
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}
