import { makeToken, renderWithProviders } from '@duly/shared/test-utils';
import CertificatesRoutes from '../app/routes';

/** Renders the exposed routes at `route` for a signed-in user (an admin unless `token` says), as the shell would. */
export function renderCertificates(route: string, token = makeToken()) {
  return renderWithProviders(<CertificatesRoutes />, { route, token });
}
