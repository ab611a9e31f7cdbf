import { isApiError } from '@duly/shared/core';

/**
 * The error state of a dashboard table. A 403 (an employee who opens the team dashboard: the
 * screen stays reachable, its data is for managers) says why; anything else asks to try again.
 */
export function dashboardErrorText(error: unknown, what: string): string {
  if (isApiError(error) && error.status === 403) {
    return 'The team dashboard is for managers and admins.';
  }
  return `Error loading ${what}. Please try again later.`;
}
