import { manifestUrl, servedSourcesFromEnv, type ServedSources } from '../../../scripts/served.cjs';

export { manifestUrl };

/** What the web plugin serves and what it writes into config.json. */
export interface WebOptions extends ServedSources {
  /**
   * The shell's build folder (`shell/dist`): index.html and its chunks, served while no shell
   * release is active (scripts/served.cjs decides, per request).
   */
  shellDir: string;
  /** DULY_SHELL_DIR: a shell build kept elsewhere, served instead of any release or dist/. */
  pinnedShellDir?: string;
  /** Each remote's build folder, by remote name (`remote_tasks` → `…/remote-tasks/dist`). */
  remoteDirs: Record<string, string>;
  /** config.json `apiBaseUrl`. */
  apiBaseUrl: string;
  /** Manifest URLs of remotes deployed elsewhere, by remote name; they win over local builds. */
  remoteUrls: Record<string, string>;
  /**
   * The server's data folder (`DATA_DIR`): its `releases/` holds the immutable releases of the
   * shell and the remotes and the registry of the active ones (scripts/releases.cjs), read on
   * every request. An active release is served instead of the dist/ folder.
   */
  dataDir?: string;
  /**
   * Benchmark only: a prebuilt page served under `/__bench/` so `npm run bench:web` can compare
   * the product with a minimal React page from the same server. Unset in normal runs.
   */
  benchPageDir?: string;
  /** The server render's time limit (server-render.ts RENDER_LIMIT_MS); tests set it. */
  serverRenderLimitMs?: number;
  /**
   * Whether `.map` files are served. Production builds emit source maps for error reporting
   * (hidden: no bundle points at them), but they hold the whole source, so by default the
   * server answers them 404. `DULY_SERVE_SOURCE_MAPS=on` serves them (a staging server).
   */
  serveSourceMaps?: boolean;
}

export const DEFAULT_API_BASE_URL = '/api/v1';

/**
 * Reads the web settings from the environment. `DULY_WEB_ROOT` (the repository folder that holds
 * `shell/` and the `remote-…` packages) turns the front end on; without it the server is the
 * API alone. Where the builds are (DULY_SHELL_DIR, REMOTE_<NAME>_URL, DATA_DIR) is read by
 * scripts/served.cjs, which the release command shares.
 */
export function webOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): WebOptions | null {
  const root = env.DULY_WEB_ROOT?.trim();
  if (!root) return null;
  return {
    ...servedSourcesFromEnv(root, env),
    apiBaseUrl: env.API_BASE_URL?.trim() || DEFAULT_API_BASE_URL,
    benchPageDir: env.DULY_BENCH_PAGE_DIR?.trim() || undefined,
    serveSourceMaps: env.DULY_SERVE_SOURCE_MAPS?.trim().toLowerCase() === 'on',
  };
}
