import { type Task } from '@duly/shared/core';
import { type CreateTaskFormValues } from '@duly/shared/forms';
import { failureText } from '@duly/shared/kit';
import { CreateScreen } from '@duly/shared/form-kit';
import { useTasksCreateMutation } from './api';
import { TaskForm } from './components/TaskForm';
import { taskPaths } from './paths';
import { createTaskInitialValues, createTaskSchema, toCreatePayload } from './schemas';

/** What /tasks/create says at its top to an employee, the form read-only (issue 33 item 4). */
export const CREATE_TASK_READ_ONLY = 'Only managers and admins can create tasks.';

/**
 * /tasks/create: 'Create New Task' with Cancel like the other forms; 'Error creating task:
 * {message}' with the server's message. Every signed-in person can open it (spec 6); for an
 * employee it is read-only and says why. Once created, the new task's page opens.
 */
export function CreateTaskScreen() {
  const [createTask] = useTasksCreateMutation();
  return (
    <CreateScreen
      title="Create New Task"
      back={{ to: taskPaths.list, label: 'Back to Tasks' }}
      managersOnly={CREATE_TASK_READ_ONLY}
      send={(values: CreateTaskFormValues, user) => createTask(toCreatePayload(values, user))}
      saved={{
        success: 'Task created successfully',
        failure: failureText('Error creating task'),
        to: (task: Task) => taskPaths.detail(task.id),
      }}
    >
      {(submit) => (
        <TaskForm
          initialValues={createTaskInitialValues}
          validationSchema={createTaskSchema}
          onSubmit={submit}
          submitLabel="Create Task"
          pendingLabel="Creating..."
          cancelTo={taskPaths.list}
        />
      )}
    </CreateScreen>
  );
}
