import { act, renderHook } from '@testing-library/react';
import { type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { TASK_STATUSES } from '../../contract/types';
import { formatSort, parseSort, toggleSort } from '../sort';
import { useListParams } from '../useListParams';

const OPTIONS = {
  pageSize: 20,
  filters: { status: TASK_STATUSES },
  sorts: ['title', 'due_date'],
  defaultSort: 'due_date',
};

function renderList(url: string) {
  let location = '';
  function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  }
  const hook = renderHook(
    () => {
      const current = useLocation();
      location = `${current.pathname}${current.search}`;
      return useListParams(OPTIONS);
    },
    { wrapper: Wrapper },
  );
  return { ...hook, location: () => location };
}

describe('useListParams', () => {
  it('reads page, filters, sort and search from the URL into the request', () => {
    const { result } = renderList('/things?page=3&status=overdue&sort=-title&q=%20audit%20');
    expect(result.current).toMatchObject({
      page: 3,
      pageSize: 20,
      filters: { status: 'overdue' },
      sort: '-title',
      search: 'audit',
    });
    expect(result.current.params).toEqual({
      limit: 20,
      offset: 40,
      status: 'overdue',
      sort: '-title',
      q: 'audit',
    });
  });

  it('gives the defaults for a plain URL and leaves them out of the request', () => {
    const { result } = renderList('/things');
    expect(result.current).toMatchObject({ page: 1, filters: {}, sort: 'due_date', search: '' });
    expect(result.current.params).toEqual({ limit: 20, offset: 0 });
  });

  it('ignores values the list does not offer', () => {
    const { result } = renderList('/things?page=-2&status=bogus&sort=password_hash&other=1');
    expect(result.current).toMatchObject({ page: 1, filters: {}, sort: 'due_date' });
    expect(result.current.params).toEqual({ limit: 20, offset: 0 });
  });

  it('starts again at page 1 on a new filter, order or search, and keeps defaults out of the URL', () => {
    const { result, location } = renderList('/things?page=4');

    act(() => result.current.setFilter('status', 'completed'));
    expect(location()).toBe('/things?status=completed');

    act(() => result.current.setPage(2));
    act(() => result.current.setSort('-title'));
    expect(location()).toBe('/things?status=completed&sort=-title');

    act(() => result.current.setPage(2));
    act(() => result.current.setSearch('  fire  '));
    expect(location()).toBe('/things?status=completed&sort=-title&q=fire');

    act(() => result.current.setSort('due_date'));
    act(() => result.current.setFilter('status', undefined));
    act(() => result.current.setSearch(''));
    act(() => result.current.setPage(1));
    expect(location()).toBe('/things');
  });
});

describe('sort helpers', () => {
  it('read and write the API spelling', () => {
    expect(parseSort('-due_date')).toEqual({ column: 'due_date', direction: 'desc' });
    expect(parseSort('title')).toEqual({ column: 'title', direction: 'asc' });
    expect(formatSort({ column: 'title', direction: 'desc' })).toBe('-title');
  });

  it('toggle: another column sorts ascending, the same column reverses', () => {
    expect(toggleSort(undefined, 'title')).toBe('title');
    expect(toggleSort('-due_date', 'title')).toBe('title');
    expect(toggleSort('title', 'title')).toBe('-title');
    expect(toggleSort('-title', 'title')).toBe('title');
  });

  it('keeps every change made before the list renders again (a filter, then an order, in one go)', () => {
    const { result, location } = renderList('/things?page=2');
    act(() => {
      const list = result.current;
      list.setFilter('status', 'overdue');
      list.setSort('-title');
      list.setSearch('audit');
    });
    expect(location()).toBe('/things?status=overdue&sort=-title&q=audit');
    // A render in between still starts from the URL as it is (the back button, a link).
    act(() => result.current.setPage(3));
    expect(location()).toBe('/things?status=overdue&sort=-title&q=audit&page=3');
  });
});
