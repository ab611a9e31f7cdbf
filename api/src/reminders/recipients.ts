/**
 * Who is told about what (ARCHITECTURE 7), for a batch of items at once. Only people of the
 * item's own organisation; someone named twice (in charge of a certificate they created) is
 * told once.
 *
 * The people an item names (in charge and creator; assignee and assigner) are told when they
 * are active. Someone on leave still finds the notice in the bell, without an email (the
 * sender skips anyone not active anyway). When nobody the item names is active, the notice
 * would reach nobody who can act on it: the organisation's active managers and admins get it
 * instead (issue 24, item 4). Inactive people are told nothing.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables';
import {
  activeManagersAndAdmins,
  reachablePeople,
  type ReachableStatus,
} from '../db/repositories/notice-recipients';

type Trx = Transaction<Database>;

interface People {
  /** The active people among `ids` who belong to `organizationId`, nulls and repeats dropped. */
  activeAmong(organizationId: string, ids: readonly (string | null)[]): string[];
  /** The same for the people on leave. */
  onLeaveAmong(organizationId: string, ids: readonly (string | null)[]): string[];
  /** The organisation's active managers and admins (escalations). */
  managersAndAdmins(organizationId: string): string[];
}

interface Wanted {
  /** Users named by the items (in charge, creator, assignee, assigner). */
  named?: readonly (string | null)[];
  /** Organisations whose managers and admins are told. */
  escalating?: readonly string[];
}

async function loadPeople(trx: Trx, wanted: Wanted): Promise<People> {
  const named = [...new Set((wanted.named ?? []).filter((id): id is string => id !== null))];
  const escalating = [...new Set(wanted.escalating ?? [])];
  const [namedRows, leaderRows] = await Promise.all([
    reachablePeople(trx, named),
    activeManagersAndAdmins(trx, escalating),
  ]);
  const person = new Map(namedRows.map((row) => [row.id, row]));
  const leaders = new Map<string, string[]>();
  for (const row of leaderRows) {
    leaders.set(row.organization_id, [...(leaders.get(row.organization_id) ?? []), row.id]);
  }
  const among =
    (status: ReachableStatus) => (organizationId: string, ids: readonly (string | null)[]) => [
      ...new Set(
        ids.filter((id): id is string => {
          const row = id === null ? undefined : person.get(id);
          return row?.organization_id === organizationId && row.status === status;
        }),
      ),
    ];
  return {
    activeAmong: among('active'),
    onLeaveAmong: among('on_leave'),
    managersAndAdmins: (organizationId) => leaders.get(organizationId) ?? [],
  };
}

/** Who gets one notice: by email and in the bell, or in the bell only. */
export interface Recipients {
  recipientIds: string[];
  bellOnlyIds: string[];
}

/** An item that names its people (a certificate's in charge and creator, a task's assignee and assigner). */
export interface NamingItem {
  organizationId: string;
  named: readonly (string | null)[];
}

/** For each item, in order: who is told about it (see the top of this file). */
export async function recipientsOfNamed(
  trx: Trx,
  items: readonly NamingItem[],
): Promise<Recipients[]> {
  const people = await loadPeople(trx, { named: items.flatMap((item) => item.named) });
  const unreached = items
    .filter((item) => people.activeAmong(item.organizationId, item.named).length === 0)
    .map((item) => item.organizationId);
  const leaders =
    unreached.length === 0 ? people : await loadPeople(trx, { escalating: unreached });
  return items.map(({ organizationId, named }) => {
    const active = people.activeAmong(organizationId, named);
    return {
      recipientIds: active.length > 0 ? active : leaders.managersAndAdmins(organizationId),
      bellOnlyIds: people.onLeaveAmong(organizationId, named),
    };
  });
}

/** For each organisation, in order: its active managers and admins (escalations). */
export async function managersAndAdminsOf(
  trx: Trx,
  organizationIds: readonly string[],
): Promise<Recipients[]> {
  const people = await loadPeople(trx, { escalating: organizationIds });
  return organizationIds.map((organizationId) => ({
    recipientIds: people.managersAndAdmins(organizationId),
    bellOnlyIds: [],
  }));
}
