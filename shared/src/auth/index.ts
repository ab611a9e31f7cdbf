export {
  authSlice,
  sessionChanged,
  sessionResolved,
  type AuthState,
  type SessionStatus,
} from './authSlice';
export { sessionRestored, loggedIn, loggedOut, sessionExpired, sessionRenewed } from './actions';
export { decodeSessionUser, nowInSeconds } from './decodeSessionUser';
export {
  selectSession,
  selectSessionStatus,
  selectCurrentUser,
  selectIsAuthenticated,
  selectRole,
  selectToken,
  selectCanManage,
} from './selectors';
export { canManage, roleHome } from './roleHome';
export { setSessionMirror, type SessionMirror } from './tokenStorage';
