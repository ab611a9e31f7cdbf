import { selectIsAuthenticated } from '@duly/shared/core';
import { hasStoredSession } from './earlyStart';
import { atMost, screenReady } from './firstScreen';
import { Root } from './Root';
import { loadPublicPart, PUBLIC_PATHS } from './PublicScreen';
import { loadSettingsPart, loadSignedInPart, SETTINGS_PATHS } from './SignedInScreen';
import { mountShell } from './prerender/mountShell';
import { type RuntimeConfig } from './runtimeConfig';
import { startShell } from './startShell';
import { nextTask } from './startupSteps';

export const ROOT_ELEMENT_ID = 'root';

/**
 * The chunks of screens the page's first render needs, loading: a visitor with a session is
 * about to see a signed-in page (the settings screens only on their paths), one without a
 * session or on a public path a public screen (sign-in, sign-up, a one-time link), so the first
 * render shows the page instead of a spinner (and hydrates the pre-rendered /login). A failed
 * download is left to the screen, which shows its spinner and tries again.
 */
function firstScreenParts(pathname = window.location.pathname): Promise<unknown>[] {
  const signedIn = hasStoredSession();
  const parts: Promise<unknown>[] = [];
  // In a task of its own: evaluating it (the chrome, the shared UI) is a long task already.
  if (signedIn) parts.push(nextTask().then(loadSignedInPart));
  if (signedIn && SETTINGS_PATHS.test(pathname)) parts.push(loadSettingsPart());
  if (!signedIn || PUBLIC_PATHS.includes(pathname)) parts.push(loadPublicPart());
  return parts.map((part) => part.catch(() => undefined));
}

/**
 * Starts the shell: checks the page, reads the configuration, renders. `config` is the
 * configuration index.ts started reading before this chunk arrived.
 */
export async function bootstrap(config?: Promise<RuntimeConfig>): Promise<void> {
  const container = document.getElementById(ROOT_ELEMENT_ID);
  if (!container) throw new Error('Failed to find the root element');
  // The screens' chunks download beside the configuration.
  const [store] = await Promise.all([startShell(config), ...firstScreenParts()]);
  // The first paint shows the screen with its data (firstScreen.ts); the HTML's skeleton of the
  // chrome stands until then.
  const seeded =
    selectIsAuthenticated(store.getState()) &&
    (await atMost(screenReady(store, window.location.pathname)));
  // A pre-rendered page (/login) is hydrated: what the visitor typed stays (prerender/).
  // Time-sliced only when every first request of the page was seeded (its data is in).
  mountShell(container, store, <Root store={store} />, seeded === true);
}
