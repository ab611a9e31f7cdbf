import { useCallback } from 'react';
import {
  PAGE_SIZE_DEFAULT,
  TASK_STATUSES,
  useListParams,
  type ListView,
  type TaskStatus,
} from '@duly/shared';

/** Tasks per page of the list. */
export const TASKS_PAGE_SIZE = PAGE_SIZE_DEFAULT;

/** The columns the list sorts by (the API's TASK_SORTS); the API's default is due date, soonest first. */
export const TASK_SORT_COLUMNS = ['title', 'status', 'due_date'] as const;
export const TASK_DEFAULT_SORT = 'due_date';

const TASK_LIST = {
  pageSize: TASKS_PAGE_SIZE,
  filters: { status: TASK_STATUSES },
  sorts: TASK_SORT_COLUMNS,
  defaultSort: TASK_DEFAULT_SORT,
};

export interface TaskListView extends ListView<typeof TASK_LIST.filters> {
  /** The status filter from `?status=`; undefined (all) when absent or not a status. */
  status: TaskStatus | undefined;
  setStatus: (status: TaskStatus | undefined) => void;
}

/**
 * /tasks' page, status filter, order and title search, kept in the URL
 * (`/tasks?status=overdue&sort=-title&q=audit&page=2`) by the shared `useListParams`.
 */
export function useTaskListParams(): TaskListView {
  const list = useListParams(TASK_LIST);
  const { setFilter } = list;
  const setStatus = useCallback(
    (status: TaskStatus | undefined) => setFilter('status', status),
    [setFilter],
  );
  return { ...list, status: list.filters.status, setStatus };
}
