import { Link, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import {
  Button,
  Card,
  isApiError,
  PageHeader,
  selectCurrentUser,
  useAppSelector,
} from '@duly/shared';
import { useTasksCreateMutation } from './api';
import { TaskForm } from './components/TaskForm';
import { taskPaths } from './paths';
import {
  createTaskInitialValues,
  createTaskSchema,
  toCreatePayload,
  type CreateTaskFormValues,
} from './schemas';

/** The `{message}` of 'Error creating task: {message}': the server's message when it sent one. */
function failureMessage(error: unknown): string {
  return isApiError(error) ? error.message : 'Unexpected error';
}

/** /tasks/create: 'Create New Task'. */
export function CreateTaskScreen() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const currentUser = useAppSelector(selectCurrentUser);
  const [createTask] = useTasksCreateMutation();

  async function handleSubmit(values: CreateTaskFormValues) {
    try {
      await createTask(toCreatePayload(values, currentUser)).unwrap();
      enqueueSnackbar('Task created successfully', { variant: 'success' });
      navigate(taskPaths.list);
    } catch (error) {
      enqueueSnackbar(`Error creating task: ${failureMessage(error)}`, { variant: 'error' });
    }
  }

  return (
    <>
      <PageHeader
        title="Create New Task"
        actions={
          <Button as={Link} to={taskPaths.list} variant="secondary">
            Back to Tasks
          </Button>
        }
      />
      <Card>
        <TaskForm
          initialValues={createTaskInitialValues}
          validationSchema={createTaskSchema}
          onSubmit={handleSubmit}
          submitLabel="Create Task"
          pendingLabel="Creating..."
        />
      </Card>
    </>
  );
}
