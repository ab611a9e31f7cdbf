/**
 * The first inline script of a pre-rendered page (its SHA-256 is allowed by the page's
 * Content-Security-Policy, api/src/web, as the script loader's after it). It runs in <head>, before the form is painted, and
 * covers the time until the JavaScript has arrived and taken the page over:
 *
 * - A stored, unexpired session (the check of `hasStoredSession`, earlyStart.ts) marks <html>
 *   with SESSION_MARK, and the page's style keeps the pre-rendered form hidden: a signed-in
 *   visitor is about to be sent to their home, as before, without seeing a sign-in form first.
 * - A submit (Enter, the button) is held, not sent: the browser would otherwise send the form
 *   itself and reload the page, password in the URL. `window.dulyPrerender.takeHeldSubmit()`
 *   stops holding and returns the form that was submitted, if any, for the app to submit once
 *   it runs (takeOver.tsx).
 *
 * Plain ES5 in a string: it is written into the page as it is, so no build step touches it.
 */
export const SESSION_MARK = 'data-stored-session';

export const EARLY_SCRIPT = `(function (doc, win) {
  try {
    var token = win.localStorage.getItem('token');
    var payload = token && JSON.parse(win.atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (payload && typeof payload.exp === 'number' && payload.exp >= Math.floor(Date.now() / 1000)) {
      doc.documentElement.setAttribute('${SESSION_MARK}', '');
    }
  } catch (error) {}
  var held = null;
  function hold(event) {
    event.preventDefault();
    held = event.target;
  }
  doc.addEventListener('submit', hold, true);
  win.dulyPrerender = {
    takeHeldSubmit: function () {
      doc.removeEventListener('submit', hold, true);
      var form = held;
      held = null;
      return form;
    }
  };
})(document, window);`;

/** What the early script leaves on `window` for the app. */
export interface EarlyScriptApi {
  /** Stops holding submits; the form submitted before the app ran, if any. */
  takeHeldSubmit(): HTMLFormElement | null;
}

declare global {
  interface Window {
    dulyPrerender?: EarlyScriptApi;
  }
}
