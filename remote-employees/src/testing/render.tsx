import { makeToken, renderWithProviders } from '@duly/shared/test-utils';
import EmployeesRoutes from '../app/routes';

/** Renders the exposed routes at `route` for a signed-in user (an admin unless `token` says otherwise), as the shell would. */
export function renderEmployees(route: string, token = makeToken()) {
  return renderWithProviders(<EmployeesRoutes />, { route, token });
}
