/**
 * The module this remote exposes (`remote_employees/routes`, docs/module-federation.md): the
 * shell renders it inside its own providers, so the paths are the spec's full paths, all inside
 * `/employees/*` and `/users/*` (remotes.json). `/users/...` are the spec list's links: they
 * redirect to the canonical `/employees` pages.
 */
import { lazyScreens, remoteRoutes, resourceRoutes } from '@duly/shared/kit';
import { EmployeeListScreen } from '../features/employees/EmployeeListScreen';
import { UsersRedirect } from '../features/employees/UsersRedirect';

// Only the list is in this module, with `@duly/shared/kit` (issue 32). The other screens load
// when one is opened: the forms' code, and the detail's history, the import screen and the
// activity's date fields, which need the rest of the UI kit (`@duly/shared/ui`).
const {
  ActivityScreen,
  CreateEmployeeScreen,
  EditEmployeeScreen,
  EmployeeDetailScreen,
  ImportEmployeesScreen,
} = lazyScreens({
  ActivityScreen: () => import('../features/employees/ActivityScreen'),
  CreateEmployeeScreen: () => import('../features/employees/CreateEmployeeScreen'),
  EditEmployeeScreen: () => import('../features/employees/EditEmployeeScreen'),
  EmployeeDetailScreen: () => import('../features/employees/EmployeeDetailScreen'),
  ImportEmployeesScreen: () => import('../features/employees/ImportEmployeesScreen'),
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
      import: <ImportEmployeesScreen />,
      activity: <ActivityScreen />,
    },
  ),
]);

export { routePaths };
export default Routes;
