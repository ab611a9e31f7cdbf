import { makeToken, renderWithProviders } from '@duly/shared/test-utils';
import TeamRoutes from '../app/routes';

/** Renders the exposed routes at `route` for a signed-in user (a manager unless told), as the shell would. */
export function renderTeam(route: string, role = 'manager') {
  return renderWithProviders(<TeamRoutes />, { route, token: makeToken({ role }) });
}
