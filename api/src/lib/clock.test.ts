import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clockFromEnv, offsetClock, systemClock } from './clock';

describe('the clock', () => {
  it('is the system clock unless DULY_CLOCK_FILE is set', () => {
    expect(clockFromEnv({})).toBe(systemClock);
  });

  it('adds the offset written in DULY_CLOCK_FILE, and follows a new one', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'duly-clock-'));
    const file = path.join(folder, 'offset');
    try {
      const clock = offsetClock(file);
      expect(Math.abs(clock().getTime() - Date.now())).toBeLessThan(1000); // missing file: 0
      const day = 86_400_000;
      writeFileSync(file, String(3 * day));
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(clock().getTime() - Date.now()).toBeGreaterThan(3 * day - 1000);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
