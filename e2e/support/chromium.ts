import { existsSync } from 'node:fs';

/** The flags the system Chromium needs on these machines (ARCHITECTURE 9). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system Chromium: CHROME_PATH, else /usr/bin/chromium. Playwright never downloads one. */
export function chromiumPath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

/** Fails with the command that fixes it when the browser is missing. */
export function assertChromiumInstalled(): void {
  const executable = chromiumPath();
  if (!existsSync(executable)) {
    throw new Error(
      `Chromium not found at ${executable}. Install it with:\n\n  apt-get update && apt-get install -y chromium\n\n` +
        'or set CHROME_PATH to a Chromium or Chrome executable.',
    );
  }
}
