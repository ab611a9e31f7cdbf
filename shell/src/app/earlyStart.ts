/**
 * What the shell starts from its entry chunk, while the shared singletons (React, the router,
 * `@duly/shared`, …) are still downloading: reading `config.json`, registering the remotes it
 * names, and loading the remote that owns the page being opened (its manifest, remoteEntry.js
 * and exposed chunk), so none of these waits for the shell's own code to arrive and run.
 *
 * This module and everything it imports stay free of React and of every other shared
 * dependency: the entry chunk runs before Module Federation has negotiated them (the async
 * boundary of index.ts), and a shared module is never eager here (ARCHITECTURE 4).
 */
import { jwtDecode } from 'jwt-decode';
// The remotes feature's React-free modules, not its index (which holds components).
import { loadPageRemoteAtStartup } from '../features/remotes/loadRemoteRoutes';
import { registerRemoteEntries } from '../features/remotes/registry';
import { loadRuntimeConfig, type RuntimeConfig } from './runtimeConfig';

/**
 * The key of the session token in local storage (spec 9). `@duly/shared` owns it
 * (`TOKEN_STORAGE_KEY`) but cannot be imported here; a test checks that both agree.
 */
export const SESSION_TOKEN_KEY = 'token';

/**
 * Whether a session token that has not expired is stored: a cheap guess at what the shell will
 * decide (`@duly/shared` validates the token fully), so that a visitor about to be sent to
 * /login does not download a remote. A wrong guess costs one download, never a wrong screen.
 */
export function hasStoredSession(nowSeconds = Date.now() / 1000): boolean {
  try {
    const token = localStorage.getItem(SESSION_TOKEN_KEY);
    if (!token) return false;
    const { exp } = jwtDecode(token);
    return typeof exp === 'number' && exp >= Math.floor(nowSeconds);
  } catch {
    return false;
  }
}

/** Reads config.json (never cached) and registers its remotes with the runtime; loads none. */
export async function loadConfigAndRegisterRemotes(): Promise<RuntimeConfig> {
  const config = await loadRuntimeConfig();
  registerRemoteEntries(config.remotes);
  return config;
}

/**
 * Starts everything that does not need the shell's own code: config.json, and, for a
 * signed-in visitor opening one of a remote's paths, that remote. A visitor without a session
 * is sent to /login, so nothing is loaded for them. Resolves with the configuration.
 */
export function startEarly(pathname: string = window.location.pathname): Promise<RuntimeConfig> {
  const signedIn = hasStoredSession();
  return loadConfigAndRegisterRemotes().then((config) => {
    if (signedIn) loadPageRemoteAtStartup(pathname);
    return config;
  });
}
