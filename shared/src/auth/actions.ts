/**
 * Session events. They touch local storage and the api cache, so they are
 * thunks around the slice's one pure action; dispatch them like actions:
 * `dispatch(loggedIn(token))`.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import { type AuthState, sessionResolved } from './authSlice';
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
    dispatch(baseApi.util.resetApiState());
    dispatch(sessionResolved(user));
  };
}

/** Removes the token and every cached answer; the user is anonymous. */
export function loggedOut(): SessionThunk {
  return (dispatch) => {
    clearStoredToken();
    dispatch(baseApi.util.resetApiState());
    dispatch(sessionResolved(null));
  };
}
