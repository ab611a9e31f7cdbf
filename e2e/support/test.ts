import { test as base, expect, type Page } from '@playwright/test';

import { type Database, type DulyServer, startDuly } from './duly-server';

export interface DulyOptions {
  /** Which database the project's server runs on. */
  database: Database;
}

interface WorkerFixtures extends DulyOptions {
  /** The real system, started once per worker (so once per project) and stopped after it. */
  duly: DulyServer;
}

interface TestFixtures {
  /** Collects the page's console and errors; attached to the report when a test fails. */
  consoleLog: string[];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  database: ['sqlite', { option: true, scope: 'worker' }],

  duly: [
    async ({ database }, provide) => {
      const server = await startDuly({ database });
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],

  baseURL: async ({ duly }, provide) => provide(duly.baseURL),

  consoleLog: [
    async ({ page }, provide, testInfo) => {
      const lines: string[] = [];
      const stamp = () => new Date().toISOString().slice(11, 23);
      page.on('console', (message) =>
        lines.push(`${stamp()} [${message.type()}] ${message.text()}`),
      );
      page.on('pageerror', (error) =>
        lines.push(`${stamp()} [pageerror] ${error.stack ?? error.message}`),
      );
      page.on('requestfailed', (request) =>
        lines.push(
          `${stamp()} [requestfailed] ${request.method()} ${request.url()} ${request.failure()?.errorText}`,
        ),
      );
      await provide(lines);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('console.log', {
          body: lines.join('\n') || '(empty)',
          contentType: 'text/plain',
        });
      }
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Opens `path` signed in with `token`, the way a returning user arrives (token in storage).
 * `origin` is the test's server unless given (a second server started by the test).
 */
export async function openSignedIn(
  page: Page,
  token: string,
  path: string,
  origin = '',
): Promise<void> {
  await page.goto(`${origin}/config.json`); // any page of the origin, to reach its local storage
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await page.goto(`${origin}${path}`);
}

/**
 * Marks the current document; `expectSameDocument` then proves no full page load happened in
 * between (client-side navigation and cache refreshes only).
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __dulyDocumentMark?: boolean }).__dulyDocumentMark = true;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  const marked = await page.evaluate(
    () => (window as unknown as { __dulyDocumentMark?: boolean }).__dulyDocumentMark,
  );
  expect(marked, 'the page was reloaded').toBe(true);
}
