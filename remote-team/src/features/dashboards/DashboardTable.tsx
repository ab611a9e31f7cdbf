import { type ReactNode } from 'react';
import { PagedResults, type PagedResultsProps } from '@duly/shared/list';
import { ResourceTable, type ColumnEntry } from '@duly/shared/ui';
import { DashboardSection } from './DashboardSection';
import { dashboardErrorText } from './errorText';
import type { DashboardPage } from './useDashboardPage';
import { useLogFailure } from './useLogFailure';

export interface DashboardTableProps<T> {
  /** The section's heading, which also names its table ('Team Tasks'). */
  title: string;
  /** Controls at the right of the heading (a status filter). */
  actions?: ReactNode;
  query: PagedResultsProps<T>['query'] & { error?: unknown };
  page: DashboardPage;
  /** What the table lists, in its texts: 'Loading tasks...', 'Error loading tasks. …'. */
  what: string;
  /** The text of an empty table ('No tasks assigned to you'). */
  empty: string;
  /** The spec's log line of a failed load ('Error fetching tasks'). */
  failureLog: string;
  columns: readonly ColumnEntry<T>[];
  rowLink?: (item: T) => string;
}

/** One table of a dashboard: its section and heading, and its rows a page at a time in every state. */
export function DashboardTable<T>({
  title,
  actions,
  query,
  page,
  what,
  empty,
  failureLog,
  columns,
  rowLink,
}: DashboardTableProps<T>) {
  useLogFailure(query.error, failureLog);
  const texts = {
    loading: `Loading ${what}...`,
    error: dashboardErrorText(query.error, what),
    empty,
  };
  return (
    <DashboardSection title={title} actions={actions}>
      <PagedResults query={query} list={page} texts={texts}>
        {(items) => (
          <ResourceTable label={title} items={items} columns={columns} rowLink={rowLink} />
        )}
      </PagedResults>
    </DashboardSection>
  );
}
