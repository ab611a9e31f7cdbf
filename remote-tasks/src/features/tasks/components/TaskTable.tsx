import { Link, useNavigate } from 'react-router-dom';
import {
  Button,
  DATE_FORMATS,
  formatInstant,
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
 * The task list (spec 2): Title, Status, Due Date (Asia/Kolkata, `MMM d, yyyy HH:mm`),
 * Assigned To and an Edit button. A row opens the task's detail page.
 */
export function TaskTable({ tasks }: { tasks: readonly Task[] }) {
  const navigate = useNavigate();
  return (
    <Table aria-label="Tasks">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Title</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Due Date</TableHeaderCell>
          <TableHeaderCell>Assigned To</TableHeaderCell>
          <TableHeaderCell>Actions</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tasks.map((task) => (
          <TableRow key={task.id} onActivate={() => navigate(taskPaths.detail(task.id))}>
            <TableCell>{task.title}</TableCell>
            <TableCell>
              <TaskStatusBadge status={task.status} />
            </TableCell>
            <TableCell>{formatInstant(task.due_date, DATE_FORMATS.taskList)}</TableCell>
            <TableCell>{assigneeName(task)}</TableCell>
            <TableCell>
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
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
