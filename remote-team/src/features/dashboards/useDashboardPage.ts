import { useCallback, useState } from 'react';

/**
 * Rows per page of a dashboard table: three tables share the screen, so each stays short
 * (the lists' 50 would push the next table far down).
 */
export const DASHBOARD_PAGE_SIZE = 10;

export interface DashboardPage {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** What the list endpoint is asked for. */
  params: { limit: number; offset: number };
}

/**
 * The page of one dashboard table, kept in the screen's state: a screen holds several tables,
 * and the URL's one `?page=` (the lists' `useListParams`) could not tell them apart.
 */
export function useDashboardPage(pageSize = DASHBOARD_PAGE_SIZE): DashboardPage {
  const [page, setPageState] = useState(1);
  const setPage = useCallback((next: number) => setPageState(Math.max(1, next)), []);
  return { page, pageSize, setPage, params: { limit: pageSize, offset: (page - 1) * pageSize } };
}
