/**
 * The session (spec 4): `loading` until start-up has looked at the stored
 * token, then `anonymous` or `authenticated`.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from '../contract/types';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface AuthState {
  status: SessionStatus;
  user: SessionUser | null;
}

const initialState: AuthState = { status: 'loading', user: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** The session is known: a user, or nobody. Dispatched by the thunks in `actions.ts`. */
    sessionResolved(_state, action: PayloadAction<SessionUser | null>): AuthState {
      const user = action.payload;
      return user ? { status: 'authenticated', user } : { status: 'anonymous', user: null };
    },
  },
});

export const { sessionResolved } = authSlice.actions;

/**
 * Another person (or nobody) now uses the app: answers cached for the previous one must go.
 * Dispatched by `loggedIn` and `loggedOut`; the store resets the api cache on it.
 */
export const sessionChanged = createAction('auth/sessionChanged');
