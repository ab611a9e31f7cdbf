import { useLocation } from 'react-router-dom';
import { NotFoundPage } from '@duly/shared/kit';
import { RemoteRoute } from './RemoteRoute';
import { remoteOwningPath } from './routeTable';

/**
 * Every path the shell does not serve itself: the remote that owns it (rendered at the root so
 * its `<Routes>` sees full paths, see docs/module-federation.md) or "Page not found".
 */
export function RemoteOrNotFound() {
  const { pathname } = useLocation();
  const remote = remoteOwningPath(pathname);
  return remote ? <RemoteRoute key={remote} name={remote} /> : <NotFoundPage />;
}
