import { SectionTable, type SectionTableProps } from '@duly/shared/list';
import { dashboardErrorText } from './errorText';

export interface DashboardTableProps<T> extends Omit<SectionTableProps<T>, 'texts'> {
  /** What the table lists, in its texts: 'Loading tasks...', 'Error loading tasks. …'. */
  what: string;
  /** The text of an empty table ('No tasks assigned to you'). */
  empty: string;
}

/**
 * One table of a dashboard under its heading, a page at a time in every state; a failed load
 * is logged with the spec's text (`failureLog`) and a 403 says the dashboard is for managers.
 */
export function DashboardTable<T>({ what, empty, ...table }: DashboardTableProps<T>) {
  const texts = {
    loading: `Loading ${what}...`,
    error: dashboardErrorText(table.query.error, what),
    empty,
  };
  return <SectionTable {...table} texts={texts} />;
}
