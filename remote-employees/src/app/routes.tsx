/**
 * The module this remote exposes (`remote_employees/routes`, docs/module-federation.md): the
 * shell renders it inside its own providers, so the paths are the spec's full paths, all inside
 * `/employees/*` and `/users/*` (remotes.json). `/users/...` are the spec list's links: they
 * redirect to the canonical `/employees` pages.
 */
import { ImportScreen, lazyScreens, remoteRoutes, resourceRoutes } from '@duly/shared/ui';
import { ActivityScreen } from '../features/employees/ActivityScreen';
import { EmployeeDetailScreen } from '../features/employees/EmployeeDetailScreen';
import { EmployeeListScreen } from '../features/employees/EmployeeListScreen';
import { UsersRedirect } from '../features/employees/UsersRedirect';

// The form screens load when one is opened: the list and the detail download no form code.
const { CreateEmployeeScreen, EditEmployeeScreen } = lazyScreens({
  CreateEmployeeScreen: () => import('../features/employees/CreateEmployeeScreen'),
  EditEmployeeScreen: () => import('../features/employees/EditEmployeeScreen'),
});

const { routePaths, Routes } = remoteRoutes([
  { path: '/users', element: <UsersRedirect to="list" /> },
  { path: '/users/:employeeId', element: <UsersRedirect to="detail" /> },
  { path: '/users/:employeeId/edit', element: <UsersRedirect to="edit" /> },
  ...resourceRoutes(
    '/employees',
    'employeeId',
    {
      list: <EmployeeListScreen />,
      create: <CreateEmployeeScreen />,
      detail: <EmployeeDetailScreen />,
      edit: <EditEmployeeScreen />,
    },
    {
      // Import from a CSV or Excel file (admins; issue 27) and the activity (admins; issue 29).
      import: <ImportScreen kind="employees" title="Import users" />,
      activity: <ActivityScreen />,
    },
  ),
]);

export { routePaths };
export default Routes;
