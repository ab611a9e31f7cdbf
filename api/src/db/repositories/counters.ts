/**
 * Reads of the counters that database triggers keep with every write (migration 011): an
 * organisation's tasks and certificates per owner and status, its users per status and role.
 * A count read here adds a handful of counter rows, whatever the size of the organisation;
 * the repositories use it for every total whose filters the counters' keys cover, and count
 * the rows themselves only for a search (`q`) or a date range.
 */
import { sql } from 'kysely';
import type { EmployeeStatus, Role } from '@duly/shared/contract';
import type { Db } from '../tables';

/** The roll-up row of every owner (migration 011); never a user id. */
const EVERY_OWNER = 'all';

export interface OwnedCountFilter<Status extends string> {
  organizationId: string;
  /** One person's items; otherwise the organisation's (its roll-up rows). */
  ownerId?: string;
  status?: Status;
  /** Every status but this one. */
  statusNot?: Status;
}

/** The sum of the matching counter rows, as a query (to read alone or inside a statement). */
export function ownedCount<Status extends string>(
  db: Db,
  counter: 'task_counts' | 'certificate_counts',
  filter: OwnedCountFilter<Status>,
) {
  let query = db
    .selectFrom(counter)
    .select(sql<number | string>`coalesce(sum(n), 0)`.as('n'))
    .where('organization_id', '=', filter.organizationId)
    .where('owner', '=', filter.ownerId ?? EVERY_OWNER);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status as never);
  if (filter.statusNot !== undefined) {
    query = query.where('status', '<>', filter.statusNot as never);
  }
  return query;
}

export interface UserCountFilter {
  organizationId: string;
  status?: EmployeeStatus;
  role?: Role;
}

/** The organisation's users with this status and role (either may be left open). */
export function userCount(db: Db, filter: UserCountFilter) {
  let query = db
    .selectFrom('user_counts')
    .select(sql<number | string>`coalesce(sum(n), 0)`.as('n'))
    .where('organization_id', '=', filter.organizationId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.role !== undefined) query = query.where('role', '=', filter.role);
  return query;
}

/** Runs a count built above; PostgreSQL answers sums of bigints as strings. */
export async function readCount(query: {
  executeTakeFirstOrThrow(): Promise<{ n: number | string }>;
}): Promise<number> {
  return Number((await query.executeTakeFirstOrThrow()).n);
}
