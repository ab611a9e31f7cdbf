import { existsSync } from 'node:fs';
import path from 'node:path';

import type { WebOptions } from './options';
import { MANIFEST_FILE, REMOTE_SITES, remotePrefix } from './remotes';

/** The shell's `config.json`: where the API is and where each remote's manifest is. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: Record<string, string>;
}

/**
 * Built per request, so a remote built (or deployed elsewhere) after the server started is
 * picked up at the next page load. A remote that is neither configured nor built is left out:
 * the shell then shows its fallback for that remote's routes.
 */
export function runtimeConfig(options: WebOptions): RuntimeConfig {
  const remotes: Record<string, string> = {};
  for (const remote of REMOTE_SITES) {
    const override = options.remoteUrls[remote.name];
    const dir = options.remoteDirs[remote.name];
    if (override) remotes[remote.name] = override;
    else if (dir && existsSync(path.join(dir, MANIFEST_FILE)))
      remotes[remote.name] = `${remotePrefix(remote)}${MANIFEST_FILE}`;
  }
  return { apiBaseUrl: options.apiBaseUrl, remotes };
}
