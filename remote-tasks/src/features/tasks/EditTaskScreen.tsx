import { useParams } from 'react-router-dom';
import { selectCanManage, useAppSelector, type Task } from '@duly/shared/core';
import { type EditTaskFormValues } from '@duly/shared/forms';
import { FormCard, ItemScreen, useSubmitThenGo } from '@duly/shared/kit';
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

const SAVED = { success: 'Task updated successfully', failure: 'Failed to update task' };

/**
 * The task's form: everything for managers and admins (PUT); for an employee, who only opens
 * their own tasks, the status alone, sent as PATCH (ARCHITECTURE 6).
 */
function EditTaskForm({ task, statusOnly }: { task: Task; statusOnly: boolean }) {
  const [updateTask] = useTasksUpdateMutation();
  const [setStatus] = useTasksSetStatusMutation();
  const submit = useSubmitThenGo(
    (values: EditTaskFormValues) =>
      statusOnly
        ? setStatus({ id: task.id, status: values.status })
        : updateTask({ id: task.id, changes: toUpdatePayload(values) }),
    { ...SAVED, to: taskPaths.detail(task.id) },
  );
  return (
    <TaskForm
      initialValues={toEditFormValues(task)}
      validationSchema={statusOnly ? employeeEditTaskSchema : editTaskSchema}
      onSubmit={submit}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      currentAssignee={task.assigned_to ?? null}
      statusOnly={statusOnly ? employeeStatusChoices(task) : undefined}
      cancelTo={taskPaths.detail(task.id)}
    />
  );
}

/**
 * /tasks/{taskId}/edit: 'Edit Task', with Cancel and 'Save Changes'. Managers and admins change
 * everything; an employee (who only opens their own tasks) changes the status alone.
 */
export function EditTaskScreen() {
  const { taskId = '' } = useParams();
  const manages = useAppSelector(selectCanManage);
  return (
    <ItemScreen
      query={useTasksGetQuery(taskId)}
      title="Edit Task"
      texts={TASK_TEXTS}
      back={{ to: taskPaths.list, label: 'Back to Tasks' }}
    >
      {(task) => (
        <FormCard note={manages ? undefined : STATUS_ONLY_NOTE}>
          {/* Keyed by task: the form starts from that task's values. */}
          <EditTaskForm key={task.id} task={task} statusOnly={!manages} />
        </FormCard>
      )}
    </ItemScreen>
  );
}
