import { Link, useParams } from 'react-router-dom';
import { Button, Card, History, ItemScreen, selectCanManage, useAppSelector } from '@duly/shared';
import { useTasksGetQuery } from './api';
import { MarkAsDoneButton } from './components/MarkAsDoneButton';
import { TaskDetails } from './components/TaskDetails';
import { taskPaths } from './paths';
import { TASK_TEXTS } from './texts';

/**
 * /tasks/{taskId}: 'Task Details', with 'Mark as Done' (until completed) and 'Edit Task'.
 * ARCHITECTURE 6: an employee cannot edit tasks, so 'Edit Task' is left out for them; they may
 * mark their own tasks as done (PATCH is allowed on the tasks they see, which are only their
 * own), so 'Mark as Done' stays.
 */
export function TaskDetailScreen() {
  const { taskId = '' } = useParams();
  const canManage = useAppSelector(selectCanManage);
  return (
    <ItemScreen
      query={useTasksGetQuery(taskId)}
      title="Task Details"
      texts={TASK_TEXTS}
      back={{ to: taskPaths.list, label: 'Back to Tasks' }}
      actions={(task) => (
        <>
          {task.status !== 'completed' ? <MarkAsDoneButton taskId={task.id} /> : null}
          {canManage ? (
            <Button as={Link} to={taskPaths.edit(task.id)} variant="secondary">
              Edit Task
            </Button>
          ) : null}
        </>
      )}
    >
      {(task) => (
        <>
          <Card title={task.title}>
            <TaskDetails task={task} />
          </Card>
          <History entityType="task" entityId={task.id} />
        </>
      )}
    </ItemScreen>
  );
}
