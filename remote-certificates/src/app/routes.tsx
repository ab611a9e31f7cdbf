/**
 * The module this remote exposes (`remote_certificates/routes`, docs/module-federation.md): the
 * shell renders it inside its own providers, so the paths are the spec's full paths, all inside
 * those remotes.json gives this remote.
 */
import { lazyScreens, remoteRoutes, resourceRoutes } from '@duly/shared/kit';
import { CertificateListScreen } from '../features/certificates/CertificateListScreen';
import { ComplianceScreen } from '../features/compliance/ComplianceScreen';

// The lists are in this module, with `@duly/shared/kit` (issue 32). The other screens load when
// one is opened: the forms' code, and the detail's history, documents and dialogs, the import
// screen and the types' dialog, which need the rest of the UI kit (`@duly/shared/ui`).
const {
  CertificateDetailScreen,
  CertificateTypesScreen,
  CreateCertificateScreen,
  EditCertificateScreen,
  ImportCertificatesScreen,
} = lazyScreens({
  CertificateDetailScreen: () => import('../features/certificates/CertificateDetailScreen'),
  CertificateTypesScreen: () => import('../features/certificates/CertificateTypesScreen'),
  CreateCertificateScreen: () => import('../features/certificates/CreateCertificateScreen'),
  EditCertificateScreen: () => import('../features/certificates/EditCertificateScreen'),
  ImportCertificatesScreen: () => import('../features/certificates/ImportCertificatesScreen'),
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
    { import: <ImportCertificatesScreen /> },
  ),
  { path: '/compliance', element: <ComplianceScreen /> },
  { path: '/certificate-types', element: <CertificateTypesScreen /> },
]);

export { routePaths };
export default Routes;
