/**
 * What happens after a 401 (spec 4): a full page load of /login, so every bit
 * of in-memory state of the old session is gone. Tests swap the handler
 * because jsdom cannot navigate.
 */
export type UnauthorizedHandler = () => void;

/**
 * Left in sessionStorage for the /login page that the 401 loads, so it can say why the person
 * is there ("Your session has ended.", issue 33) while the URL stays /login.
 */
export const SESSION_ENDED_KEY = 'duly.sessionEnded';

/**
 * Set once this document is being replaced by the /login that a 401 loads. The signed-out
 * state also makes the router show /login in this document at once (guards.tsx), before the
 * full load arrives: that LoginScreen must not clear the notice the new document is to show.
 */
let leavingForLogin = false;

const assignLoginPage: UnauthorizedHandler = () => {
  leavingForLogin = true;
  try {
    window.sessionStorage.setItem(SESSION_ENDED_KEY, '1');
  } catch {
    // Storage refused (private mode): the page loads without the notice.
  }
  window.location.assign('/login');
};

/** Whether the last page ended on a 401 of a signed-in session. */
export function sessionEndedNotice(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_ENDED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Forgets it once shown, so a later visit of /login does not repeat it. */
export function clearSessionEndedNotice(): void {
  if (leavingForLogin) return;
  try {
    window.sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

let handler: UnauthorizedHandler = assignLoginPage;

export function redirectToLogin(): void {
  handler();
}

/** Replaces the 401 handler; without an argument, restores the full redirect. */
export function setUnauthorizedHandler(next?: UnauthorizedHandler): void {
  handler = next ?? assignLoginPage;
}
