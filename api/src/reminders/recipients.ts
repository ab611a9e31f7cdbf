/**
 * Who is told about what (ARCHITECTURE 7). Only active people of the item's organisation;
 * someone named twice (in charge of a certificate they created) is told once.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables';

type Trx = Transaction<Database>;

/** The active people among `ids` (nulls and duplicates dropped), in the order given. */
export async function activePeople(
  trx: Trx,
  organizationId: string,
  ids: readonly (string | null)[],
): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return [];
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', wanted)
    .where('status', '=', 'active')
    .execute();
  const active = new Set(rows.map((row) => row.id));
  return wanted.filter((id) => active.has(id));
}

/** Escalations go to the organisation's active managers and admins. */
export async function activeManagersAndAdmins(trx: Trx, organizationId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('role', 'in', ['manager', 'admin'])
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
