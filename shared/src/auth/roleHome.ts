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
