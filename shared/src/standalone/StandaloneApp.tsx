/**
 * What the standalone page renders around a remote's routes: a thin top bar and a sign-in form,
 * standing in for the shell's chrome and login screen. The shell never loads this module.
 */
import { type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  loggedOut,
  selectCurrentUser,
  selectSessionStatus,
  useAppDispatch,
  useAppSelector,
} from '@duly/shared';
import { StandaloneSignIn } from './StandaloneSignIn';
import { theme } from '../ui/theme';

const TopBar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(2)};
  height: ${theme.layout.topBarHeight};
  padding: ${theme.space(0, 3)};
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  font-weight: ${theme.fontWeights.semibold};
`;

const Content = styled.main`
  max-width: ${theme.layout.contentMaxWidth};
  margin: 0 auto;
  padding: ${theme.space(3)};

  ${theme.media.narrow} {
    padding: ${theme.space(2)};
  }
`;

export interface StandaloneAppProps {
  /** The remote's container name, shown in the top bar (`remote_tasks`). */
  name: string;
  /** The remote's exposed routes component (full paths, as the shell renders it). */
  routes: ComponentType;
  /** Where `/` and a fresh sign-in lead (`/tasks`). */
  home: string;
}

function RequireSession({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  const status = useAppSelector(selectSessionStatus);
  if (status === 'loading') return null;
  return user ? children : <Navigate to="/login" replace />;
}

export function StandaloneApp({ name, routes: RemoteRoutes, home }: StandaloneAppProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  return (
    <>
      <TopBar>
        <span>Duly · {name} (standalone)</span>
        {user ? (
          <Button variant="text" onClick={() => dispatch(loggedOut())} style={{ color: 'inherit' }}>
            Logout
          </Button>
        ) : null}
      </TopBar>
      <Content>
        <Routes>
          <Route
            path="/login"
            element={user ? <Navigate to={home} replace /> : <StandaloneSignIn name={name} />}
          />
          <Route path="/" element={<Navigate to={home} replace />} />
          <Route
            path="*"
            element={
              <RequireSession>
                <RemoteRoutes />
              </RequireSession>
            }
          />
        </Routes>
      </Content>
    </>
  );
}
