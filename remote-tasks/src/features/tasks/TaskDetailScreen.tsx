import { Link, useParams } from 'react-router-dom';
import {
  Button,
  Card,
  EmptyState,
  ErrorState,
  isNotFound,
  LoadingState,
  PageHeader,
  selectCanManage,
  useAppSelector,
} from '@duly/shared';
import { useTasksGetQuery } from './api';
import { MarkAsDoneButton } from './components/MarkAsDoneButton';
import { TaskDetails } from './components/TaskDetails';
import { taskPaths } from './paths';

/**
 * /tasks/{taskId}: 'Task Details', with 'Mark as Done' (until completed) and 'Edit Task'.
 * ARCHITECTURE 6: an employee cannot edit tasks, so 'Edit Task' is left out for them; they may
 * mark their own tasks as done (PATCH is allowed on the tasks they see, which are only their
 * own), so 'Mark as Done' stays.
 */
export function TaskDetailScreen() {
  const { taskId = '' } = useParams();
  const { data: task, error, isLoading } = useTasksGetQuery(taskId);
  const canManage = useAppSelector(selectCanManage);
  const backToTasks = (
    <Button as={Link} to={taskPaths.list} variant="text">
      Back to Tasks
    </Button>
  );

  if (isLoading || error || !task) {
    let state;
    if (isLoading) state = <LoadingState>Loading task...</LoadingState>;
    else if (isNotFound(error))
      state = <EmptyState action={backToTasks}>Task not found</EmptyState>;
    else
      state = (
        <ErrorState action={backToTasks}>Error loading task. Please try again later.</ErrorState>
      );
    return (
      <>
        <PageHeader title="Task Details" />
        {state}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Task Details"
        actions={
          <>
            {backToTasks}
            {task.status !== 'completed' ? <MarkAsDoneButton taskId={task.id} /> : null}
            {canManage ? (
              <Button as={Link} to={taskPaths.edit(task.id)} variant="secondary">
                Edit Task
              </Button>
            ) : null}
          </>
        }
      />
      <Card title={task.title}>
        <TaskDetails task={task} />
      </Card>
    </>
  );
}
