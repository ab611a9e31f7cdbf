import type { ApiErrorBody } from '../contract/types';

/** Every failed call, as the caller sees it (the `error` of a query, what `.unwrap()` throws). */
export interface ApiError {
  /** The HTTP status, or `FETCH_ERROR` when no answer came (network down, aborted). */
  status: number | 'FETCH_ERROR';
  /** The server's `message` when it sent one, else a technical description. */
  message: string;
  /** The server's error body, when it sent one. */
  data?: ApiErrorBody;
}

export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    'message' in error &&
    (typeof error.status === 'number' || error.status === 'FETCH_ERROR') &&
    typeof error.message === 'string'
  );
}

/**
 * The text to show for a failed call: the server's `message` (spec 8:
 * "the server message field, else …"), else `fallback`.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null || !('data' in error)) return fallback;
  const { data } = error;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
