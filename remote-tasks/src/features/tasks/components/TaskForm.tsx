import { useFormik, type FormikHelpers } from 'formik';
import type { ObjectSchema } from 'yup';
import {
  EDITABLE_TASK_STATUSES,
  statusLabel,
  TASK_DESCRIPTION_ROWS,
  type PersonRef,
} from '@duly/shared/core';
import { optionsOf, Select, TextField } from '@duly/shared/kit';
import {
  DateTimeField,
  bindField,
  FormikForm,
  PersonSelect,
  TextArea,
} from '@duly/shared/form-kit';
import type { CreateTaskFormValues, EditTaskFormValues } from '../schemas';
import { useTasksAssigneesQuery } from '../api';

const STATUS_OPTIONS = optionsOf(EDITABLE_TASK_STATUSES, statusLabel);

type TaskFormValues = CreateTaskFormValues | EditTaskFormValues;

export interface TaskFormProps<V extends TaskFormValues> {
  initialValues: V;
  validationSchema: ObjectSchema<V>;
  /** Resolves when the save is over (successful or not): the submit button shows `pendingLabel` until then. */
  onSubmit: (values: V, helpers: FormikHelpers<V>) => Promise<void>;
  submitLabel: string;
  pendingLabel: string;
  /** Where Cancel, left of the submit button, goes back to. */
  cancelTo: string;
  /** The current assignee of an existing task, kept selectable. */
  currentAssignee?: PersonRef | null;
  /**
   * An employee's Edit of their own task (issue 33 item 4): only the status can change, among
   * these; every other field is shown disabled.
   */
  statusOnly?: readonly EditTaskFormValues['status'][];
}

/**
 * The task form of the create and edit screens (spec 2, 5): title, description (4 rows), due
 * date and time (Asia/Kolkata), assignee and, when the values hold one, status. The rules and
 * their messages come from the shared yup schema; each message shows under its field once the
 * field was left or the form submitted.
 */
export function TaskForm<V extends TaskFormValues>({
  initialValues,
  validationSchema,
  onSubmit,
  submitLabel,
  pendingLabel,
  cancelTo,
  currentAssignee,
  statusOnly,
}: TaskFormProps<V>) {
  const formik = useFormik<V>({ initialValues, validationSchema, onSubmit });
  const assignees = useTasksAssigneesQuery();
  const locked = statusOnly !== undefined;
  const bind = (field: keyof TaskFormValues | 'status') => ({
    ...bindField(formik, field as keyof V & string),
    ...(locked && field !== 'status' ? { disabled: true } : {}),
  });
  const statusOptions = statusOnly
    ? STATUS_OPTIONS.filter(({ value }) => statusOnly.includes(value))
    : STATUS_OPTIONS;

  return (
    <FormikForm {...{ formik, submitLabel, pendingLabel }} cancel={cancelTo}>
      <TextField label="Title" required {...bind('title')} />
      <TextArea
        label="Description"
        rows={TASK_DESCRIPTION_ROWS}
        required={'status' in initialValues}
        {...bind('description')}
      />
      <DateTimeField
        label="Due Date"
        hint="Date and time in India Standard Time (Asia/Kolkata)"
        required
        {...bind('due_date')}
      />
      <PersonSelect
        label="Assigned To"
        required
        people={assignees}
        current={currentAssignee}
        {...bind('assigned_to_user_id')}
      />
      {'status' in initialValues ? (
        <Select
          label="Status"
          required
          options={statusOptions}
          placeholder="Select Status"
          {...bind('status')}
        />
      ) : null}
    </FormikForm>
  );
}
