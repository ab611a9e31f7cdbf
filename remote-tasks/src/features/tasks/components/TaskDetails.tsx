import styled from 'styled-components';
import { DATE_FORMATS, formatInstant, type Task } from '@duly/shared';
import { assigneeName } from '../assignee';
import { TaskStatusBadge } from './TaskStatusBadge';

/** When a task was created or last changed: the day and the time, in Asia/Kolkata. */
const TIMESTAMP_FORMAT = `${DATE_FORMATS.taskDetail}, HH:mm`;

const Fields = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(1.5, 3)};
  margin: 0;

  ${({ theme }) => theme.media.narrow} {
    grid-template-columns: 1fr;
    gap: ${({ theme }) => theme.space(0.5)};
  }
`;

const Label = styled.dt`
  color: ${({ theme }) => theme.colors.textSecondary};
  font-weight: ${({ theme }) => theme.fontWeights.medium};

  ${({ theme }) => theme.media.narrow} {
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

const Value = styled.dd`
  margin: 0;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Description = styled(Value)`
  white-space: pre-wrap;
`;

/** The fields of one task (spec 2): status, due date, assignee, description and timestamps. */
export function TaskDetails({ task }: { task: Task }) {
  return (
    <Fields>
      <Label>Status</Label>
      <Value>
        <TaskStatusBadge status={task.status} />
      </Value>
      <Label>Due Date</Label>
      <Value>{formatInstant(task.due_date, DATE_FORMATS.taskDetail)}</Value>
      <Label>Assigned To</Label>
      <Value>{assigneeName(task)}</Value>
      <Label>Description</Label>
      <Description>{task.description?.trim() ? task.description : '—'}</Description>
      <Label>Created At</Label>
      <Value>{formatInstant(task.created_at, TIMESTAMP_FORMAT)}</Value>
      <Label>Last Updated</Label>
      <Value>{formatInstant(task.updated_at, TIMESTAMP_FORMAT)}</Value>
    </Fields>
  );
}
