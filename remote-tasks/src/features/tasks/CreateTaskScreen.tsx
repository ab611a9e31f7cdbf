import { Link } from 'react-router-dom';
import {
  Button,
  FormScreen,
  failureText,
  selectCurrentUser,
  useAppSelector,
  useSaveThenGo,
} from '@duly/shared';
import { useTasksCreateMutation } from './api';
import { TaskForm } from './components/TaskForm';
import { taskPaths } from './paths';
import { createTaskInitialValues, createTaskSchema, toCreatePayload } from './schemas';

/** /tasks/create: 'Create New Task' with Cancel like the other forms; 'Error creating task: {message}' with the server's message. */
export function CreateTaskScreen() {
  const currentUser = useAppSelector(selectCurrentUser);
  const [createTask] = useTasksCreateMutation();
  const save = useSaveThenGo({
    success: 'Task created successfully',
    failure: failureText('Error creating task'),
    to: taskPaths.list,
  });

  return (
    <FormScreen title="Create New Task" back={{ to: taskPaths.list, label: 'Back to Tasks' }}>
      <TaskForm
        initialValues={createTaskInitialValues}
        validationSchema={createTaskSchema}
        onSubmit={async (values) => {
          await save(createTask(toCreatePayload(values, currentUser)));
        }}
        submitLabel="Create Task"
        pendingLabel="Creating..."
        secondaryAction={
          <Button as={Link} to={taskPaths.list} variant="secondary">
            Cancel
          </Button>
        }
      />
    </FormScreen>
  );
}
