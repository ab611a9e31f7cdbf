import { isApiError } from './errors';

/**
 * Whether a failed load of one item means "there is no such item": 404 (an unknown id, or an
 * item of another organisation) or 400 (an id the API rejects outright, e.g. not a UUID). A
 * detail screen shows its "… not found" text for these and its error text for anything else.
 */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}
