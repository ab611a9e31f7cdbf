import { DATE_FORMATS, formatInstant, type Task, DetailFields } from '@duly/shared';
import { assigneeName } from '../assignee';
import { TaskStatusBadge } from './TaskStatusBadge';

/** When a task was created or last changed: the day and the time, in Asia/Kolkata. */
const TIMESTAMP_FORMAT = `${DATE_FORMATS.taskDetail}, HH:mm`;

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
        { label: 'Created At', value: formatInstant(task.created_at, TIMESTAMP_FORMAT) },
        { label: 'Last Updated', value: formatInstant(task.updated_at, TIMESTAMP_FORMAT) },
      ]}
    />
  );
}
