import styled from 'styled-components';
import { DATE_FORMATS, type Task } from '@duly/shared/core';
import { formatInstant } from '@duly/shared/dates';
import { ResourceTable, TaskStatusBadge, theme, titleColumn } from '@duly/shared/kit';
import { workPaths } from '../paths';
import { isOverdueTask } from '../workSummary';
import { TextLink } from './TextLink';

const Late = styled.span`
  display: block;
  color: ${theme.colors.status.red.text};
  font-size: ${theme.fontSizes.caption};
`;

/** The tasks assigned to the person: title (to /tasks/{id}), status badge and due date. */
export function AssignedTasks({ tasks, now }: { tasks: readonly Task[]; now: Date }) {
  return (
    <ResourceTable
      title="Assigned Tasks"
      items={tasks}
      empty="No tasks assigned"
      columns={[
        titleColumn('title', 'Task', (task: Task) => (
          <TextLink to={workPaths.task(task.id)}>{task.title}</TextLink>
        )),
        {
          key: 'status',
          header: 'Status',
          cell: (task) => <TaskStatusBadge status={task.status} />,
        },
        {
          key: 'due',
          header: 'Due Date',
          cell: (task) => (
            <span>
              {formatInstant(task.due_date, DATE_FORMATS.taskList)}
              {isOverdueTask(task, now) ? <Late>Overdue</Late> : null}
            </span>
          ),
        },
      ]}
    />
  );
}
