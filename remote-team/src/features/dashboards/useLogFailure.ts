import { useEffect } from 'react';

/**
 * Logs a failed call with the spec's text (spec 8: 'Error fetching tasks'…), once per failure.
 * The screen shows its own error state as well; the log is what the spec asks for.
 */
export function useLogFailure(error: unknown, text: string): void {
  useEffect(() => {
    if (error) console.error(text, error);
  }, [error, text]);
}
