/**
 * The shared packages the first render needs, evaluated one per task before the shell's own
 * code (issue 18). Loading `./bootstrap` evaluates every module it needs at once: React DOM,
 * Redux Toolkit and the base API, styled-components, the router and the app, one task of about
 * half a second on a slow phone, during which the pre-rendered /login cannot react. Evaluated
 * step by step, with the browser free in between, the same work comes as several shorter
 * tasks. The files themselves download in parallel as before (index.html preloads them all).
 *
 * Dynamic imports, like `./bootstrap` itself: the entry chunk never evaluates a shared module
 * before Module Federation has negotiated it (ARCHITECTURE 4).
 */
const STEPS: readonly (() => Promise<unknown>)[] = [
  () => import('react-dom/client'),
  () => import('@duly/shared/core'),
  () => import('styled-components'),
  () => import('react-router-dom'),
];

/**
 * Resolves in a new task, so the browser can paint and handle input first. A message, not
 * `setTimeout`: a timer in a background tab may wait a whole second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/** Evaluates each step's packages in a task of its own; resolves once all are evaluated. */
export async function evaluateInSteps(steps = STEPS): Promise<void> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
}
