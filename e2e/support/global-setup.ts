import { buildStalePackages } from '../../scripts/start.mjs';

import { assertChromiumInstalled } from './chromium';

/**
 * Once per run: the browser must be there, and every front-end package must be built (the same
 * staleness check as `npm start`, so an up-to-date tree builds nothing). The servers themselves
 * are started per project by the `duly` worker fixture (support/test.ts).
 */
export default function globalSetup(): void {
  assertChromiumInstalled();
  buildStalePackages({ log: (line: string) => console.log(`[e2e] ${line}`) });
}
