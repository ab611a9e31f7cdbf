import { Link, useParams } from 'react-router-dom';
import { Button, Card, ItemScreen, useSaveThenGo, type Task } from '@duly/shared';
import { useTasksGetQuery, useTasksUpdateMutation } from './api';
import { TaskForm } from './components/TaskForm';
import { taskPaths } from './paths';
import { editTaskSchema, toEditFormValues, toUpdatePayload } from './schemas';
import { TASK_TEXTS } from './texts';

function EditTaskForm({ task }: { task: Task }) {
  const [updateTask] = useTasksUpdateMutation();
  const save = useSaveThenGo({
    success: 'Task updated successfully',
    failure: 'Failed to update task',
    to: taskPaths.detail(task.id),
  });
  return (
    <TaskForm
      initialValues={toEditFormValues(task)}
      validationSchema={editTaskSchema}
      onSubmit={async (values) => {
        await save(updateTask({ id: task.id, changes: toUpdatePayload(values) }));
      }}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      currentAssignee={task.assigned_to ?? null}
      secondaryAction={
        <Button as={Link} to={taskPaths.detail(task.id)} variant="secondary">
          Cancel
        </Button>
      }
    />
  );
}

/** /tasks/{taskId}/edit: 'Edit Task', with Cancel and 'Save Changes'. */
export function EditTaskScreen() {
  const { taskId = '' } = useParams();
  return (
    <ItemScreen
      query={useTasksGetQuery(taskId)}
      title="Edit Task"
      texts={TASK_TEXTS}
      back={{ to: taskPaths.list, label: 'Back to Tasks' }}
    >
      {(task) => (
        <Card>
          {/* Keyed by task: the form starts from that task's values. */}
          <EditTaskForm key={task.id} task={task} />
        </Card>
      )}
    </ItemScreen>
  );
}
