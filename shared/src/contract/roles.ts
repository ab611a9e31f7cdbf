/**
 * The role order of ARCHITECTURE 6 (admin ⊇ manager ⊇ employee), used by the API's role checks
 * and by the screens that leave out actions the API would refuse.
 */
import type { Role } from './types';

export const ROLE_RANK: Readonly<Record<Role, number>> = { employee: 0, manager: 1, admin: 2 };

/**
 * Whether `role` is at least `least`. Case and surrounding spaces are ignored; a role the API
 * does not know (or none) is below every role.
 */
export function roleAtLeast(role: string | null | undefined, least: Role): boolean {
  const normalised = role?.trim().toLowerCase() ?? '';
  const rank = Object.prototype.hasOwnProperty.call(ROLE_RANK, normalised)
    ? ROLE_RANK[normalised as Role]
    : -1;
  return rank >= ROLE_RANK[least];
}
