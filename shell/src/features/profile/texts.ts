/** What the profile page says (issue 14: short and clear). */
export const PROFILE_TEXTS = {
  title: 'Profile',
  subtitle: 'Your account and how you sign in',
  loading: 'Loading profile...',
  loadFailed: 'Error loading profile',
  nameSaved: 'Name updated',
  nameFailed: 'Failed to update name',
  passwordChanged: 'Password changed. You were signed out everywhere else.',
  passwordFailed: 'Failed to change password',
} as const;

const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  manager: 'Manager',
  employee: 'Employee',
};

export function roleLabel(role: string): string {
  return ROLE_LABELS[role.toLowerCase()] ?? role;
}
