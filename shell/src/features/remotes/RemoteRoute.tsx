import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, ErrorState, LoadingState } from '@duly/shared/kit';
import {
  loadedRemoteRoutes,
  loadRemoteRoutes,
  takeStartupLoad,
  type RemoteRoutesModule,
} from './loadRemoteRoutes';
import { classifyLoadFailure } from './loadFailures';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { type RemoteName } from './registry';

export const REMOTE_FAILED_TEXT = 'This section could not be loaded.';
/** A remote built for other versions of the shared libraries: retrying cannot help. */
export const REMOTE_INCOMPATIBLE_TEXT =
  'This section needs a different version of the app. Please try again later.';

type LoadState = { module: RemoteRoutesModule } | { error: unknown } | null;

/**
 * The remote's `./routes` component once loaded, a spinner until then. Not React.lazy: a
 * component that suspends is revealed at the earliest 300 ms after its fallback appeared
 * (React's throttle against flashing spinners), which held every cold load of a remote page
 * back by up to 300 ms; a state update shows the remote the moment it has loaded. A load that
 * failed (after its automatic retry) is thrown, so the error boundary shows the failure; the
 * next mount (Retry, another path) loads again, while a remote that has loaded is shown at once.
 */
function LoadedRemoteRoutes({ name }: { name: RemoteName }) {
  const [state, setState] = useState<LoadState>(() => {
    const module = loadedRemoteRoutes(name);
    return module ? { module } : null;
  });
  // The load started at start-up for this page, taken over once per mount (kept across the
  // double effects of StrictMode in development).
  const startupLoad = useRef<Promise<RemoteRoutesModule> | undefined | null>(null);

  useEffect(() => {
    if (state) return undefined;
    if (startupLoad.current === null) startupLoad.current = takeStartupLoad(name);
    let current = true;
    (startupLoad.current ?? loadRemoteRoutes(name)).then(
      (module) => current && setState({ module }),
      (error: unknown) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [name, state]);

  if (state === null) return <LoadingState />;
  if ('error' in state) throw state.error;
  const Routes = state.module.default;
  return <Routes />;
}

export interface RemoteRouteProps {
  name: RemoteName;
}

/**
 * Renders a remote's `./routes` in the content area: loaded on first visit,
 * a spinner meanwhile, and "This section could not be loaded." with Retry when
 * it cannot be loaded or throws while rendering; a remote this shell cannot run
 * (loadFailures.ts) gets the version message and no Retry.
 */
export function RemoteRoute({ name }: RemoteRouteProps) {
  const { pathname } = useLocation();
  const [retries, setRetries] = useState(0);

  const fallback = (error: unknown) =>
    classifyLoadFailure(error) === 'incompatible' ? (
      <ErrorState>{REMOTE_INCOMPATIBLE_TEXT}</ErrorState>
    ) : (
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
      <LoadedRemoteRoutes key={name} name={name} />
    </RemoteErrorBoundary>
  );
}
