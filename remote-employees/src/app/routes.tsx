/**
 * The module this remote exposes (`remote_employees/routes`), per docs/module-federation.md: the
 * shell renders it as the element of its root-level splat route, inside its own providers, so
 * the paths below are the spec's full paths, all inside what remotes.json gives this remote
 * (`/employees/*`, `/users/*`; `routePaths` lets the shell and a test check that). `/users/...`
 * are the spec list's links: they redirect to the canonical `/employees` pages.
 */
import { ImportScreen, itemRoutes, lazyScreen, remoteRoutes } from '@duly/shared/ui';
import { ActivityScreen } from '../features/employees/ActivityScreen';
import { EmployeeDetailScreen } from '../features/employees/EmployeeDetailScreen';
import { EmployeeListScreen } from '../features/employees/EmployeeListScreen';
import { UsersRedirect } from '../features/employees/UsersRedirect';

// The form screens (formik, yup, the schemas) load when one is opened: the list and the
// detail page download no form code (issue 32).
const CreateEmployeeScreen = lazyScreen(
  () => import('../features/employees/CreateEmployeeScreen'),
  'CreateEmployeeScreen',
);
const EditEmployeeScreen = lazyScreen(
  () => import('../features/employees/EditEmployeeScreen'),
  'EditEmployeeScreen',
);

const { routePaths, Routes } = remoteRoutes([
  { path: '/employees', element: <EmployeeListScreen /> },
  { path: '/employees/create', element: <CreateEmployeeScreen /> },
  // Import from a CSV or Excel file (admins; issue 27, docs/import-export.md).
  { path: '/employees/import', element: <ImportScreen kind="employees" title="Import users" /> },
  // The organisation's activity (admins; issue 29).
  { path: '/employees/activity', element: <ActivityScreen /> },
  ...itemRoutes('/employees', 'employeeId', {
    detail: <EmployeeDetailScreen />,
    edit: <EditEmployeeScreen />,
  }),
  { path: '/users', element: <UsersRedirect to="list" /> },
  { path: '/users/:employeeId', element: <UsersRedirect to="detail" /> },
  { path: '/users/:employeeId/edit', element: <UsersRedirect to="edit" /> },
]);

export { routePaths };
export default Routes;
