import { DATE_FORMATS, type Task } from '@duly/shared/core';
import { formatDateTime, formatInstant } from '@duly/shared/dates';
import { DetailFields, TaskStatusBadge } from '@duly/shared/kit';
import { assigneeName } from '../assignee';

/** The fields of one task (spec 2): status, due date, assignee, description and timestamps. */
export function TaskDetails({ task }: { task: Task }) {
  return (
    <DetailFields
      fields={[
        { label: 'Status', value: <TaskStatusBadge status={task.status} /> },
        { label: 'Due Date', value: formatInstant(task.due_date, DATE_FORMATS.taskDetail) },
        { label: 'Assigned To', value: assigneeName(task) },
        {
          label: 'Description',
          value: task.description?.trim() ? task.description : '—',
          text: true,
        },
        { label: 'Created At', value: formatDateTime(task.created_at) },
        { label: 'Last Updated', value: formatDateTime(task.updated_at) },
      ]}
    />
  );
}
