import { type ReactNode } from 'react';
import styled from 'styled-components';
import type { Page } from '../contract/types';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { ErrorState } from '../ui/ErrorState';
import { LoadingState } from '../ui/LoadingState';
import { Pagination } from '../ui/Pagination';
import { theme } from '../ui/theme';

/** While another page, filter or search loads, the current rows stay visible, dimmed (CONVENTIONS 5). */
const Results = styled.div<{ $stale: boolean }>`
  opacity: ${({ $stale }) => ($stale ? 0.55 : 1)};
  transition: opacity ${theme.transitions.normal};
`;

export interface PagedResultsProps<T> {
  /** The list query's result (`useXxxListQuery(params)`). */
  query: { data?: Page<T>; isError: boolean; isFetching: boolean; refetch?: () => unknown };
  /**
   * The list's page, e.g. `useListParams()`: `page`, `pageSize`, `setPage`; with `isFiltered`
   * and `clearFilters`, a filtered empty list offers "Clear filters".
   */
  list: {
    page: number;
    pageSize: number;
    setPage: (page: number) => void;
    isFiltered?: boolean;
    clearFilters?: () => void;
  };
  /** The spec's texts: "Loading tasks...", "Error loading tasks. …", "No tasks found". */
  texts: { loading: string; error: string; empty: string };
  /** The rows of one page (a Table). */
  children: (items: T[]) => ReactNode;
}

/**
 * A list screen's results in every state: loading, error, empty, or the rows with Pagination
 * (the total from `X-Total-Count`), dimmed and `aria-busy` while the next answer loads.
 */
export function PagedResults<T>({ query, list, texts, children }: PagedResultsProps<T>) {
  const { data, isError, isFetching, refetch } = query;
  if (isError) {
    return (
      <ErrorState
        action={
          refetch ? (
            <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
              Retry
            </Button>
          ) : undefined
        }
      >
        {texts.error}
      </ErrorState>
    );
  }
  if (!data) return <LoadingState>{texts.loading}</LoadingState>;
  const clear = list.isFiltered ? list.clearFilters : undefined;
  return (
    <Results $stale={isFetching} aria-busy={isFetching}>
      {data.items.length === 0 ? (
        <EmptyState
          action={
            clear ? (
              <Button variant="secondary" onClick={clear}>
                Clear filters
              </Button>
            ) : undefined
          }
        >
          {texts.empty}
        </EmptyState>
      ) : (
        children(data.items)
      )}
      <Pagination
        page={list.page}
        pageSize={list.pageSize}
        total={data.total}
        onPageChange={list.setPage}
      />
    </Results>
  );
}
