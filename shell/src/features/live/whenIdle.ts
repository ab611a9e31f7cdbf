/**
 * The longest a deferred start waits for an idle moment once the page has loaded: a page that
 * is never idle (an animation, a busy machine) still gets its live updates.
 */
export const IDLE_TIMEOUT_MS = 2000;

/** The longest it waits for the load event: past it, it only waits for an idle moment. */
export const LOAD_TIMEOUT_MS = 10_000;

/**
 * Runs `work` once the page's load event has passed and the main thread is idle (or
 * IDLE_TIMEOUT_MS later), so that work nobody sees at first stays out of the first screen's
 * start-up: it would otherwise run right after the first paint, where Lighthouse counts it as
 * blocking time (issue 32, fifth round). Returns what cancels it, if it has not run yet.
 */
export function whenIdle(work: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      // Safari has no requestIdleCallback: a task after the load event's.
      const timer = setTimeout(work, 0);
      cancelIdle = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle?.();
  }
  // A load event held back by a hung download must not keep the work from ever running.
  const late = setTimeout(start, LOAD_TIMEOUT_MS);
  function start() {
    clearTimeout(late);
    window.removeEventListener('load', start);
    schedule();
  }
  window.addEventListener('load', start, { once: true });
  return () => {
    clearTimeout(late);
    window.removeEventListener('load', start);
    cancelIdle?.();
  };
}
