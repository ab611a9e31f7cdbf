import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type * as StartScript from '../../scripts/start.mjs';

import { assertChromiumInstalled } from './chromium';
import { REPO_ROOT } from './duly-server';

/**
 * Once per run: the browser must be there, and every front-end package must be built (the same
 * staleness check as `npm start`, so an up-to-date tree builds nothing). The servers themselves
 * are started per project by the `duly` worker fixture (support/test.ts).
 */
export default async function globalSetup(): Promise<void> {
  assertChromiumInstalled();
  // Imported by URL so Node loads the script as the ES module it is (Playwright's TypeScript
  // transform would otherwise rewrite it to CommonJS).
  const start = (await import(
    pathToFileURL(path.join(REPO_ROOT, 'scripts/start.mjs')).href
  )) as typeof StartScript;
  start.buildStalePackages({ log: (line: string) => console.log(`[e2e] ${line}`) });
}
