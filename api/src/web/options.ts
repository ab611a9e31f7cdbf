import path from 'node:path';

import { REMOTE_SITES } from './remotes';

/** What the web plugin serves and what it writes into config.json. */
export interface WebOptions {
  /** The shell's build folder (`shell/dist`): index.html and its chunks. */
  shellDir: string;
  /** Each remote's build folder, by remote name (`remote_tasks` → `…/remote-tasks/dist`). */
  remoteDirs: Record<string, string>;
  /** config.json `apiBaseUrl`. */
  apiBaseUrl: string;
  /** Manifest URLs of remotes deployed elsewhere, by remote name; they win over local builds. */
  remoteUrls: Record<string, string>;
  /**
   * The server's data folder (`DATA_DIR`): its `releases/` holds the remotes' immutable releases
   * and the registry of the active ones (scripts/releases.cjs), read on every request. A remote
   * with an active release is served from it instead of its dist/.
   */
  dataDir?: string;
  /**
   * Benchmark only: a prebuilt page served under `/__bench/` so `npm run bench:web` can compare
   * the product with a minimal React page from the same server. Unset in normal runs.
   */
  benchPageDir?: string;
  /**
   * Whether `.map` files are served. Production builds emit source maps for error reporting
   * (hidden: no bundle points at them), but they hold the whole source, so by default the
   * server answers them 404. `DULY_SERVE_SOURCE_MAPS=on` serves them (a staging server).
   */
  serveSourceMaps?: boolean;
}

export const DEFAULT_API_BASE_URL = '/api/v1';

/** `https://cdn/tasks/` or `…/mf-manifest.json` → the manifest URL. */
export function manifestUrl(value: string): string {
  const trimmed = value.trim();
  return trimmed.endsWith('.json') ? trimmed : `${trimmed.replace(/\/+$/, '')}/mf-manifest.json`;
}

/**
 * Reads the web settings from the environment. `DULY_WEB_ROOT` (the repository folder that holds
 * `shell/` and the `remote-…` packages) turns the front end on; without it the server is the
 * API alone.
 */
export function webOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): WebOptions | null {
  const root = env.DULY_WEB_ROOT?.trim();
  if (!root) return null;
  const remoteDirs: Record<string, string> = {};
  const remoteUrls: Record<string, string> = {};
  for (const remote of REMOTE_SITES) {
    remoteDirs[remote.name] = path.resolve(root, remote.package, 'dist');
    const override = env[remote.urlEnvVar]?.trim();
    if (override) remoteUrls[remote.name] = manifestUrl(override);
  }
  return {
    // DULY_SHELL_DIR: a shell build kept elsewhere (a platform release), instead of shell/dist.
    shellDir: path.resolve(root, env.DULY_SHELL_DIR?.trim() || path.join('shell', 'dist')),
    remoteDirs,
    apiBaseUrl: env.API_BASE_URL?.trim() || DEFAULT_API_BASE_URL,
    remoteUrls,
    // Resolved as the API resolves it (api/src/plugins/config.ts), so both use one folder.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR || './data'),
    benchPageDir: env.DULY_BENCH_PAGE_DIR?.trim() || undefined,
    serveSourceMaps: env.DULY_SERVE_SOURCE_MAPS?.trim().toLowerCase() === 'on',
  };
}
