import { useCallback, useState } from 'react';

export interface LocalPage {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** What the list endpoint is asked for. */
  params: { limit: number; offset: number };
}

/**
 * The page of one table kept in the screen's state rather than the URL: a screen that holds
 * several tables (a dashboard) could not tell them apart by the URL's one `?page=`.
 */
export function useLocalPage(pageSize: number): LocalPage {
  const [page, setPageState] = useState(1);
  const setPage = useCallback((next: number) => setPageState(Math.max(1, next)), []);
  return { page, pageSize, setPage, params: { limit: pageSize, offset: (page - 1) * pageSize } };
}
