import {
  readRemoteRegistry,
  remoteUrlEnvVar,
  type RemoteEntry,
} from '../../../scripts/remote-registry.cjs';

/**
 * The federated remotes the server knows how to serve, from remotes.json (the one list): the
 * name the shell's runtime config uses, the package folder holding its build (also its URL
 * segment), and the environment variable that points at a copy deployed elsewhere.
 */
export interface RemoteSite extends RemoteEntry {
  /** Overrides where the browser loads this remote's manifest from (`REMOTE_TASKS_URL`). */
  urlEnvVar: string;
}

export const REMOTE_SITES: readonly RemoteSite[] = readRemoteRegistry().map((remote) => ({
  ...remote,
  urlEnvVar: remoteUrlEnvVar(remote.name),
}));

/** URL prefix of a remote served by this process: `/remotes/remote-tasks/`. */
export function remotePrefix(remote: RemoteSite): string {
  return `/remotes/${remote.package}/`;
}

/** URL prefix of one immutable release of a remote: `/releases/remote-tasks/<id>/`. */
export function releasePrefix(remote: RemoteSite, id: string): string {
  return `/releases/${remote.package}/${id}/`;
}

/** The file whose presence means a remote's build is complete. */
export const MANIFEST_FILE = 'mf-manifest.json';
