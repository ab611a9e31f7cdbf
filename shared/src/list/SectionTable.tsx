import { useEffect, type ReactNode } from 'react';
import { Section } from '../ui/Section';
import { ResourceTable, type ColumnEntry } from '../ui/screen/ResourceTable';
import { PagedResults, type PagedResultsProps } from './PagedResults';

export interface SectionTableProps<T> {
  /** The section's heading, which also names its table ('Team Tasks'). */
  title: string;
  /** The table's name when the heading says more ('Pending documents (3)'); the title by default. */
  label?: string;
  /** Controls at the right of the heading (a status filter). */
  actions?: ReactNode;
  query: PagedResultsProps<T>['query'] & { error?: unknown };
  /** The table's page: `useLocalPage(10)`. */
  list: PagedResultsProps<T>['list'];
  texts: PagedResultsProps<T>['texts'];
  /** Logged with the error when a load fails ('Error fetching tasks'), once per failure. */
  failureLog?: string;
  columns: readonly ColumnEntry<T>[];
  rowLink?: (item: T) => string;
}

/**
 * One table of a screen that holds several: its `Section` and heading, and its rows a page at a
 * time in every state (`PagedResults`), as a `ResourceTable` named by the heading.
 */
export function SectionTable<T>({
  title,
  label = title,
  actions,
  query,
  list,
  texts,
  failureLog,
  columns,
  rowLink,
}: SectionTableProps<T>) {
  useEffect(() => {
    if (failureLog && query.error) console.error(failureLog, query.error);
  }, [query.error, failureLog]);
  return (
    <Section title={title} actions={actions}>
      <PagedResults query={query} list={list} texts={texts}>
        {(items) => (
          <ResourceTable label={label} items={items} columns={columns} rowLink={rowLink} />
        )}
      </PagedResults>
    </Section>
  );
}
