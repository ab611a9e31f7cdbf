import { Link, useParams } from 'react-router-dom';
import { roleAtLeast } from '@duly/shared';
import { selectCurrentUser, useAppSelector, type Task } from '@duly/shared/core';
import { Button, FormCard, ItemScreen, useSaveThenGo } from '@duly/shared/ui';
import { useTasksGetQuery, useTasksSetStatusMutation, useTasksUpdateMutation } from './api';
import { TaskForm } from './components/TaskForm';
import { taskPaths } from './paths';
import {
  editTaskSchema,
  employeeEditTaskSchema,
  employeeStatusChoices,
  toEditFormValues,
  toUpdatePayload,
} from './schemas';
import { TASK_TEXTS } from './texts';

/** What an employee's Edit of their own task says at its top (issue 33 item 4). */
export const STATUS_ONLY_NOTE =
  "Only managers and admins can change a task's details. You can change its status.";

function cancelTo(task: Task) {
  return (
    <Button as={Link} to={taskPaths.detail(task.id)} variant="secondary">
      Cancel
    </Button>
  );
}

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
      onSubmit={async (values, helpers) => {
        await save(updateTask({ id: task.id, changes: toUpdatePayload(values) }), helpers);
      }}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      currentAssignee={task.assigned_to ?? null}
      secondaryAction={cancelTo(task)}
    />
  );
}

/** An employee's Edit of their own task: the status only, sent as PATCH (ARCHITECTURE 6). */
function EditOwnTaskStatusForm({ task }: { task: Task }) {
  const [setStatus] = useTasksSetStatusMutation();
  const save = useSaveThenGo({
    success: 'Task updated successfully',
    failure: 'Failed to update task',
    to: taskPaths.detail(task.id),
  });
  return (
    <TaskForm
      initialValues={toEditFormValues(task)}
      validationSchema={employeeEditTaskSchema}
      onSubmit={async (values, helpers) => {
        await save(setStatus({ id: task.id, status: values.status }), helpers);
      }}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      currentAssignee={task.assigned_to ?? null}
      statusOnly={employeeStatusChoices(task)}
      secondaryAction={cancelTo(task)}
    />
  );
}

/**
 * /tasks/{taskId}/edit: 'Edit Task', with Cancel and 'Save Changes'. Managers and admins change
 * everything; an employee (who only opens their own tasks) changes the status alone.
 */
export function EditTaskScreen() {
  const { taskId = '' } = useParams();
  const currentUser = useAppSelector(selectCurrentUser);
  const manages = roleAtLeast(currentUser?.role, 'manager');
  return (
    <ItemScreen
      query={useTasksGetQuery(taskId)}
      title="Edit Task"
      texts={TASK_TEXTS}
      back={{ to: taskPaths.list, label: 'Back to Tasks' }}
    >
      {(task) =>
        manages ? (
          <FormCard>
            {/* Keyed by task: the form starts from that task's values. */}
            <EditTaskForm key={task.id} task={task} />
          </FormCard>
        ) : (
          <FormCard note={STATUS_ONLY_NOTE}>
            <EditOwnTaskStatusForm key={task.id} task={task} />
          </FormCard>
        )
      }
    </ItemScreen>
  );
}
