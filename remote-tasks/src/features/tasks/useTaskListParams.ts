import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  PAGE_SIZE_DEFAULT,
  TASK_STATUSES,
  type TaskListParams,
  type TaskStatus,
} from '@duly/shared';

/** Tasks per page of the list. */
export const TASKS_PAGE_SIZE = PAGE_SIZE_DEFAULT;

export interface TaskListView {
  /** 1-based page number from `?page=`; 1 when absent or not a positive integer. */
  page: number;
  /** The status filter from `?status=`; undefined (all) when absent or not a status. */
  status: TaskStatus | undefined;
  /** What the list endpoint is asked for. */
  params: TaskListParams;
  setPage: (page: number) => void;
  setStatus: (status: TaskStatus | undefined) => void;
}

function parsePage(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

function parseStatus(value: string | null): TaskStatus | undefined {
  return TASK_STATUSES.find((status) => status === value);
}

/**
 * The list's page and status filter live in the URL query (`/tasks?status=overdue&page=2`), so a
 * filtered page can be shared, reloaded and reached with the browser's back button. Defaults
 * are left out of the URL: page 1 and "all statuses" give a plain `/tasks`.
 */
export function useTaskListParams(): TaskListView {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const status = parseStatus(searchParams.get('status'));

  const update = useCallback(
    (changes: { page?: number; status?: TaskStatus | null }) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (changes.status !== undefined) {
          if (changes.status === null) next.delete('status');
          else next.set('status', changes.status);
          // A new filter starts again at its first page.
          next.delete('page');
        }
        if (changes.page !== undefined) {
          if (changes.page <= 1) next.delete('page');
          else next.set('page', String(changes.page));
        }
        return next;
      });
    },
    [setSearchParams],
  );

  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  const setStatus = useCallback(
    (next: TaskStatus | undefined) => update({ status: next ?? null }),
    [update],
  );

  return {
    page,
    status,
    params: {
      limit: TASKS_PAGE_SIZE,
      offset: (page - 1) * TASKS_PAGE_SIZE,
      ...(status ? { status } : {}),
    },
    setPage,
    setStatus,
  };
}
