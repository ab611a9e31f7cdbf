import { configureApi, createAppStore, sessionRestored, type AppStore } from '@duly/shared';
import { registerRemoteEntries } from '../features/remotes';
import { loadRuntimeConfig } from './runtimeConfig';

/**
 * Everything that happens before the first render: runtime configuration
 * (API base, remote URLs: registered, none fetched), the store, and the
 * session read from local storage (expired or undecodable tokens removed).
 */
export async function startShell(): Promise<AppStore> {
  const config = await loadRuntimeConfig();
  configureApi({ baseUrl: config.apiBaseUrl });
  registerRemoteEntries(config.remotes);
  const store = createAppStore();
  store.dispatch(sessionRestored());
  return store;
}
