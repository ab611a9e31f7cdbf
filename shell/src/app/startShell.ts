import { configureApi, createAppStore, sessionRestored, type AppStore } from '@duly/shared/core';
import { loadConfigAndRegisterRemotes } from './earlyStart';
import { type RuntimeConfig } from './runtimeConfig';

/**
 * Everything that happens before the first render: runtime configuration
 * (API base, remote URLs: registered by `configReady`), the store, and the
 * session read from local storage (expired or undecodable tokens removed).
 * `configReady` is the read index.ts started early; without it config.json is
 * read here.
 */
export async function startShell(
  configReady: Promise<RuntimeConfig> = loadConfigAndRegisterRemotes(),
): Promise<AppStore> {
  const config = await configReady;
  configureApi({ baseUrl: config.apiBaseUrl });
  const store = createAppStore();
  store.dispatch(sessionRestored());
  return store;
}
