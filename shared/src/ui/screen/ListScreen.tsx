import { Link } from 'react-router-dom';
import type { PagedResultsProps } from '../../list/PagedResults';
import { PagedResults } from '../../list/PagedResults';
import {
  useListParams,
  type FilterChoices,
  type ListRequest,
  type ListView,
  type ListViewOptions,
} from '../../list/useListParams';
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

/** A resource's list page described once, at module level: what ResourceListScreen shows. */
export interface ResourceList<T, F extends FilterChoices, P = ListRequest<F>> {
  /** The page title, also the table's name ('Tasks'). */
  title: string;
  /**
   * The resource's plural in the spec's texts ('Loading tasks...', 'Error loading tasks.
   * Please try again later.', 'No tasks found') and its export route (`/tasks/export`).
   */
  noun: string;
  /** The page, filters, order and search kept in the URL: `useListParams`' options. */
  params: ListViewOptions<F>;
  /** The injected list query (`useTasksListQuery`), given the URL's params… */
  useQuery: (params: P) => PagedResultsProps<T>['query'];
  /** …as it takes them, when it takes them otherwise (a number for a filter's string). */
  toQuery?: (params: ListRequest<F>) => P;
  searchLabel?: string;
  filters?: readonly FilterBarFilter<F>[];
  /** The empty text of a narrowed list ('No tasks with this status'), the spec's own error text. */
  texts: { filtered: string; error?: string };
  /** When the list counts as narrowed; by default while a filter or the search is set. */
  narrowed?: (list: ListView<F>) => boolean;
}

export interface ResourceListScreenProps<T, F extends FilterChoices, P> extends Pick<
  ListScreenProps<T, F>,
  'create' | 'importPath'
> {
  resource: ResourceList<T, F, P>;
  /** The columns and row link (the table's name is the title). */
  table: Omit<ListScreenProps<T, F>['table'], 'label'>;
}

function anyNarrowing<F extends FilterChoices>(list: ListView<F>): boolean {
  return list.search !== '' || Object.values(list.filters).some(Boolean);
}

/**
 * A resource's list page from its description: the list in the URL, the query, the spec's
 * texts and the export route derived from them, and the ListScreen; the screen adds only what
 * depends on who is signed in (New, Import, the columns).
 */
export function ResourceListScreen<T, F extends FilterChoices, P>({
  resource,
  table,
  ...actions
}: ResourceListScreenProps<T, F, P>) {
  const { title, noun, texts, toQuery } = resource;
  const list = useListParams(resource.params);
  const query = resource.useQuery(toQuery ? toQuery(list.params) : (list.params as P));
  const narrowed = (resource.narrowed ?? anyNarrowing)(list);
  return (
    <ListScreen
      {...actions}
      title={title}
      list={list}
      query={query}
      texts={{
        loading: `Loading ${noun}...`,
        error: texts.error ?? `Error loading ${noun}. Please try again later.`,
        empty: narrowed ? texts.filtered : `No ${noun} found`,
      }}
      searchLabel={resource.searchLabel}
      exportPath={`/${noun}/export`}
      filters={resource.filters}
      table={{ ...table, label: title }}
    />
  );
}
