import { Route, Routes, useLocation } from 'react-router-dom';
import { NotFoundPage } from '@duly/shared';
import { LoginScreen, PublicOnly, RequireAuth, SignupScreen } from '../features/auth';
import { AppLayout } from '../features/chrome';
import { DashboardScreen } from '../features/dashboard';
import { preloadRemote, RemoteRoute } from '../features/remotes';
import { remoteOwningPath } from './remoteRouteTable';

/** Hover or focus of a link: start loading the remote behind it, if any. */
function preloadRemoteForPath(to: string): void {
  const remote = remoteOwningPath(to);
  if (remote) preloadRemote(remote);
}

/**
 * Every path the shell does not serve itself: the remote that owns it
 * (rendered at the root so its `<Routes>` sees full paths, see
 * docs/module-federation.md) or "Page not found".
 */
function RemoteOrNotFound() {
  const { pathname } = useLocation();
  const remote = remoteOwningPath(pathname);
  return remote ? <RemoteRoute key={remote} name={remote} /> : <NotFoundPage />;
}

/** The shell's routes (ARCHITECTURE 2): public sign-in pages, then the chrome around the rest. */
export function App() {
  const dashboard = <DashboardScreen onLinkIntent={preloadRemoteForPath} />;
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <PublicOnly>
            <LoginScreen />
          </PublicOnly>
        }
      />
      <Route
        path="/signup"
        element={
          <PublicOnly>
            <SignupScreen />
          </PublicOnly>
        }
      />
      <Route
        element={
          <RequireAuth>
            <AppLayout onLinkIntent={preloadRemoteForPath} />
          </RequireAuth>
        }
      >
        <Route index element={dashboard} />
        <Route path="dashboard" element={dashboard} />
        <Route path="*" element={<RemoteOrNotFound />} />
      </Route>
    </Routes>
  );
}
