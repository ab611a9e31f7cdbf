import { type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingState } from '@duly/shared/kit';
import { roleHome } from '@duly/shared/core';
import { useAuth } from './AuthProvider';

/** What shows while the session is being read (spec 2). */
function SessionLoading() {
  return <LoadingState>Loading...</LoadingState>;
}

/** Protected routes: anonymous users go to /login (spec 2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  return children;
}

/** /login and /signup: a signed-in user goes to the role's home instead (spec 2). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'authenticated') return <Navigate to={roleHome(user?.role)} replace />;
  return children;
}
