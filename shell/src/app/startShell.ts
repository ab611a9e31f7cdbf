import {
  configureApi,
  createAppStore,
  selectToken,
  sessionRestored,
  setSessionMirror,
  type AppStore,
} from '@duly/shared/core';
import { inlineBoot } from '../features/remotes/inlineBoot';
import { loadConfigAndRegisterRemotes } from './earlyStart';
import { type RuntimeConfig } from './runtimeConfig';
import { offeredSession, sessionCookieMirror } from './sessionCookie';

/**
 * Everything that happens before the first render: runtime configuration
 * (API base, remote URLs: registered by `configReady`), the store, and the
 * session read from local storage (expired or undecodable tokens removed).
 * `configReady` is the read index.ts started early; without it config.json is
 * read here. When the page offers the session cookie (api/src/web/session-cookie.ts), every
 * token change is mirrored into it from here on, and a stored token the cookie lacks is sent now.
 */
export async function startShell(
  configReady: Promise<RuntimeConfig> = loadConfigAndRegisterRemotes(),
): Promise<AppStore> {
  const config = await configReady;
  configureApi({ baseUrl: config.apiBaseUrl });
  const session = offeredSession(inlineBoot()?.session);
  const mirror = session ? sessionCookieMirror(session) : null;
  setSessionMirror(mirror ?? undefined);
  const store = createAppStore();
  store.dispatch(sessionRestored());
  const token = selectToken(store.getState());
  if (mirror && token) mirror(token);
  return store;
}
