/**
 * Who is told about what (ARCHITECTURE 7), for a batch of items at once. Only active people
 * of the item's own organisation; someone named twice (in charge of a certificate they
 * created) is told once.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables';

type Trx = Transaction<Database>;

export interface People {
  /** The active people among `ids` who belong to `organizationId`, nulls and repeats dropped. */
  activeAmong(organizationId: string, ids: readonly (string | null)[]): string[];
  /** The organisation's active managers and admins (escalations). */
  managersAndAdmins(organizationId: string): string[];
}

interface Wanted {
  /** Users named by the items (in charge, creator, assignee, assigner). */
  named?: readonly (string | null)[];
  /** Organisations whose managers and admins are told. */
  escalating?: readonly string[];
}

export async function loadPeople(trx: Trx, wanted: Wanted): Promise<People> {
  const named = [...new Set((wanted.named ?? []).filter((id): id is string => id !== null))];
  const escalating = [...new Set(wanted.escalating ?? [])];
  const [namedRows, leaderRows] = await Promise.all([
    named.length === 0
      ? []
      : trx
          .selectFrom('users')
          .select(['id', 'organization_id'])
          .where('id', 'in', named)
          .where('status', '=', 'active')
          .execute(),
    escalating.length === 0
      ? []
      : trx
          .selectFrom('users')
          .select(['id', 'organization_id'])
          .where('organization_id', 'in', escalating)
          .where('role', 'in', ['manager', 'admin'])
          .where('status', '=', 'active')
          .orderBy('id')
          .execute(),
  ]);
  const organisationOf = new Map(namedRows.map((row) => [row.id, row.organization_id]));
  const leaders = new Map<string, string[]>();
  for (const row of leaderRows) {
    leaders.set(row.organization_id, [...(leaders.get(row.organization_id) ?? []), row.id]);
  }
  return {
    activeAmong: (organizationId, ids) => [
      ...new Set(
        ids.filter((id): id is string => id !== null && organisationOf.get(id) === organizationId),
      ),
    ],
    managersAndAdmins: (organizationId) => leaders.get(organizationId) ?? [],
  };
}
