/**
 * The module this remote exposes (`remote_tasks/routes`), per docs/module-federation.md: the
 * shell renders it as the element of its root-level splat route, inside its own providers
 * (store, router, theme, toasts), so the paths below are the spec's full paths, all inside the
 * paths remotes.json gives this remote (`routePaths` lets the shell and a test check that).
 * React Router's ranking in the shell sends `/tasks/dashboard` to remote-team, never here.
 */
import { useRoutes, type RouteObject } from 'react-router-dom';
import { ItemIdRoute, NotFoundPage, lazyScreen } from '@duly/shared/ui';
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

const routes: RouteObject[] = [
  { path: '/tasks', element: <TaskListScreen /> },
  { path: '/tasks/create', element: <CreateTaskScreen /> },
  {
    path: '/tasks/:taskId',
    element: (
      <ItemIdRoute param="taskId">
        <TaskDetailScreen />
      </ItemIdRoute>
    ),
  },
  {
    path: '/tasks/:taskId/edit',
    element: (
      <ItemIdRoute param="taskId">
        <EditTaskScreen />
      </ItemIdRoute>
    ),
  },
  // /tasks/1/2/3 is not a blank page but the product's "Page not found".
  { path: '*', element: <NotFoundPage /> },
];

export const routePaths = routes.map((route) => route.path ?? '');

export default function TasksRoutes() {
  return useRoutes(routes);
}
