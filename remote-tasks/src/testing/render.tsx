import { makeToken, renderWithProviders } from '@duly/shared/test-utils';
import TasksRoutes from '../app/routes';

/** Renders the exposed routes at `route` for a signed-in admin, as the shell would. */
export function renderTasks(route: string, token = makeToken()) {
  return renderWithProviders(<TasksRoutes />, { route, token });
}
