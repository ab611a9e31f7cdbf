import type { SessionUser } from '../contract/types';
import { canManage } from './roleHome';
import type { AuthState, SessionStatus } from './authSlice';

/** Any state holding the auth slice (the app's `RootState` does). */
interface WithAuth {
  auth: AuthState;
}

export const selectSession = (state: WithAuth): AuthState => state.auth;
export const selectSessionStatus = (state: WithAuth): SessionStatus => state.auth.status;
export const selectCurrentUser = (state: WithAuth): SessionUser | null => state.auth.user;
export const selectIsAuthenticated = (state: WithAuth): boolean =>
  state.auth.status === 'authenticated';
export const selectRole = (state: WithAuth): string | null => state.auth.user?.role ?? null;
export const selectToken = (state: WithAuth): string | null => state.auth.user?.token ?? null;
/** The signed-in user may create and change tasks and certificates (`canManage`). */
export const selectCanManage = (state: WithAuth): boolean => canManage(state.auth.user?.role);
