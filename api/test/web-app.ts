/**
 * The API and the web app in one process, as `npm start` runs them, over a web root made for
 * the test: the HTML route's tests (api/src/web/*.test.ts) share this setup.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import { buildApp } from '../src/app';
import type { AppConfig } from '../src/plugins/config';
import { webOptionsFromEnv, webPlugin, type WebOptions } from '../src/web';
import { testConfig, type TestDatabase } from './helper';

/** The shell's index.html as a build leaves it, reduced to what the HTML route writes into. */
export const INDEX_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>Duly</title></head><body><div id="root"></div></body></html>';

/** A new web root (`DULY_WEB_ROOT`) holding the shell's built index.html; the caller removes it. */
export function webRootWithShell(prefix: string): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  writeFileSync(path.join(root, 'shell/dist/index.html'), INDEX_HTML);
  return root;
}

/** The web options `npm start` derives for `root`. */
export function webOptionsFor(root: string): WebOptions {
  return webOptionsFromEnv({ DULY_WEB_ROOT: root })!;
}

/** The API with the web app registered, ready. */
export async function dulyWithWeb(
  database: TestDatabase,
  options: WebOptions,
  config: Partial<AppConfig> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(config), db: database.db });
  await app.register(webPlugin, options);
  await app.ready();
  return app;
}
