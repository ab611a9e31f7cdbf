import { Link } from 'react-router-dom';
import type { PagedResultsProps } from '../../list/PagedResults';
import { PagedResults } from '../../list/PagedResults';
import type { FilterChoices, ListView } from '../../list/useListParams';
import { Button } from '../Button';
import { ExportActions } from './ExportActions';
import { PageHeader } from '../PageHeader';
import { FilterBar, type FilterBarFilter } from './FilterBar';
import { ResourceTable, type ResourceTableProps } from './ResourceTable';

export interface ListScreenProps<T, F extends FilterChoices> {
  /** The page title ('Tasks'). */
  title: string;
  /** The page's primary action ('New Task'), left out for those who may not use it. */
  create?: { to: string; label: string } | false;
  /** The list's page, filters, order and search in the URL: `useListParams(...)`. */
  list: ListView<F>;
  /** The list query's result: `useTasksListQuery(list.params)`. */
  query: PagedResultsProps<T>['query'];
  /** The spec's loading, error and empty texts. */
  texts: PagedResultsProps<T>['texts'];
  /** The search field's label; no search field without it. */
  searchLabel?: string;
  filters?: readonly FilterBarFilter<F>[];
  /** The table: its name, columns and row link (its items and order come from the list). */
  table: Omit<ResourceTableProps<T>, 'items' | 'sort'>;
  /** The list's export route (`/tasks/export`): "Export CSV" and "Export Excel" with its filters. */
  exportPath?: string;
  /** The list's import screen (`/employees/import`): an "Import" link, for those who may. */
  importPath?: string | false;
}

/**
 * A list page: the title and its New button, the search and filters bound to the URL, and the
 * results a page at a time in every state (loading, error, empty, the table, dimmed while the
 * next page loads), sortable by the columns with a sort key.
 */
export function ListScreen<T, F extends FilterChoices>({
  title,
  create,
  list,
  query,
  texts,
  searchLabel,
  filters,
  table,
  exportPath,
  importPath,
}: ListScreenProps<T, F>) {
  return (
    <>
      <PageHeader
        title={title}
        actions={
          create || exportPath || importPath ? (
            <>
              {importPath ? (
                <Button as={Link} to={importPath} variant="secondary">
                  Import
                </Button>
              ) : null}
              {exportPath ? (
                <ExportActions path={exportPath} params={list.params as Record<string, unknown>} />
              ) : null}
              {create ? (
                <Button as={Link} to={create.to}>
                  {create.label}
                </Button>
              ) : null}
            </>
          ) : undefined
        }
      />
      {searchLabel !== undefined || filters?.length ? (
        <FilterBar list={list} searchLabel={searchLabel} filters={filters} />
      ) : null}
      <PagedResults query={query} list={list} texts={texts}>
        {(items) => (
          <ResourceTable
            {...table}
            items={items}
            sort={{ value: list.sort, onChange: list.setSort }}
          />
        )}
      </PagedResults>
    </>
  );
}
