/**
 * Where the API lives. The shell reads `apiBaseUrl` from its runtime
 * `config.json` and calls `configureApi` before rendering (ARCHITECTURE 5);
 * until then, and when the setting is absent, requests go to `/api/v1` on the
 * page's own host (spec 7).
 */
import { API_BASE_PATH } from '../contract/constants';

export interface ApiConfig {
  baseUrl: string;
  /** Wait before the one retry of a failed query. Tests set 0. */
  retryDelayMs: number;
}

const DEFAULT_RETRY_DELAY_MS = 500;

let current: ApiConfig = { baseUrl: API_BASE_PATH, retryDelayMs: DEFAULT_RETRY_DELAY_MS };

/** `/api/v1` on the page's host when `configValue` is empty. No trailing slash. */
export function resolveApiBaseUrl(configValue?: string | null): string {
  const configured = configValue?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  if (typeof window === 'undefined' || !window.location?.origin) return API_BASE_PATH;
  return `${window.location.origin}${API_BASE_PATH}`;
}

/** Sets the base URL (resolved with `resolveApiBaseUrl`) and, for tests, the retry delay. */
export function configureApi(options: { baseUrl?: string | null; retryDelayMs?: number }): void {
  current = {
    baseUrl: resolveApiBaseUrl(options.baseUrl),
    retryDelayMs: options.retryDelayMs ?? current.retryDelayMs,
  };
}

export function apiConfig(): Readonly<ApiConfig> {
  return current;
}
