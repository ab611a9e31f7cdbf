import { useEffect, type ReactNode } from 'react';
import { SESSION_MARK } from './earlyScript';
import { setValueUnseen } from './setValueUnseen';

/** On the root element of a pre-rendered page: the path it was rendered for (`/login`). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Hands the app what the visitor did on the pre-rendered page before the JavaScript ran.
 * Hydration keeps what was typed in the fields but tells the form's state (formik) nothing,
 * and React records the typed text as the field's known value, so a plain input event would
 * change nothing. For every field whose value differs from the HTML's, React is told the
 * HTML's value, the field shows what was typed again, and an input event lets React report
 * the change like a keystroke. Then the submit the early script held, if any, is sent again,
 * now to the app.
 */
export function replayEarlyInput(container: HTMLElement): void {
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input, textarea',
  )) {
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    field.value = field.defaultValue;
    setValueUnseen(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const form = window.dulyPrerender?.takeHeldSubmit() ?? null;
  // In a task of its own: the form reads its state as of its last render, and the fields'
  // changes above are rendered once this effect is over.
  if (form) setTimeout(() => form.isConnected && form.requestSubmit());
}

/** The page is the app's now: nothing is hidden or held any more. */
export function endPrerender(container: HTMLElement): void {
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
  document.documentElement.removeAttribute(SESSION_MARK);
}

/**
 * The outermost component of a pre-rendered page, on the server and in the browser alike (the
 * two trees must be the same for React to hydrate the HTML): renders the app and, once React
 * has taken over the page, replays what the visitor did before.
 */
export function TakeOver({
  container,
  children,
}: {
  container?: HTMLElement;
  children: ReactNode;
}) {
  useEffect(() => {
    if (!container) return;
    replayEarlyInput(container);
    endPrerender(container);
  }, [container]);
  return children;
}
