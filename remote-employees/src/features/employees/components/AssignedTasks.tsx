import styled from 'styled-components';
import {
  DATE_FORMATS,
  formatInstant,
  StatusBadge,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  taskStatusMeta,
  type Task,
} from '@duly/shared';
import { workPaths } from '../paths';
import { isOverdueTask } from '../workSummary';
import { TextLink } from './TextLink';

const OneLineCell = styled(TableCell)`
  white-space: nowrap;
`;

const Late = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.status.red.text};
  font-size: ${({ theme }) => theme.fontSizes.caption};
`;

/** The tasks assigned to the person: title (to /tasks/{id}), status badge and due date. */
export function AssignedTasks({ tasks, now }: { tasks: readonly Task[]; now: Date }) {
  return (
    <Table title="Assigned Tasks" minWidth="520px">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Task</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Due Date</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tasks.map((task) => {
          const { label, color } = taskStatusMeta(task.status);
          return (
            <TableRow key={task.id}>
              <TableCell>
                <TextLink to={workPaths.task(task.id)}>{task.title}</TextLink>
              </TableCell>
              <OneLineCell>
                <StatusBadge color={color}>{label}</StatusBadge>
              </OneLineCell>
              <OneLineCell>
                {formatInstant(task.due_date, DATE_FORMATS.taskList)}
                {isOverdueTask(task, now) ? <Late>Overdue</Late> : null}
              </OneLineCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
