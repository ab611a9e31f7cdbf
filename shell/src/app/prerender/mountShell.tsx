import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { selectSessionStatus, type AppStore } from '@duly/shared/core';
import { carryEarlyInput } from './carryEarlyInput';
import { PRERENDERED_ATTRIBUTE, TakeOver, endPrerender } from './takeOver';

/** Set by the server on a `#root` that holds its render of the screen (api/src/web/server-render.ts). */
const SNAPSHOT_ATTRIBUTE = 'data-duly-snapshot';

/**
 * Whether the page holds a pre-render (renderPages.tsx) that the app's first render will
 * match: one made for this very path, for an anonymous visitor. A signed-in visitor is sent
 * elsewhere by the first render (PublicOnly), so the HTML is replaced rather than hydrated.
 */
export function canHydrate(container: HTMLElement, store: AppStore): boolean {
  const route = container.getAttribute(PRERENDERED_ATTRIBUTE);
  return (
    route !== null &&
    route === window.location.pathname &&
    selectSessionStatus(store.getState()) === 'anonymous'
  );
}

/**
 * Renders the app into `container`, taking over its pre-rendered HTML when it matches.
 * `sliced`: the first render is a transition (below); only for a screen whose data is in before
 * it starts, as answers arriving meanwhile would restart it.
 */
export function mountShell(
  container: HTMLElement,
  store: AppStore,
  app: ReactNode,
  sliced = false,
): void {
  if (canHydrate(container, store)) {
    // Not in a transition: time-sliced hydration lets the browser paint between slices, and
    // one of those paints shows the page with a different style (measured: the heading's size
    // changes twice after the first paint, so Lighthouse's LCP moves to the last of them).
    hydrateRoot(container, <TakeOver container={container}>{app}</TakeOver>, {
      // A mismatch is repaired by React (it renders that part afresh); say so, for the tests
      // and whoever changes the screen without rebuilding the pre-render.
      onRecoverableError: (error) => console.error('[duly] pre-rendered page not hydrated', error),
    });
    return;
  }
  // Nothing submitted on a page that is being replaced is replayed: the app shows another one.
  window.dulyPrerender?.takeHeldSubmit();
  // A screen painted from the server's HTML (its rows rendered there, api/src/web/server-render.ts)
  // stays until React's first commit replaces it: emptied now, the page could paint the
  // skeleton in between. Not hydrated: the class names of styled-components are numbered in the
  // order the modules run, which the server's process and the browser's do not share.
  // What the visitor chose or typed in it meanwhile is handed to the app's own controls.
  if (container.hasAttribute(SNAPSHOT_ATTRIBUTE)) carryEarlyInput(container);
  else container.replaceChildren();
  endPrerender(container);
  // A transition: React renders the chrome and the screen's rows in slices of a few
  // milliseconds, the page stays responsive, and the one commit paints them together. Only when
  // the screen's data came with the page (firstScreen.ts): otherwise its answers arrive during
  // the render and restart it, which made issue 18's attempt slower (and the dashboards, which
  // declare no first request, measurably slower in issue 32's A/B).
  const root = createRoot(container);
  if (sliced) startTransition(() => root.render(app));
  else root.render(app);
}
