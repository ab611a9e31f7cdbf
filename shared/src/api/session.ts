/**
 * What the base query needs from the session, handed to it by the store (`createAppStore` puts
 * it in the thunk's extra argument). The api module never imports the auth module, nor the
 * reverse: the store, which knows both, wires them. So the token is read from one place, the
 * store, and only the auth actions touch local storage.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';

export type SessionAction = UnknownAction | ThunkAction<void, never, unknown, UnknownAction>;

export interface ApiSession {
  /** The signed-in user's token in this state; null when nobody is signed in. */
  token: (state: unknown) => string | null;
  /** Ends the session after the server refused its token (a 401). */
  expired: () => SessionAction;
}

/** The shape of the store's thunk extra argument the base query reads. */
export interface ApiExtra {
  apiSession: ApiSession;
}

/** The session of a base query's `extra`; none for a store that was not built by createAppStore. */
export function sessionOf(extra: unknown): ApiSession | undefined {
  if (typeof extra !== 'object' || extra === null || !('apiSession' in extra)) return undefined;
  return (extra as ApiExtra).apiSession;
}
