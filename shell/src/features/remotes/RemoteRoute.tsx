import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, ErrorState, LoadingState } from '@duly/shared';
import { loadRemoteRoutes } from './loadRemoteRoutes';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { type RemoteName } from './registry';

export const REMOTE_FAILED_TEXT = 'This section could not be loaded.';

/**
 * One lazy component per remote for the whole session: once a remote has
 * loaded, coming back to it renders at once. A lazy component whose load
 * failed is dropped, so the next render (Retry, another path) loads anew.
 */
const lazyRoutes = new Map<RemoteName, LazyExoticComponent<ComponentType>>();

function lazyRoutesOf(name: RemoteName): LazyExoticComponent<ComponentType> {
  const existing = lazyRoutes.get(name);
  if (existing) return existing;
  const component = lazy(() =>
    loadRemoteRoutes(name).catch((error: unknown) => {
      if (lazyRoutes.get(name) === component) lazyRoutes.delete(name);
      throw error;
    }),
  );
  lazyRoutes.set(name, component);
  return component;
}

export interface RemoteRouteProps {
  name: RemoteName;
}

/**
 * Renders a remote's `./routes` in the content area: loaded on first visit,
 * a spinner meanwhile, and "This section could not be loaded." with Retry when
 * it cannot be loaded or throws while rendering.
 */
export function RemoteRoute({ name }: RemoteRouteProps) {
  const { pathname } = useLocation();
  const [retries, setRetries] = useState(0);
  const Routes = lazyRoutesOf(name);

  const fallback = (
    <ErrorState
      action={
        <Button variant="secondary" onClick={() => setRetries((count) => count + 1)}>
          Retry
        </Button>
      }
    >
      {REMOTE_FAILED_TEXT}
    </ErrorState>
  );

  return (
    <RemoteErrorBoundary remoteName={name} resetKey={`${pathname}#${retries}`} fallback={fallback}>
      <Suspense fallback={<LoadingState />}>
        <Routes />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** Test helper: forget every lazy component of this session. */
export function resetRemoteRouteCache(): void {
  lazyRoutes.clear();
}
