/**
 * The module this remote exposes (`remote_employees/routes`), per docs/module-federation.md: the
 * shell renders it as the element of its root-level splat route, inside its own providers, so
 * the paths below are the spec's full paths, all inside what remotes.json gives this remote
 * (`/employees/*`, `/users/*`; `routePaths` lets the shell and a test check that). `/users/...`
 * are the spec list's links: they redirect to the canonical `/employees` pages.
 */
import { ImportScreen, itemRoutes, remoteRoutes } from '@duly/shared';
import { ActivityScreen } from '../features/employees/ActivityScreen';
import { CreateEmployeeScreen } from '../features/employees/CreateEmployeeScreen';
import { EditEmployeeScreen } from '../features/employees/EditEmployeeScreen';
import { EmployeeDetailScreen } from '../features/employees/EmployeeDetailScreen';
import { EmployeeListScreen } from '../features/employees/EmployeeListScreen';
import { UsersRedirect } from '../features/employees/UsersRedirect';

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
