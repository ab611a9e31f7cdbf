// Types of release-lock.cjs for the TypeScript that reads it (jest).
export const LOCK_FILE: string;
export function withReleaseLock<T>(
  dataDir: string,
  work: () => T,
  options?: { waitMs?: number },
): T;
