/**
 * The task forms' rules come from @duly/shared (spec 5), so the API can apply the same ones.
 * This module adds what only the screens need: a task → edit form values, and form values →
 * the API payloads, with due dates read and written in Asia/Kolkata whatever the machine's zone.
 */
import * as yup from 'yup';
import {
  editTaskSchema,
  isEditableTaskStatus,
  type CreateTaskFormValues,
  type EditTaskFormValues,
} from '@duly/shared/forms';
import {
  blankToNull,
  type CreateTaskPayload,
  type SessionUser,
  type Task,
  type UpdateTaskPayload,
} from '@duly/shared/core';
import { checkedKolkataInputToIso, isoToKolkataInput } from '@duly/shared/dates';

export {
  createTaskSchema,
  createTaskInitialValues,
  editTaskSchema,
  type CreateTaskFormValues,
  type EditTaskFormValues,
} from '@duly/shared/forms';

/** POST /tasks/: the form plus who creates it (the API checks these against the token). */
export function toCreatePayload(
  values: CreateTaskFormValues,
  creator: SessionUser | null,
): CreateTaskPayload {
  return {
    title: values.title.trim(),
    description: blankToNull(values.description),
    // The due date the API expects: the ISO instant of the Asia/Kolkata wall-clock value.
    due_date: checkedKolkataInputToIso(values.due_date),
    assigned_to_user_id: values.assigned_to_user_id,
    ...(creator
      ? {
          organization_id: creator.organization_id,
          created_by_user_id: creator.id,
          assigner_id: creator.id,
        }
      : {}),
  };
}

/**
 * The edit form's starting values. An escalated task starts with no status chosen: the form
 * offers pending, in progress, completed and overdue only (spec 4).
 */
export function toEditFormValues(task: Task): EditTaskFormValues {
  return {
    title: task.title,
    description: task.description ?? '',
    due_date: isoToKolkataInput(task.due_date),
    assigned_to_user_id: task.assigned_to_user_id ?? '',
    status: isEditableTaskStatus(task.status) ? task.status : '',
  };
}

/** PUT /tasks/{id}: what the edit form sends (spec 7), the assignee as `assigned_to_employee_id`. */
export function toUpdatePayload(values: EditTaskFormValues): UpdateTaskPayload {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    // The schema only accepts a status the form offers.
    ...(values.status ? { status: values.status } : {}),
    assigned_to_employee_id: values.assigned_to_user_id,
    due_date: checkedKolkataInputToIso(values.due_date),
  };
}

/**
 * The statuses an employee may give their own task (ARCHITECTURE 6, the API's PATCH rule):
 * pending, in progress or completed; an overdue or escalated task only completed (an overdue
 * one also keeps its status, which saves nothing).
 */
export function employeeStatusChoices(task: Task): EditTaskFormValues['status'][] {
  if (task.status === 'overdue') return ['overdue', 'completed'];
  if (task.status === 'escalated') return ['completed'];
  return ['pending', 'in_progress', 'completed'];
}

/** An employee's Edit checks the status only: the other fields are not theirs to change. */
export const employeeEditTaskSchema = yup.object({
  status: editTaskSchema.fields.status,
}) as unknown as yup.ObjectSchema<EditTaskFormValues>;
