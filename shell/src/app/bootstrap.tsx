import { selectIsAuthenticated } from '@duly/shared/core';
import { inlineBoot } from '../features/remotes/inlineBoot';
import { hasStoredSession } from './earlyStart';
import { atMost, screenReady } from './firstScreen';
import { Root } from './Root';
import { loadSignedInPart } from './SignedInScreen';
import { mountShell } from './prerender/mountShell';
import { type RuntimeConfig } from './runtimeConfig';
import { startShell } from './startShell';
import { nextTask } from './startupSteps';

export const ROOT_ELEMENT_ID = 'root';

/**
 * Starts the shell: checks the page, reads the configuration, renders. `config` is the
 * configuration index.ts started reading before this chunk arrived.
 */
export async function bootstrap(config?: Promise<RuntimeConfig>): Promise<void> {
  const container = document.getElementById(ROOT_ELEMENT_ID);
  if (!container) throw new Error('Failed to find the root element');
  // A visitor with a session is about to see a signed-in page: its chunk downloads beside the
  // configuration, and the first render shows the page instead of a spinner.
  // In a task of its own: evaluating it (the chrome, the shared UI) is a long task already.
  const signedInPart = hasStoredSession()
    ? nextTask()
        .then(loadSignedInPart)
        .catch(() => undefined)
    : undefined;
  const [store] = await Promise.all([startShell(config), signedInPart]);
  // The first paint shows the screen with its data (firstScreen.ts); the HTML's skeleton of the
  // chrome stands until then.
  if (selectIsAuthenticated(store.getState()))
    await atMost(screenReady(store, window.location.pathname));
  // A pre-rendered page (/login) is hydrated: what the visitor typed stays (prerender/).
  // Time-sliced only when the page's first request was declared (its rows are seeded).
  mountShell(container, store, <Root store={store} />, Boolean(inlineBoot()?.firstEndpoint));
}
