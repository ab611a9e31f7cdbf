import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE_DEFAULT } from '../contract/constants';
import { parseSort } from './sort';

/** The values each filter may take, by its query name: `{ status: TASK_STATUSES }`. */
export type FilterChoices = Record<string, readonly string[]>;

/** The chosen value of each filter; absent means "all". */
export type ChosenFilters<F extends FilterChoices> = { [K in keyof F]?: F[K][number] };

export interface ListViewOptions<F extends FilterChoices> {
  /** Items per page. Default `PAGE_SIZE_DEFAULT` (50). */
  pageSize?: number;
  /** The filters the list offers and their values; anything else in the URL is ignored. */
  filters?: F;
  /** The columns the list may be sorted by (as the API names them). */
  sorts?: readonly string[];
  /** The API's default order (`due_date`): left out of the URL and of the request. */
  defaultSort?: string;
}

/** What the list endpoint is asked for: `limit`, `offset`, and `q`, `sort` and filters when set. */
export type ListRequest<F extends FilterChoices> = {
  limit: number;
  offset: number;
  q?: string;
  sort?: string;
} & ChosenFilters<F>;

export interface ListView<F extends FilterChoices> {
  /** 1-based page from `?page=`; 1 when absent or not a positive integer. */
  page: number;
  pageSize: number;
  filters: ChosenFilters<F>;
  /** The order in force (`-due_date`): `?sort=` when allowed, else `defaultSort`. */
  sort: string | undefined;
  /** The search text from `?q=` ('' when none). */
  search: string;
  params: ListRequest<F>;
  setPage: (page: number) => void;
  setFilter: <K extends keyof F & string>(name: K, value: F[K][number] | undefined) => void;
  setSort: (sort: string | undefined) => void;
  setSearch: (text: string) => void;
  /** Whether a filter or a search narrows the list. */
  isFiltered: boolean;
  /** Removes every filter and the search (the order stays), back to page 1. */
  clearFilters: () => void;
}

function parsePage(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/**
 * A list's page, filters, order and search kept in the URL query
 * (`/tasks?status=overdue&sort=-title&q=audit&page=2`), so a list can be shared, reloaded and
 * reached with the browser's back button. Defaults stay out of the URL (page 1, no filter, the
 * default order, no search give a plain `/tasks`), and a new filter, order or search starts
 * again at page 1. Values the list does not offer are ignored, never sent to the API.
 */
export function useListParams<F extends FilterChoices = Record<never, never>>(
  options: ListViewOptions<F> = {},
): ListView<F> {
  const { pageSize = PAGE_SIZE_DEFAULT, filters: choices, sorts = [], defaultSort } = options;
  const [searchParams, setSearchParams] = useSearchParams();

  const page = parsePage(searchParams.get('page'));
  const search = searchParams.get('q')?.trim() ?? '';
  const requestedSort = searchParams.get('sort');
  const explicitSort =
    requestedSort !== null && sorts.includes(parseSort(requestedSort).column)
      ? requestedSort
      : undefined;
  const filterKey = choices
    ? Object.keys(choices)
        .map((name) => `${name}=${searchParams.get(name) ?? ''}`)
        .join('&')
    : '';
  const filters = useMemo(() => {
    const chosen: Record<string, string> = {};
    for (const [name, values] of Object.entries(choices ?? {})) {
      const value = searchParams.get(name);
      if (value !== null && values.includes(value)) chosen[name] = value;
    }
    return chosen as ChosenFilters<F>;
    // filterKey stands for the filter values of the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  // The URL as the list's last change left it. React Router's `current` is the URL of the last
  // render: two changes before the next render (a filter, then a sort; the shell hands over what
  // was chosen in the server's render in one go) would each start from it, the second undoing
  // the first. Every render sets it back to the URL as it is (the back button, a link).
  const latest = useRef(searchParams);
  latest.current = searchParams;
  const update = useCallback(
    (name: string, value: string | undefined) => {
      const next = new URLSearchParams(latest.current);
      if (value === undefined || value === '') next.delete(name);
      else next.set(name, value);
      // A new filter, order or search starts again at its first page.
      if (name !== 'page') next.delete('page');
      latest.current = next;
      setSearchParams(next);
    },
    [setSearchParams],
  );

  const setPage = useCallback(
    (next: number) => update('page', next <= 1 ? undefined : String(next)),
    [update],
  );
  const setFilter = useCallback(
    (name: string, value: string | undefined) => update(name, value),
    [update],
  ) as ListView<F>['setFilter'];
  const setSort = useCallback(
    (next: string | undefined) => update('sort', next === defaultSort ? undefined : next),
    [update, defaultSort],
  );
  const setSearch = useCallback((text: string) => update('q', text.trim()), [update]);
  const filterNames = Object.keys(choices ?? {}).join('&');
  const clearFilters = useCallback(() => {
    const next = new URLSearchParams(latest.current);
    for (const name of [...filterNames.split('&'), 'q', 'page']) next.delete(name);
    latest.current = next;
    setSearchParams(next);
  }, [setSearchParams, filterNames]);

  return {
    page,
    pageSize,
    filters,
    sort: explicitSort ?? defaultSort,
    search,
    params: {
      limit: pageSize,
      offset: (page - 1) * pageSize,
      ...filters,
      ...(explicitSort && explicitSort !== defaultSort ? { sort: explicitSort } : {}),
      ...(search ? { q: search } : {}),
    } as ListRequest<F>,
    setPage,
    setFilter,
    setSort,
    setSearch,
    isFiltered: search !== '' || Object.keys(filters).length > 0,
    clearFilters,
  };
}
