import { roleAtLeast } from '../contract/roles';

/**
 * Where a role lands after sign-in (spec 2): managers (any case) on the team
 * dashboard, employees on their own dashboard, everyone else on /dashboard.
 */
export function roleHome(role: string | null | undefined): string {
  switch (role?.trim().toLowerCase()) {
    case 'manager':
      return '/tasks/dashboard';
    case 'employee':
      return '/employee/dashboard';
    default:
      return '/dashboard';
  }
}

/**
 * Whether a role may create and change tasks and certificates (ARCHITECTURE 6: admin ⊇
 * manager ⊇ employee; employees, and roles the API does not know, get a 403). Screens use it
 * to leave out actions the API would refuse; the screens themselves stay reachable.
 */
export function canManage(role: string | null | undefined): boolean {
  return roleAtLeast(role, 'manager');
}
