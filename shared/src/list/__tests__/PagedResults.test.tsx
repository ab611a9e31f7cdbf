import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import type { Page } from '../../contract/types';
import { theme } from '../../ui/theme';
import { PagedResults } from '../PagedResults';

const texts = { loading: 'Loading things...', error: 'Error loading things.', empty: 'No things' };
const list = { page: 1, pageSize: 2, setPage: () => {} };

function renderResults(query: { data?: Page<string>; isError: boolean; isFetching: boolean }) {
  return render(
    <ThemeProvider theme={theme}>
      <PagedResults query={query} list={list} texts={texts}>
        {(items) => (
          <ul>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </PagedResults>
    </ThemeProvider>,
  );
}

describe('PagedResults', () => {
  it('shows the loading text until the first answer', () => {
    renderResults({ isError: false, isFetching: true });
    expect(screen.getByText('Loading things...')).toBeInTheDocument();
  });

  it('shows the error text on failure', () => {
    renderResults({ isError: true, isFetching: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading things.');
  });

  it('shows the empty text when the page has no items', () => {
    renderResults({ data: { items: [], total: 0 }, isError: false, isFetching: false });
    expect(screen.getByText('No things')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows the rows with pagination from the total, busy while the next answer loads', () => {
    renderResults({ data: { items: ['a', 'b'], total: 5 }, isError: false, isFetching: true });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('1–2 of 5');
    expect(screen.getByRole('list').parentElement).toHaveAttribute('aria-busy', 'true');
  });
});
