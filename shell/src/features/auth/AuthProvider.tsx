import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  apiErrorMessage,
  loggedIn,
  loggedOut,
  roleHome,
  selectSession,
  useAppDispatch,
  useAppSelector,
  type LoginPayload,
  type SessionStatus,
  type SessionUser,
  type SignupPayload,
} from '@duly/shared/core';
import { useAuthLoginMutation, useAuthSignupMutation } from './api';
import { useSnackbar } from '@duly/shared/kit';

export const AUTH_TEXTS = {
  loginSucceeded: 'Login successful',
  loginFailed: 'Invalid email or password',
  signupSucceeded: 'Signup successful',
  signupFailed: 'Failed to sign up',
  loggedOut: 'Logged out successfully',
} as const;

export interface AuthContextValue {
  status: SessionStatus;
  user: SessionUser | null;
  /** Signs in and goes to the role's home; rejects (after the toast) when it failed. */
  login: (credentials: LoginPayload) => Promise<void>;
  /** Signs up, signs in and goes to /dashboard; rejects (after the toast) when it failed. */
  signup: (payload: SignupPayload) => Promise<void>;
  /** Ends the session and goes to /login. */
  logout: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The session as the screens use it (spec 4). The state itself lives in the
 * shared auth slice; this provider adds the flows around it: the calls, the
 * toasts of spec 8 and where each flow lands.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { status, user } = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [requestLogin] = useAuthLoginMutation();
  const [requestSignup] = useAuthSignupMutation();

  const login = useCallback(
    async (credentials: LoginPayload) => {
      try {
        const answer = await requestLogin(credentials).unwrap();
        dispatch(loggedIn(answer.token));
        enqueueSnackbar(AUTH_TEXTS.loginSucceeded, { variant: 'success' });
        navigate(roleHome(answer.user.role), { replace: true });
      } catch (error) {
        enqueueSnackbar(AUTH_TEXTS.loginFailed, { variant: 'error' });
        throw error;
      }
    },
    [dispatch, enqueueSnackbar, navigate, requestLogin],
  );

  const signup = useCallback(
    async (payload: SignupPayload) => {
      try {
        const answer = await requestSignup(payload).unwrap();
        dispatch(loggedIn(answer.token));
        enqueueSnackbar(AUTH_TEXTS.signupSucceeded, { variant: 'success' });
        navigate('/dashboard', { replace: true });
      } catch (error) {
        enqueueSnackbar(apiErrorMessage(error, AUTH_TEXTS.signupFailed), { variant: 'error' });
        throw error;
      }
    },
    [dispatch, enqueueSnackbar, navigate, requestSignup],
  );

  const logout = useCallback(() => {
    dispatch(loggedOut());
    enqueueSnackbar(AUTH_TEXTS.loggedOut, { variant: 'success' });
    navigate('/login', { replace: true });
  }, [dispatch, enqueueSnackbar, navigate]);

  const value = useMemo(
    () => ({ status, user, login, signup, logout }),
    [status, user, login, signup, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
