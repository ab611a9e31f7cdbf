/**
 * The first paint of a signed-in page shows the screen whole (issue 32, item 4): the chrome and
 * the route's data together. Until then the page shows the chrome's skeleton the server wrote
 * into the HTML (api/src/web/boot.ts), never a blank page, never a table without rows.
 *
 * Before the first render, bootstrap.tsx waits (at most FIRST_PAINT_WAIT_MS) for the page's
 * remote, loading since start-up (earlyStart.ts), and for the answer to the page's first API
 * request, started by the HTML's boot script; that answer is put into RTK Query's cache under
 * the key the screen's hook uses, so the screen renders its rows in the first pass.
 */
import { baseApi, seedPrefetchedList, selectToken, type AppStore } from '@duly/shared/core';
import { inlineBoot } from '../features/remotes/inlineBoot';
import { startupLoadOf } from '../features/remotes/loadRemoteRoutes';
import { remoteOwningPath } from '../features/remotes/routeTable';

/**
 * How long the first render waits for the screen at most: past it the chrome renders with the
 * screen's spinner, as before, rather than the skeleton staying on a hung request.
 */
export const FIRST_PAINT_WAIT_MS = 5000;

/** Resolves when the page's remote has loaded (or failed) and its first answer is seeded. */
export async function screenReady(store: AppStore, pathname: string): Promise<void> {
  const remote = remoteOwningPath(pathname);
  const load = remote && startupLoadOf(remote);
  if (!load) return;
  try {
    await load;
  } catch {
    return; // The remote's render shows the failure.
  }
  const endpoint = inlineBoot()?.firstEndpoint;
  if (typeof endpoint !== 'string') return;
  await seedPrefetchedList(
    store.dispatch,
    baseApi.util.upsertQueryEntries as Parameters<typeof seedPrefetchedList>[1],
    endpoint,
    selectToken(store.getState()),
  );
}

/** `ready`, or nothing once `ms` have passed, whichever comes first. */
export function atMost(ready: Promise<void>, ms = FIRST_PAINT_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    ready.then(done, done);
  });
}
