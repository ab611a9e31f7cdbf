/**
 * The module this remote exposes (`remote_tasks/routes`), per docs/module-federation.md: the
 * shell renders it as the element of its root-level splat route, inside its own providers
 * (store, router, theme, toasts), so the paths below are the spec's full paths. React Router's
 * ranking in the shell sends `/tasks/dashboard` to remote-team, never here.
 */
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@duly/shared';
import { CreateTaskScreen } from '../features/tasks/CreateTaskScreen';
import { EditTaskScreen } from '../features/tasks/EditTaskScreen';
import { TaskDetailScreen } from '../features/tasks/TaskDetailScreen';
import { TaskListScreen } from '../features/tasks/TaskListScreen';

export default function TasksRoutes() {
  return (
    <Routes>
      <Route path="/tasks" element={<TaskListScreen />} />
      <Route path="/tasks/create" element={<CreateTaskScreen />} />
      <Route path="/tasks/:taskId" element={<TaskDetailScreen />} />
      <Route path="/tasks/:taskId/edit" element={<EditTaskScreen />} />
      {/* /tasks/1/2/3 is not a blank page but the product's "Page not found". */}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
