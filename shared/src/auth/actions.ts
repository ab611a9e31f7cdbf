/**
 * Session events, the only code that touches the stored token. They are thunks around the
 * slice's plain actions; dispatch them like actions: `dispatch(loggedIn(token))`. A change of
 * person dispatches `sessionChanged`, on which the store drops the api cache (this module does
 * not know the api).
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { type AuthState, sessionChanged, sessionResolved } from './authSlice';
import { decodeSessionUser } from './decodeSessionUser';
import { clearStoredToken, readStoredToken, storeToken } from './tokenStorage';

type SessionThunk = ThunkAction<void, { auth: AuthState }, unknown, UnknownAction>;

/**
 * Start-up: reads the stored token and decodes it. An expired or undecodable
 * token is removed and the user is anonymous; otherwise authenticated.
 */
export function sessionRestored(): SessionThunk {
  return (dispatch) => {
    const user = decodeSessionUser(readStoredToken());
    if (!user) clearStoredToken();
    dispatch(sessionResolved(user));
  };
}

/**
 * After a successful login or signup: stores the token and authenticates.
 * Cached answers of a previous session are dropped. A token that cannot be
 * decoded is not stored and leaves the user anonymous.
 */
export function loggedIn(token: string): SessionThunk {
  return (dispatch) => {
    const user = decodeSessionUser(token);
    if (user) storeToken(token);
    else clearStoredToken();
    dispatch(sessionChanged());
    dispatch(sessionResolved(user));
  };
}

/**
 * The same person got a new token (a new name, a password change that ended their other
 * sessions): it replaces the stored one and the session's user, cached answers stay. A token
 * that cannot be decoded changes nothing.
 */
export function sessionRenewed(token: string): SessionThunk {
  return (dispatch) => {
    const user = decodeSessionUser(token);
    if (!user) return;
    storeToken(token);
    dispatch(sessionResolved(user));
  };
}

/** Removes the token and every cached answer; the user is anonymous. */
export function loggedOut(): SessionThunk {
  return (dispatch) => {
    clearStoredToken();
    dispatch(sessionChanged());
    dispatch(sessionResolved(null));
  };
}

/**
 * The server refused the token (a 401): it is removed and the user is anonymous. The cache is
 * left alone: the full page load of /login that follows drops it, and the request that got
 * the 401 still hands its error to its caller.
 */
export function sessionExpired(): SessionThunk {
  return (dispatch) => {
    clearStoredToken();
    dispatch(sessionResolved(null));
  };
}
