/**
 * The module this remote exposes (`remote_tasks/routes`, docs/module-federation.md): the shell
 * renders it inside its own providers, so the paths are the spec's full paths, all inside those
 * remotes.json gives this remote. The shell's ranking sends `/tasks/dashboard` to remote-team.
 */
import { lazyScreens, remoteRoutes, resourceRoutes } from '@duly/shared/kit';
import { TaskListScreen } from '../features/tasks/TaskListScreen';

// Only the list is in this module, with `@duly/shared/kit` (issue 32). The other screens load
// when one is opened: the forms' code, and the detail's activity history and dialog, which
// need the rest of the UI kit (`@duly/shared/ui`), stay off /tasks.
const { CreateTaskScreen, EditTaskScreen, TaskDetailScreen } = lazyScreens({
  CreateTaskScreen: () => import('../features/tasks/CreateTaskScreen'),
  EditTaskScreen: () => import('../features/tasks/EditTaskScreen'),
  TaskDetailScreen: () => import('../features/tasks/TaskDetailScreen'),
});

const { routePaths, Routes } = remoteRoutes(
  resourceRoutes('/tasks', 'taskId', {
    list: <TaskListScreen />,
    create: <CreateTaskScreen />,
    detail: <TaskDetailScreen />,
    edit: <EditTaskScreen />,
  }),
);

export { routePaths };
export default Routes;
