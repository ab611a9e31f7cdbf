/**
 * The module this remote exposes (`remote_tasks/routes`, docs/module-federation.md): the shell
 * renders it inside its own providers, so the paths are the spec's full paths, all inside those
 * remotes.json gives this remote. The shell's ranking sends `/tasks/dashboard` to remote-team.
 */
import { lazyScreens, remoteRoutes, resourceRoutes } from '@duly/shared/ui';
import { TaskDetailScreen } from '../features/tasks/TaskDetailScreen';
import { TaskListScreen } from '../features/tasks/TaskListScreen';

// The form screens load when one is opened: the list and the detail download no form code.
const { CreateTaskScreen, EditTaskScreen } = lazyScreens({
  CreateTaskScreen: () => import('../features/tasks/CreateTaskScreen'),
  EditTaskScreen: () => import('../features/tasks/EditTaskScreen'),
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
