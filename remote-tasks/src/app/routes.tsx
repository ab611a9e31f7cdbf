/**
 * The module this remote exposes (`remote_tasks/routes`), per docs/module-federation.md: the
 * shell renders it as the element of its root-level splat route, inside its own providers
 * (store, router, theme, toasts), so the paths below are the spec's full paths, all inside the
 * paths remotes.json gives this remote (`routePaths` lets the shell and a test check that).
 * React Router's ranking in the shell sends `/tasks/dashboard` to remote-team, never here.
 */
import { itemRoutes, lazyScreen, remoteRoutes } from '@duly/shared/ui';
import { TaskDetailScreen } from '../features/tasks/TaskDetailScreen';
import { TaskListScreen } from '../features/tasks/TaskListScreen';

// The form screens (formik, yup, the schemas) load when one is opened: the list and the
// detail page download no form code (issue 32).
const CreateTaskScreen = lazyScreen(
  () => import('../features/tasks/CreateTaskScreen'),
  'CreateTaskScreen',
);
const EditTaskScreen = lazyScreen(
  () => import('../features/tasks/EditTaskScreen'),
  'EditTaskScreen',
);

const { routePaths, Routes } = remoteRoutes([
  { path: '/tasks', element: <TaskListScreen /> },
  { path: '/tasks/create', element: <CreateTaskScreen /> },
  ...itemRoutes('/tasks', 'taskId', { detail: <TaskDetailScreen />, edit: <EditTaskScreen /> }),
]);

export { routePaths };
export default Routes;
