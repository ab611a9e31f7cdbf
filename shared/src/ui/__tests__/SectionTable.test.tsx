import { act, renderHook, screen, within } from '@testing-library/react';
import { SectionTable } from '../../list/SectionTable';
import { useLocalPage } from '../../list/useLocalPage';
import { renderInRouter } from './renderInRouter';

interface Thing {
  id: string;
  name: string;
}

const TEXTS = { loading: 'Loading things...', error: 'Error loading things.', empty: 'No things' };
const COLUMNS = [{ key: 'name', header: 'Name', cell: (thing: Thing) => thing.name }];
const LIST = { page: 1, pageSize: 10, setPage: () => {} };

describe('SectionTable', () => {
  it('shows the rows under an h2 that names the section and the table', () => {
    const query = {
      data: { items: [{ id: '1', name: 'Lift' }], total: 1 },
      isError: false,
      isFetching: false,
    };
    renderInRouter(
      <SectionTable
        title="Team Things"
        query={query}
        list={LIST}
        texts={TEXTS}
        columns={COLUMNS}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Team Things' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Team Things' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Team Things' });
    expect(within(table).getByText('Lift')).toBeVisible();
  });

  it('names the table by its label when the heading says more', () => {
    const query = { data: { items: [], total: 0 }, isError: false, isFetching: false };
    renderInRouter(
      <SectionTable
        title="Things (0)"
        label="Things"
        query={{ ...query, data: { items: [{ id: '1', name: 'Lift' }], total: 1 } }}
        list={LIST}
        texts={TEXTS}
        columns={COLUMNS}
      />,
    );
    expect(screen.getByRole('table', { name: 'Things' })).toBeVisible();
  });

  it('says the error text and logs the failure once with its log line', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    const error = { status: 500, message: 'boom' };
    renderInRouter(
      <SectionTable
        title="Things"
        query={{ isError: true, isFetching: false, error }}
        list={LIST}
        texts={TEXTS}
        failureLog="Error fetching things"
        columns={COLUMNS}
      />,
    );
    expect(screen.getByText('Error loading things.')).toBeVisible();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('Error fetching things', error);
    log.mockRestore();
  });
});

describe('useLocalPage', () => {
  it("asks for the page's rows and never goes below page 1", () => {
    const { result } = renderHook(() => useLocalPage(10));
    expect(result.current.params).toEqual({ limit: 10, offset: 0 });
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    expect(result.current.params).toEqual({ limit: 10, offset: 20 });
    act(() => result.current.setPage(0));
    expect(result.current.page).toBe(1);
  });
});
