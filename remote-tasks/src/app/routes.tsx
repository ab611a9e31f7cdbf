/**
 * The module this remote exposes (`remote_tasks/routes`), per docs/module-federation.md: the
 * shell renders it as the element of its root-level splat route, inside its own providers
 * (store, router, theme, toasts), so the paths below are the spec's full paths, all inside the
 * paths remotes.json gives this remote (`routePaths` lets the shell and a test check that).
 * React Router's ranking in the shell sends `/tasks/dashboard` to remote-team, never here.
 */
import { itemRoutes, remoteRoutes } from '@duly/shared';
import { CreateTaskScreen } from '../features/tasks/CreateTaskScreen';
import { EditTaskScreen } from '../features/tasks/EditTaskScreen';
import { TaskDetailScreen } from '../features/tasks/TaskDetailScreen';
import { TaskListScreen } from '../features/tasks/TaskListScreen';

const { routePaths, Routes } = remoteRoutes([
  { path: '/tasks', element: <TaskListScreen /> },
  { path: '/tasks/create', element: <CreateTaskScreen /> },
  ...itemRoutes('/tasks', 'taskId', { detail: <TaskDetailScreen />, edit: <EditTaskScreen /> }),
]);

export { routePaths };
export default Routes;
