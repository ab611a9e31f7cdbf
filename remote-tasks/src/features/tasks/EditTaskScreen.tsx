import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import {
  Button,
  Card,
  EmptyState,
  ErrorState,
  isNotFound,
  LoadingState,
  PageHeader,
  type Task,
} from '@duly/shared';
import { useTasksGetQuery, useTasksUpdateMutation } from './api';
import { TaskForm } from './components/TaskForm';
import { taskPaths } from './paths';
import {
  editTaskSchema,
  toEditFormValues,
  toUpdatePayload,
  type EditTaskFormValues,
} from './schemas';

function EditTaskForm({ task }: { task: Task }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [updateTask] = useTasksUpdateMutation();

  async function handleSubmit(values: EditTaskFormValues) {
    try {
      await updateTask({ id: task.id, changes: toUpdatePayload(values) }).unwrap();
      enqueueSnackbar('Task updated successfully', { variant: 'success' });
      navigate(taskPaths.detail(task.id));
    } catch {
      enqueueSnackbar('Failed to update task', { variant: 'error' });
    }
  }

  return (
    <TaskForm
      initialValues={toEditFormValues(task)}
      validationSchema={editTaskSchema}
      onSubmit={handleSubmit}
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
  const { data: task, error, isLoading } = useTasksGetQuery(taskId);
  const backToTasks = (
    <Button as={Link} to={taskPaths.list} variant="text">
      Back to Tasks
    </Button>
  );

  let content;
  if (isLoading) content = <LoadingState>Loading task...</LoadingState>;
  else if (error || !task)
    content = isNotFound(error) ? (
      <EmptyState action={backToTasks}>Task not found</EmptyState>
    ) : (
      <ErrorState action={backToTasks}>Error loading task. Please try again later.</ErrorState>
    );
  else
    content = (
      <Card>
        {/* Keyed by task: the form starts from that task's values. */}
        <EditTaskForm key={task.id} task={task} />
      </Card>
    );

  return (
    <>
      <PageHeader title="Edit Task" />
      {content}
    </>
  );
}
