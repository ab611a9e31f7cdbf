import { existsSync } from 'node:fs';
import path from 'node:path';

import { runtimeRemote, type RuntimeRemote } from '../../../scripts/remote-registry.cjs';
import { activeReleases, releaseDir } from '../../../scripts/releases.cjs';
import type { WebOptions } from './options';
import { MANIFEST_FILE, REMOTE_SITES, releasePrefix, remotePrefix } from './remotes';

/** A remote in config.json, with the release it is served from when it has one. */
export interface RuntimeRemoteEntry extends RuntimeRemote {
  /** The active release's id (docs/deploying.md); absent for a dist/ or an external URL. */
  release?: string;
}

/**
 * The shell's `config.json`: where the API is and, for every registered remote, where its
 * manifest is, the paths it owns and its navigation entry.
 */
export interface RuntimeConfig {
  apiBaseUrl: string;
  remotes: Record<string, RuntimeRemoteEntry>;
}

/** The active release of each remote whose folder is there, by remote name. */
function servedReleases(options: WebOptions): Record<string, string> {
  if (!options.dataDir) return {};
  const served: Record<string, string> = {};
  for (const [name, id] of Object.entries(activeReleases(options.dataDir))) {
    const remote = REMOTE_SITES.find((site) => site.name === name);
    const dir = remote && releaseDir(options.dataDir, remote.package, id);
    if (dir && existsSync(path.join(dir, MANIFEST_FILE))) served[name] = id;
  }
  return served;
}

/**
 * Built per request, so a release, a rollback or a remote built (or deployed elsewhere) after the
 * server started is picked up at the next page load. Where a remote comes from: its URL setting
 * (REMOTE_TASKS_URL) first, then its active release, then its dist/. A remote that is neither
 * configured, released nor built has no `entry`: the shell keeps its navigation entry and shows
 * its failure message on its routes.
 */
export function runtimeConfig(options: WebOptions): RuntimeConfig {
  const releases = servedReleases(options);
  const remotes: Record<string, RuntimeRemoteEntry> = {};
  for (const remote of REMOTE_SITES) {
    const override = options.remoteUrls[remote.name];
    const release = override ? undefined : releases[remote.name];
    const dir = options.remoteDirs[remote.name];
    const built = dir !== undefined && existsSync(path.join(dir, MANIFEST_FILE));
    const local = built ? `${remotePrefix(remote)}${MANIFEST_FILE}` : undefined;
    const entry =
      override ?? (release ? `${releasePrefix(remote, release)}${MANIFEST_FILE}` : local);
    remotes[remote.name] = { ...runtimeRemote(remote, entry), ...(release ? { release } : {}) };
  }
  return { apiBaseUrl: options.apiBaseUrl, remotes };
}
