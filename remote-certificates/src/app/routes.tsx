/**
 * The module this remote exposes (`remote_certificates/routes`, docs/module-federation.md): the
 * shell renders it inside its own providers, so the paths are the spec's full paths, all inside
 * those remotes.json gives this remote.
 */
import { ImportScreen, lazyScreens, remoteRoutes, resourceRoutes } from '@duly/shared/ui';
import { CertificateDetailScreen } from '../features/certificates/CertificateDetailScreen';
import { CertificateListScreen } from '../features/certificates/CertificateListScreen';
import { CertificateTypesScreen } from '../features/certificates/CertificateTypesScreen';
import { ComplianceScreen } from '../features/compliance/ComplianceScreen';

// The form screens load when one is opened: the list and the detail download no form code.
const { CreateCertificateScreen, EditCertificateScreen } = lazyScreens({
  CreateCertificateScreen: () => import('../features/certificates/CreateCertificateScreen'),
  EditCertificateScreen: () => import('../features/certificates/EditCertificateScreen'),
});

const { routePaths, Routes } = remoteRoutes([
  ...resourceRoutes(
    '/certificates',
    'certificateId',
    {
      list: <CertificateListScreen />,
      create: <CreateCertificateScreen />,
      detail: <CertificateDetailScreen />,
      edit: <EditCertificateScreen />,
    },
    // Import from a CSV or Excel file (admins; issue 27, docs/import-export.md).
    { import: <ImportScreen kind="certificates" title="Import certificates" /> },
  ),
  { path: '/compliance', element: <ComplianceScreen /> },
  { path: '/certificate-types', element: <CertificateTypesScreen /> },
]);

export { routePaths };
export default Routes;
