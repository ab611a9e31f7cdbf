/**
 * What happens after a 401 (spec 4): a full page load of /login, so every bit
 * of in-memory state of the old session is gone. Tests swap the handler
 * because jsdom cannot navigate.
 */
export type UnauthorizedHandler = () => void;

const assignLoginPage: UnauthorizedHandler = () => {
  window.location.assign('/login');
};

let handler: UnauthorizedHandler = assignLoginPage;

export function redirectToLogin(): void {
  handler();
}

/** Replaces the 401 handler; without an argument, restores the full redirect. */
export function setUnauthorizedHandler(next?: UnauthorizedHandler): void {
  handler = next ?? assignLoginPage;
}
