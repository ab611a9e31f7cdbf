/**
 * What time it is, for the scheduler and everything that asks "is this due yet?".
 *
 * Production reads the system clock. A test that runs real server processes (the reminders'
 * fault-injection test) cannot reach into them, so DULY_CLOCK_FILE names a file holding an
 * offset in milliseconds that is added to the system clock; the test writes a new offset to
 * move every instance across a reminder date or a midnight at once. The file is re-read at
 * most once every CLOCK_FILE_POLL_MS, so moving time costs no system call per request.
 */
import { readFileSync } from 'node:fs';

export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const CLOCK_FILE_POLL_MS = 200;

/** A clock `offset ms` ahead of the system's, the offset read from `file` (missing = 0). */
export function offsetClock(file: string): Clock {
  let offsetMs = 0;
  let readAt = -Infinity;
  return () => {
    const real = Date.now();
    if (real - readAt >= CLOCK_FILE_POLL_MS) {
      readAt = real;
      try {
        const value = Number(readFileSync(file, 'utf8').trim());
        offsetMs = Number.isFinite(value) ? value : 0;
      } catch {
        offsetMs = 0;
      }
    }
    return new Date(real + offsetMs);
  };
}

export function clockFromEnv(env: NodeJS.ProcessEnv = process.env): Clock {
  return env.DULY_CLOCK_FILE ? offsetClock(env.DULY_CLOCK_FILE) : systemClock;
}
