import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Pagination } from '../Pagination';
import { SEARCH_DEBOUNCE_MS, SearchField } from '../form/SearchField';
import { Table, TableHead, TableRow, SortableHeaderCell } from '..';
import { renderWithTheme } from './renderWithTheme';

describe('Pagination', () => {
  it('shows the range of the total and moves between pages', async () => {
    const onPageChange = jest.fn();
    renderWithTheme(<Pagination page={2} pageSize={50} total={120} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent(
      '51–100 of 120',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('renders nothing when everything fits on the first page', () => {
    renderWithTheme(<Pagination page={1} pageSize={50} total={50} onPageChange={() => {}} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says which page a link past the last page shows, and leads back', async () => {
    const onPageChange = jest.fn();
    renderWithTheme(<Pagination page={5} pageSize={50} total={60} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 5 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});

describe('SortableHeaderCell', () => {
  function SortableTable({ initial }: { initial?: string }) {
    const [sort, setSort] = useState(initial);
    return (
      <Table aria-label="Things">
        <TableHead>
          <TableRow>
            <SortableHeaderCell column="name" sort={sort} onSortChange={setSort}>
              Name
            </SortableHeaderCell>
            <SortableHeaderCell column="date" sort={sort} onSortChange={setSort}>
              Date
            </SortableHeaderCell>
          </TableRow>
        </TableHead>
      </Table>
    );
  }

  it('is a button in the column header; aria-sort names the sorted column and its direction', async () => {
    renderWithTheme(<SortableTable initial="-date" />);
    const name = screen.getByRole('columnheader', { name: 'Name' });
    const date = screen.getByRole('columnheader', { name: 'Date' });
    expect(date).toHaveAttribute('aria-sort', 'descending');
    expect(name).not.toHaveAttribute('aria-sort');

    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(date).not.toHaveAttribute('aria-sort');

    screen.getByRole('button', { name: 'Name' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(name).toHaveAttribute('aria-sort', 'descending');
  });
});

describe('SearchField', () => {
  afterEach(() => jest.useRealTimers());

  it('searches once typing pauses, with the trimmed text', () => {
    jest.useFakeTimers();
    const onSearch = jest.fn();
    renderWithTheme(<SearchField label="Search by title" value="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search by title' });

    fireEvent.change(box, { target: { value: 'fi' } });
    fireEvent.change(box, { target: { value: 'fire ' } });
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch.mock.calls).toEqual([['fire']]);
  });

  it('searches at once on Enter, and follows a search changed elsewhere', async () => {
    const onSearch = jest.fn();
    const { rerender } = renderWithTheme(
      <SearchField label="Search" value="" onSearch={onSearch} />,
    );
    await userEvent.type(screen.getByRole('searchbox'), 'audit{Enter}');
    expect(onSearch).toHaveBeenCalledWith('audit');

    rerender(<SearchField label="Search" value="fire" onSearch={onSearch} />);
    expect(screen.getByRole('searchbox')).toHaveValue('fire');
  });
});
