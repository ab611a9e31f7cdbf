/**
 * The federated remotes the server knows how to serve: the name the shell's
 * runtime config uses, the package folder holding its build, the URL path it
 * is served under, and the environment variable that points at a copy
 * deployed elsewhere.
 */
export interface RemoteSite {
  /** Module Federation name, the key in config.json (`remote_tasks`). */
  name: string;
  /** Package folder in the repository (`remote-tasks`); also its URL segment. */
  folder: string;
  /** Overrides where the browser loads this remote's manifest from. */
  urlEnvVar: string;
}

export const REMOTE_SITES: readonly RemoteSite[] = [
  'tasks',
  'certificates',
  'employees',
  'team',
].map((domain) => ({
  name: `remote_${domain}`,
  folder: `remote-${domain}`,
  urlEnvVar: `REMOTE_${domain.toUpperCase()}_URL`,
}));

/** URL prefix of a remote served by this process: `/remotes/remote-tasks/`. */
export function remotePrefix(remote: RemoteSite): string {
  return `/remotes/${remote.folder}/`;
}

/** The file whose presence means a remote's build is complete. */
export const MANIFEST_FILE = 'mf-manifest.json';
