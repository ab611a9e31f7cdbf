/**
 * What the base query needs from the session, handed to it by the store (`createAppStore` puts
 * it in the thunk's extra argument). The api module never imports the auth module, nor the
 * reverse: the store, which knows both, wires them. So the token is read from one place, the
 * store, and only the auth actions touch local storage.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { PrefetchedAnswer } from './prefetched';

export type SessionAction = UnknownAction | ThunkAction<void, never, unknown, UnknownAction>;

export interface ApiSession {
  /** The signed-in user's token in this state; null when nobody is signed in. */
  token: (state: unknown) => string | null;
  /** Ends the session after the server refused its token (a 401). */
  expired: () => SessionAction;
}

/**
 * The answers a store's GETs take instead of asking: a server render's store
 * (@duly/shared/server) holds the page's first answers, and nothing may leave the server
 * during it. Undefined for a URL it does not hold.
 */
export type KnownAnswers = (url: string) => PrefetchedAnswer | undefined;

/** The shape of the store's thunk extra argument the base query reads. */
export interface ApiExtra {
  apiSession: ApiSession;
  knownAnswers?: KnownAnswers;
}

/** A base query's `extra` as the store builds it; empty for a store createAppStore did not build. */
function extraOf(extra: unknown): Partial<ApiExtra> {
  return typeof extra === 'object' && extra !== null ? (extra as Partial<ApiExtra>) : {};
}

/** The session of a base query's `extra`; none for a store that was not built by createAppStore. */
export function sessionOf(extra: unknown): ApiSession | undefined {
  return extraOf(extra).apiSession;
}

/** The known answers of a base query's `extra` (a server render's store); none in a browser. */
export function knownAnswersOf(extra: unknown): KnownAnswers | undefined {
  return extraOf(extra).knownAnswers;
}
