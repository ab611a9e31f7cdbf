/**
 * What the visitor did to the server's render of a screen (api/src/web/server-render.ts) before
 * the app took the page over: a filter chosen, a search typed, the field it was typed in. The
 * server's markup is not hydrated (mountShell.tsx): React's first commit replaces it with the
 * app's own controls, which start from the URL. Without this, a choice made in those first
 * moments would vanish with the old markup (CI saw it: a filter chosen right after the page
 * loaded never reached the URL).
 *
 * The server's controls keep their nodes, detached, after the commit, so their final values are
 * still readable then; each is handed to the app's control of the same kind and `name` (the kit's
 * fields always have one) once that control is in the page, as a change React reports like the
 * visitor's own. The field the visitor was in gets the focus back, the caret at the end. A
 * button clicked in the server's render (the page's boot script keeps the last one,
 * api/src/web/boot.ts EARLY_CLICK_GLOBAL) is clicked again in the app: the button of the same
 * name, at the same place among those named alike, after the fields' changes.
 */
import { setValueUnseen } from './setValueUnseen';

declare global {
  interface Window {
    /** The last button clicked in the server's render (api/src/web/boot.ts BOOT_SCRIPT). */
    dulyEarlyClick?: HTMLButtonElement;
  }
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const CONTROLS = 'input, select, textarea';

/** How long the app's counterparts are waited for: a screen whose data fails never shows them. */
const WAIT_MS = 15_000;

function changed(control: Control): boolean {
  if (control instanceof HTMLSelectElement) {
    // Without a `selected` attribute the first option is the page's choice.
    const options = Array.from(control.options);
    const initial = options.find((option) => option.defaultSelected) ?? options[0];
    return control.value !== (initial?.value ?? '');
  }
  if (
    control instanceof HTMLInputElement &&
    (control.type === 'checkbox' || control.type === 'radio')
  ) {
    return control.checked !== control.defaultChecked;
  }
  return control.value !== control.defaultValue;
}

/** The app's control standing for `early`: same element, type and name (and value, a radio's). */
function counterpartOf(container: HTMLElement, early: Control): Control | null {
  if (!early.name) return null;
  for (const control of container.querySelectorAll<Control>(early.localName)) {
    if (control.name !== early.name || control.type !== early.type) continue;
    if (early.type === 'radio' && control.value !== early.value) continue;
    return control;
  }
  return null;
}

const nameOf = (button: HTMLButtonElement) =>
  button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';

/** The app's button standing for `clicked`: the same name, at the same place among those named alike. */
function buttonCounterpartOf(
  container: HTMLElement,
  early: readonly HTMLButtonElement[],
  clicked: HTMLButtonElement,
): HTMLButtonElement | null {
  const name = nameOf(clicked);
  const place = early.filter((button) => nameOf(button) === name).indexOf(clicked);
  const named = Array.from(container.querySelectorAll('button')).filter(
    (button) => nameOf(button) === name,
  );
  return named[place] ?? null;
}

/** Tells React about `value` as if the visitor had chosen it in `control`. */
function handOver(early: Control, control: Control): void {
  if (control instanceof HTMLSelectElement) {
    control.value = early.value;
    control.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (
    control instanceof HTMLInputElement &&
    (control.type === 'checkbox' || control.type === 'radio')
  ) {
    // React follows these by their click.
    if (control.checked !== (early as HTMLInputElement).checked) control.click();
  } else {
    setValueUnseen(control, early.value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

function focusLikeBefore(control: Control): void {
  // Only when nothing else took the focus meanwhile.
  const active = document.activeElement;
  if (active && active !== document.body) return;
  control.focus();
  if (
    control instanceof HTMLTextAreaElement ||
    control.type === 'text' ||
    control.type === 'search'
  ) {
    const end = control.value.length;
    (control as HTMLInputElement).setSelectionRange(end, end);
  }
}

/**
 * Call before the app renders into `container`, which holds the server's markup. Returns a
 * function that stops waiting; it also stops by itself once everything is handed over, or after
 * WAIT_MS.
 */
export function carryEarlyInput(container: HTMLElement): () => void {
  const early = Array.from(container.querySelectorAll<Control>(CONTROLS));
  const earlyButtons = Array.from(container.querySelectorAll('button'));
  if (early.length === 0 && earlyButtons.length === 0) return () => undefined;

  // The field the visitor is in when its node leaves the page: a blur while it is still in
  // the page is the visitor's own, and forgets it.
  let focused: Control | null = early.find((control) => control === document.activeElement) ?? null;
  const onFocusIn = (event: FocusEvent) => {
    if (early.includes(event.target as Control)) focused = event.target as Control;
  };
  const onFocusOut = (event: FocusEvent) => {
    const left = event.target as Control;
    queueMicrotask(() => {
      if (left === focused && left.isConnected) focused = null;
    });
  };
  container.addEventListener('focusin', onFocusIn);
  container.addEventListener('focusout', onFocusOut);

  const pending = new Set(early);
  const settle = () => {
    // Not committed yet: the server's nodes are still in the page.
    if (container.contains(early[0] ?? earlyButtons[0] ?? null)) return;
    for (const control of pending) {
      if (!changed(control) && control !== focused) {
        pending.delete(control);
        continue;
      }
      const counterpart = counterpartOf(container, control);
      if (!counterpart) continue;
      pending.delete(control);
      if (changed(control)) handOver(control, counterpart);
      if (control === focused) focusLikeBefore(counterpart);
    }
    const clicked = window.dulyEarlyClick;
    const clickWaits = clicked !== undefined && earlyButtons.includes(clicked);
    const replayed = clickWaits ? buttonCounterpartOf(container, earlyButtons, clicked) : null;
    if (replayed) {
      delete window.dulyEarlyClick;
      // In a task of its own: the click reads the state the fields' changes above render.
      setTimeout(() => replayed.isConnected && replayed.click());
    }
    if (pending.size === 0 && (!clickWaits || replayed)) stop();
  };
  const observer = new MutationObserver(settle);
  observer.observe(container, { childList: true, subtree: true });
  const timer = setTimeout(() => stop(), WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    container.removeEventListener('focusin', onFocusIn);
    container.removeEventListener('focusout', onFocusOut);
  }
  return stop;
}
