/**
 * The first paint of a signed-in page shows the screen whole (issue 32, item 4): the chrome and
 * the route's data together. Until then the page shows the chrome's skeleton the server wrote
 * into the HTML (api/src/web/boot.ts), never a blank page, never a table without rows.
 *
 * Before the first render, bootstrap.tsx waits (at most FIRST_PAINT_WAIT_MS) for the page's
 * remote, loading since start-up (earlyStart.ts), and for the answer to the page's first API
 * requests, started by the HTML's boot script; each answer is put into RTK Query's cache under
 * the key the screen's hook uses, so the screen renders its rows in the first pass. A page of
 * the shell (/, /dashboard) waits for no remote: its screen's endpoints are injected by the
 * signed-in chunk, loaded before this runs (bootstrap.tsx).
 */
import {
  baseApi,
  seedPrefetched,
  seedPrefetchedList,
  selectToken,
  type AppStore,
} from '@duly/shared/core';
import { inlineBoot } from '../features/remotes/inlineBoot';
import { startupLoadOf } from '../features/remotes/loadRemoteRoutes';
import { remoteOwningPath } from '../features/remotes/routeTable';

/**
 * How long the first render waits for the screen at most: past it the chrome renders with the
 * screen's spinner, as before, rather than the skeleton staying on a hung request.
 */
export const FIRST_PAINT_WAIT_MS = 5000;

/**
 * Resolves when the page's remote has loaded (or failed) and its prefetched answers are seeded:
 * true when every one was (the screen's data is all in before its first render), false when
 * there was none, the remote failed or an answer failed (that part of the screen asks).
 */
export async function screenReady(store: AppStore, pathname: string): Promise<boolean> {
  const remote = remoteOwningPath(pathname);
  const load = remote && startupLoadOf(remote);
  if (remote && !load) return false;
  try {
    await load;
  } catch {
    return false; // The remote's render shows the failure.
  }
  const token = selectToken(store.getState());
  // A page written by a server older than the shell: one list request, its endpoint apart.
  const olderPageEndpoint = inlineBoot()?.firstEndpoint;
  if (typeof olderPageEndpoint === 'string')
    return seedPrefetchedList(
      store.dispatch,
      baseApi.util.upsertQueryEntries as Parameters<typeof seedPrefetchedList>[1],
      olderPageEndpoint,
      token,
    );
  return seedPrefetched(store.dispatch, baseApi, token);
}

/** `ready`'s value, or `late` once `ms` have passed, whichever comes first. */
export function atMost<T>(
  ready: Promise<T>,
  ms = FIRST_PAINT_WAIT_MS,
  late?: T,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(late), ms);
    ready.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(late);
      },
    );
  });
}
