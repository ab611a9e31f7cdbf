import { isApiError } from '@duly/shared';

/**
 * Whether a failed load of one task means "there is no such task": 404 (unknown id, or a task of
 * another organisation) or 400 (an id that is not even a UUID).
 */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}
