import { runtimeRemote, type RuntimeRemote } from '../../../scripts/remote-registry.cjs';
import { servedRemotes } from '../../../scripts/served.cjs';
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

/**
 * Built per request, so a release, a rollback or a remote built (or deployed elsewhere) after the
 * server started is picked up at the next page load. Where a remote comes from
 * (scripts/served.cjs): its URL setting (REMOTE_TASKS_URL) first, then its active release, then
 * its dist/. A remote that is neither configured, released nor built has no `entry`: the shell
 * keeps its navigation entry and shows its failure message on its routes.
 */
export function runtimeConfig(options: WebOptions): RuntimeConfig {
  const served = servedRemotes(options);
  const remotes: Record<string, RuntimeRemoteEntry> = {};
  for (const remote of REMOTE_SITES) {
    const source = served[remote.name];
    let entry: string | undefined;
    if (source?.kind === 'url') entry = source.manifest;
    else if (source?.kind === 'release')
      entry = `${releasePrefix(remote, source.id)}${MANIFEST_FILE}`;
    else if (source?.kind === 'dist') entry = `${remotePrefix(remote)}${MANIFEST_FILE}`;
    remotes[remote.name] = {
      ...runtimeRemote(remote, entry),
      ...(source?.kind === 'release' ? { release: source.id } : {}),
    };
  }
  return { apiBaseUrl: options.apiBaseUrl, remotes };
}
