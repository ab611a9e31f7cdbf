import { defineConfig } from '@playwright/test';

import { CHROMIUM_FLAGS, chromiumPath } from './support/chromium';
import type { DulyOptions } from './support/test';

/**
 * Browser tests of the whole built system: each project starts the real server (the same
 * `scripts/start.mjs` as `npm start`) on a free port with a fresh database, and drives the
 * system Chromium against it. SQLite always; PostgreSQL too when DATABASE_URL is set.
 */
const postgres = process.env.DATABASE_URL;

/** Specs that depend on the database; the federation specs only need one run. */
const DATABASE_SPECS =
  /(auth|accounts|tasks|certificates|employees|responsive|team|notifications|profile|reminders|live)\.spec\.ts$/;

export default defineConfig<DulyOptions>({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results',
  // Two cores: the server, webpack builds and Chromium share them.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_FLAGS },
    screenshot: 'only-on-failure',
    trace: 'off',
    // The product's dates are Asia/Kolkata whatever the machine's zone: prove it from elsewhere.
    timezoneId: 'America/New_York',
    locale: 'en-US',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    { name: 'sqlite', use: { database: 'sqlite' } },
    ...(postgres
      ? [{ name: 'postgres', testMatch: DATABASE_SPECS, use: { database: 'postgres' as const } }]
      : []),
  ],
});
