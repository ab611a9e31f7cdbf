import { useMemo } from 'react';
import {
  DATE_FORMATS,
  selectCanManage,
  TASK_STATUSES,
  useAppSelector,
  type Task,
} from '@duly/shared/core';
import { formatInstant } from '@duly/shared/dates';
import {
  editColumn,
  ResourceListScreen,
  statusFilter,
  TaskStatusBadge,
  titleColumn,
  type ColumnEntry,
  type ResourceList,
} from '@duly/shared/kit';
import { useTasksListQuery } from './api';
import { assigneeName } from './assignee';
import { taskPaths } from './paths';

/**
 * /tasks' page, status filter, order (by the API's TASK_SORTS; its default is due date,
 * soonest first) and title search, kept in the URL (`/tasks?status=overdue&sort=-title&q=audit`).
 */
const TASKS: ResourceList<Task, { status: typeof TASK_STATUSES }> = {
  title: 'Tasks',
  noun: 'tasks',
  params: {
    filters: { status: TASK_STATUSES },
    sorts: ['title', 'status', 'due_date'],
    defaultSort: 'due_date',
  },
  useQuery: useTasksListQuery,
  searchLabel: 'Search by title',
  filters: [statusFilter(TASK_STATUSES)],
  texts: { filtered: 'No tasks with this status' },
  // The search alone does not change the empty text.
  narrowed: (list) => Boolean(list.filters.status),
};

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
/** A row opens its task; at module level, so the table's rows stay memoised across renders. */
const taskLink = (task: Task) => taskPaths.detail(task.id);

export function TaskListScreen() {
  const canManage = useAppSelector(selectCanManage);
  // The same columns across renders: ResourceTable then skips the rows that did not change.
  const columns = useMemo(() => taskColumns(canManage), [canManage]);
  return (
    <ResourceListScreen
      resource={TASKS}
      create={canManage && { to: taskPaths.create, label: 'New Task' }}
      table={{ columns, rowLink: taskLink }}
    />
  );
}
