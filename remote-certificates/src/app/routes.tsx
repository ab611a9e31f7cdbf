/**
 * The module this remote exposes (`remote_certificates/routes`), per docs/module-federation.md:
 * the shell renders it as the element of its root-level splat route, inside its own providers
 * (store, router, theme, toasts), so the paths below are the spec's full paths, all inside the
 * paths remotes.json gives this remote (`routePaths` lets the shell and a test check that).
 */
import { ImportScreen, itemRoutes, remoteRoutes } from '@duly/shared';
import { CertificateDetailScreen } from '../features/certificates/CertificateDetailScreen';
import { CertificateListScreen } from '../features/certificates/CertificateListScreen';
import { CreateCertificateScreen } from '../features/certificates/CreateCertificateScreen';
import { EditCertificateScreen } from '../features/certificates/EditCertificateScreen';
import { CertificateTypesScreen } from '../features/certificates/CertificateTypesScreen';
import { ComplianceScreen } from '../features/compliance/ComplianceScreen';

const { routePaths, Routes } = remoteRoutes([
  { path: '/certificates', element: <CertificateListScreen /> },
  { path: '/certificates/create', element: <CreateCertificateScreen /> },
  // Import from a CSV or Excel file (admins; issue 27, docs/import-export.md).
  {
    path: '/certificates/import',
    element: <ImportScreen kind="certificates" title="Import certificates" />,
  },
  ...itemRoutes('/certificates', 'certificateId', {
    detail: <CertificateDetailScreen />,
    edit: <EditCertificateScreen />,
  }),
  { path: '/compliance', element: <ComplianceScreen /> },
  { path: '/certificate-types', element: <CertificateTypesScreen /> },
]);

export { routePaths };
export default Routes;
