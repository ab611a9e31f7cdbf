import {
  DATE_FORMATS,
  selectCanManage,
  TASK_STATUSES,
  useAppSelector,
  type Task,
} from '@duly/shared/core';
import { formatInstant } from '@duly/shared/dates';
import { useListParams } from '@duly/shared/list';
import {
  editColumn,
  ListScreen,
  statusFilter,
  TaskStatusBadge,
  titleColumn,
  type ColumnEntry,
} from '@duly/shared/ui';
import { useTasksListQuery } from './api';
import { assigneeName } from './assignee';
import { taskPaths } from './paths';

/**
 * /tasks' page, status filter, order (by the API's TASK_SORTS; its default is due date,
 * soonest first) and title search, kept in the URL (`/tasks?status=overdue&sort=-title&q=audit`).
 */
const TASK_LIST = {
  filters: { status: TASK_STATUSES },
  sorts: ['title', 'status', 'due_date'],
  defaultSort: 'due_date',
};

const FILTERS = [statusFilter(TASK_STATUSES)];

/** Spec 2: Title, Status, Due Date (Asia/Kolkata), Assigned To and, for managers, Edit. */
function taskColumns(canEdit: boolean): ColumnEntry<Task>[] {
  return [
    titleColumn('title', 'Title', (task) => task.title, { sortKey: 'title' }),
    {
      key: 'status',
      header: 'Status',
      cell: (task) => <TaskStatusBadge status={task.status} />,
      sortKey: 'status',
    },
    {
      key: 'due',
      header: 'Due Date',
      cell: (task) => formatInstant(task.due_date, DATE_FORMATS.taskList),
      sortKey: 'due_date',
    },
    { key: 'assignee', header: 'Assigned To', cell: assigneeName },
    canEdit &&
      editColumn<Task>({
        header: 'Actions',
        to: (task) => taskPaths.edit(task.id),
        name: (task) => task.title,
      }),
  ];
}

/**
 * /tasks: the organisation's tasks (an employee's own), a page at a time, filterable by status,
 * searchable by title and sortable by title, status and due date; a row opens the task.
 * ARCHITECTURE 6: an employee cannot create or edit tasks, so neither is offered to them.
 */
export function TaskListScreen() {
  const list = useListParams(TASK_LIST);
  const canManage = useAppSelector(selectCanManage);
  return (
    <ListScreen
      title="Tasks"
      create={canManage && { to: taskPaths.create, label: 'New Task' }}
      list={list}
      query={useTasksListQuery(list.params)}
      texts={{
        loading: 'Loading tasks...',
        error: 'Error loading tasks. Please try again later.',
        empty: list.filters.status ? 'No tasks with this status' : 'No tasks found',
      }}
      searchLabel="Search by title"
      exportPath="/tasks/export"
      filters={FILTERS}
      table={{
        label: 'Tasks',
        columns: taskColumns(canManage),
        rowLink: (task) => taskPaths.detail(task.id),
      }}
    />
  );
}
