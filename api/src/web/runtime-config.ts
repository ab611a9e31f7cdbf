import { existsSync } from 'node:fs';
import path from 'node:path';

import { runtimeRemote, type RuntimeRemote } from '../../../scripts/remote-registry.cjs';
import type { WebOptions } from './options';
import { MANIFEST_FILE, REMOTE_SITES, remotePrefix } from './remotes';

/**
 * The shell's `config.json`: where the API is and, for every registered remote, where its
 * manifest is, the paths it owns and its navigation entry.
 */
export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: Record<string, RuntimeRemote>;
}

/**
 * Built per request, so a remote built (or deployed elsewhere) after the server started is
 * picked up at the next page load. A remote that is neither configured nor built has no
 * `entry`: the shell keeps its navigation entry and shows its failure message on its routes.
 */
export function runtimeConfig(options: WebOptions): RuntimeConfig {
  const remotes: Record<string, RuntimeRemote> = {};
  for (const remote of REMOTE_SITES) {
    const override = options.remoteUrls[remote.name];
    const dir = options.remoteDirs[remote.name];
    const built = dir !== undefined && existsSync(path.join(dir, MANIFEST_FILE));
    const entry = override ?? (built ? `${remotePrefix(remote)}${MANIFEST_FILE}` : undefined);
    remotes[remote.name] = runtimeRemote(remote, entry);
  }
  return { apiBaseUrl: options.apiBaseUrl, remotes };
}
