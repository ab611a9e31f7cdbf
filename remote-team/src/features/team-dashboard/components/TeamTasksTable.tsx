import { useNavigate } from 'react-router-dom';
import {
  Button,
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

/** Spec 9: the Assignee of a task nobody holds. */
export const UNASSIGNED = 'Unassigned';

export interface TeamTasksTableProps {
  tasks: readonly Task[];
  /** Opens the Assign dialog for a task; absent when the signed-in role cannot assign. */
  onAssign?: (task: Task) => void;
}

/**
 * Team Tasks (spec 2): Task, Assignee ('Unassigned' if none), Due Date (`Jan 05, 2025`,
 * Asia/Kolkata), Status in the dashboards' palette and an Assign button. A row opens the task.
 */
export function TeamTasksTable({ tasks, onAssign }: TeamTasksTableProps) {
  const navigate = useNavigate();
  return (
    <Table aria-label="Team Tasks" minWidth="720px">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Task</TableHeaderCell>
          <TableHeaderCell>Assignee</TableHeaderCell>
          <TableHeaderCell>Due Date</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          {onAssign ? <TableHeaderCell>Actions</TableHeaderCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {tasks.map((task) => (
          <TableRow key={task.id} onActivate={() => navigate(taskPath(task.id))}>
            <TableCell>{task.title}</TableCell>
            <OneLineCell>{personName(task.assigned_to, UNASSIGNED)}</OneLineCell>
            <OneLineCell>{formatInstant(task.due_date, DATE_FORMATS.dashboard)}</OneLineCell>
            <OneLineCell>
              <TeamTaskStatusBadge status={task.status} />
            </OneLineCell>
            {onAssign ? (
              <OneLineCell>
                <Button
                  variant="text"
                  size="small"
                  aria-label={`Assign ${task.title}`}
                  onClick={() => onAssign(task)}
                >
                  Assign
                </Button>
              </OneLineCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
