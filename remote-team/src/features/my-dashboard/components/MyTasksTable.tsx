import { useNavigate } from 'react-router-dom';
import {
  DATE_FORMATS,
  formatInstant,
  personName,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  type Task,
} from '@duly/shared';
import { OneLineCell, taskPath, TeamTaskStatusBadge } from '../../dashboards';

/** Spec 2: the Assigner of a task that names nobody. */
export const NO_ASSIGNER = 'N/A';

/**
 * My Tasks (spec 2): Task, Deadline Date (`Jan 05, 2025`), Assigner (full name, else first and
 * last name, else N/A) and Status. Read-only: a row opens the task.
 */
export function MyTasksTable({ tasks }: { tasks: readonly Task[] }) {
  const navigate = useNavigate();
  return (
    <Table aria-label="My Tasks" minWidth="600px">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Task</TableHeaderCell>
          <TableHeaderCell>Deadline Date</TableHeaderCell>
          <TableHeaderCell>Assigner</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tasks.map((task) => (
          <TableRow key={task.id} onActivate={() => navigate(taskPath(task.id))}>
            <TableCell>{task.title}</TableCell>
            <OneLineCell>{formatInstant(task.due_date, DATE_FORMATS.dashboard)}</OneLineCell>
            <OneLineCell>{personName(task.assigner, NO_ASSIGNER)}</OneLineCell>
            <OneLineCell>
              <TeamTaskStatusBadge status={task.status} />
            </OneLineCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
