/**
 * The runtime configuration (ARCHITECTURE 5): `config.json` next to
 * index.html, read before the first render and never cached, so one shell
 * build runs against any API and any set of remote deployments.
 */
// The registry module itself, not the feature's index: this file runs in the entry chunk
// (index.ts), which must not pull in React (see earlyStart.ts).
import { parseRemoteEntries } from '../features/remotes/parseRemoteEntries';
import type { RemoteEntries } from '../features/remotes/registry';
import { inlineBoot } from '../features/remotes/inlineBoot';

export interface RuntimeConfig {
  /** The API base; absent → `/api/v1` on the page's host. */
  apiBaseUrl?: string;
  /** Per remote: manifest URL, owned paths, navigation entry; a remote not listed does not exist. */
  remotes: RemoteEntries;
}

export const CONFIG_PATH = '/config.json';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keeps what is well-formed and says (in the console) what was ignored. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (!isRecord(raw)) {
    console.error('config.json is not a JSON object; using the defaults.');
    return { remotes: {} };
  }
  const config: RuntimeConfig = { remotes: {} };
  if (typeof raw.apiBaseUrl === 'string' && raw.apiBaseUrl.trim() !== '') {
    config.apiBaseUrl = raw.apiBaseUrl.trim();
  }
  config.remotes = parseRemoteEntries(raw.remotes);
  return config;
}

/**
 * The runtime configuration: the copy inlined in the page when the server wrote one (no round
 * trip), else `config.json` read from the shell's own origin. When it cannot be read the
 * shell still starts (sign-in and the dashboard work against the fallback API
 * base; every remote route shows its failure message).
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const inlined = inlineBoot()?.config;
  if (inlined !== undefined) return parseRuntimeConfig(inlined);
  try {
    const response = await fetch(new URL(CONFIG_PATH, window.location.origin), {
      cache: 'no-store',
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseRuntimeConfig(await response.json());
  } catch (error) {
    console.error('Could not read config.json; starting without remotes.', error);
    return { remotes: {} };
  }
}
