import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  DATE_FORMATS,
  formatInstant,
  SortableHeaderCell,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  type Task,
} from '@duly/shared';
import { assigneeName } from '../assignee';
import { taskPaths } from '../paths';
import { TaskStatusBadge } from './TaskStatusBadge';

/**
 * A cell that never wraps: a date split over two lines ("Dec 21, 2026" / "17:30") or a badge
 * pushed onto two lines reads badly. Only the title wraps; on small screens the table scrolls
 * sideways instead (its minimum width leaves the title room).
 */
const OneLineCell = styled(TableCell)`
  white-space: nowrap;
`;

/** Wide enough on small screens for the one-line columns plus a readable title column. */
const TABLE_MIN_WIDTH = '760px';

export interface TaskTableProps {
  tasks: readonly Task[];
  /** The order in force (`-due_date`); Title, Status and Due Date sort the list. */
  sort: string | undefined;
  onSortChange: (sort: string) => void;
  /** Whether the signed-in role may edit tasks (ARCHITECTURE 6); without it there is no Edit. */
  canEdit: boolean;
}

/**
 * The task list (spec 2): Title, Status, Due Date (Asia/Kolkata, `MMM d, yyyy HH:mm`),
 * Assigned To and an Edit button. A row opens the task's detail page.
 */
export function TaskTable({ tasks, sort, onSortChange, canEdit }: TaskTableProps) {
  const sortable = { sort, onSortChange };
  const navigate = useNavigate();
  return (
    <Table aria-label="Tasks" minWidth={TABLE_MIN_WIDTH}>
      <TableHead>
        <TableRow>
          <SortableHeaderCell column="title" {...sortable}>
            Title
          </SortableHeaderCell>
          <SortableHeaderCell column="status" {...sortable}>
            Status
          </SortableHeaderCell>
          <SortableHeaderCell column="due_date" {...sortable}>
            Due Date
          </SortableHeaderCell>
          <TableHeaderCell>Assigned To</TableHeaderCell>
          {canEdit ? <TableHeaderCell>Actions</TableHeaderCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {tasks.map((task) => (
          <TableRow key={task.id} onActivate={() => navigate(taskPaths.detail(task.id))}>
            <TableCell>{task.title}</TableCell>
            <OneLineCell>
              <TaskStatusBadge status={task.status} />
            </OneLineCell>
            <OneLineCell>{formatInstant(task.due_date, DATE_FORMATS.taskList)}</OneLineCell>
            <OneLineCell>{assigneeName(task)}</OneLineCell>
            {canEdit ? (
              <OneLineCell>
                <Button
                  as={Link}
                  to={taskPaths.edit(task.id)}
                  variant="text"
                  size="small"
                  // The row ignores clicks on controls inside it, so this goes to the form only.
                  aria-label={`Edit ${task.title}`}
                >
                  Edit
                </Button>
              </OneLineCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
