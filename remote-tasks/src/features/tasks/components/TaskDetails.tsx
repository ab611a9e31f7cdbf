import {
  DATE_FORMATS,
  formatInstant,
  type Task,
  DetailLabel,
  DetailList,
  DetailText,
  DetailValue,
} from '@duly/shared';
import { assigneeName } from '../assignee';
import { TaskStatusBadge } from './TaskStatusBadge';

/** When a task was created or last changed: the day and the time, in Asia/Kolkata. */
const TIMESTAMP_FORMAT = `${DATE_FORMATS.taskDetail}, HH:mm`;

/** The fields of one task (spec 2): status, due date, assignee, description and timestamps. */
export function TaskDetails({ task }: { task: Task }) {
  return (
    <DetailList>
      <DetailLabel>Status</DetailLabel>
      <DetailValue>
        <TaskStatusBadge status={task.status} />
      </DetailValue>
      <DetailLabel>Due Date</DetailLabel>
      <DetailValue>{formatInstant(task.due_date, DATE_FORMATS.taskDetail)}</DetailValue>
      <DetailLabel>Assigned To</DetailLabel>
      <DetailValue>{assigneeName(task)}</DetailValue>
      <DetailLabel>Description</DetailLabel>
      <DetailText>{task.description?.trim() ? task.description : '—'}</DetailText>
      <DetailLabel>Created At</DetailLabel>
      <DetailValue>{formatInstant(task.created_at, TIMESTAMP_FORMAT)}</DetailValue>
      <DetailLabel>Last Updated</DetailLabel>
      <DetailValue>{formatInstant(task.updated_at, TIMESTAMP_FORMAT)}</DetailValue>
    </DetailList>
  );
}
