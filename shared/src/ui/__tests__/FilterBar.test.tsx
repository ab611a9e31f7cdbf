import { screen, waitFor } from '@testing-library/react';
import { useListParams } from '../../list/useListParams';
import { FilterBar } from '../screen/FilterBar';
import { renderInRouter } from './renderInRouter';

const STATUSES = ['open', 'closed'] as const;
const DAYS = ['7', '30'] as const;

function ThingFilters() {
  const list = useListParams({ filters: { status: STATUSES, within: DAYS } });
  return (
    <FilterBar
      list={list}
      searchLabel="Search by name"
      filters={[
        {
          name: 'status',
          label: 'Filter by Status',
          placeholder: 'All statuses',
          options: STATUSES.map((value) => ({ value, label: value.toUpperCase() })),
        },
        {
          name: 'within',
          label: 'Expiring Within',
          placeholder: 'Any time',
          options: [7, 30].map((days) => ({ value: days, label: `Next ${days} days` })),
        },
      ]}
    />
  );
}

describe('FilterBar', () => {
  it('shows the filters and the search the URL holds', () => {
    renderInRouter(<ThingFilters />, '/things?status=closed&within=30&q=fire');
    expect(screen.getByLabelText('Filter by Status')).toHaveValue('closed');
    expect(screen.getByLabelText('Expiring Within')).toHaveValue('30');
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('fire');
  });

  it('treats a value the list does not offer as "all"', () => {
    renderInRouter(<ThingFilters />, '/things?status=lost');
    expect(screen.getByLabelText('Filter by Status')).toHaveValue('');
  });

  it('writes a choice into the URL, back to the first page, and the placeholder removes it', async () => {
    const { user, currentPath } = renderInRouter(<ThingFilters />, '/things?page=3');
    await user.selectOptions(screen.getByLabelText('Expiring Within'), 'Next 7 days');
    await waitFor(() => expect(currentPath()).toBe('/things?within=7'));
    await user.selectOptions(screen.getByLabelText('Filter by Status'), 'OPEN');
    await waitFor(() => expect(currentPath()).toBe('/things?within=7&status=open'));
    await user.selectOptions(screen.getByLabelText('Expiring Within'), 'Any time');
    await waitFor(() => expect(currentPath()).toBe('/things?status=open'));
  });

  it('searches on Enter, into the URL', async () => {
    const { user, currentPath } = renderInRouter(<ThingFilters />, '/things');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'lift{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/things?q=lift'));
  });

  it('has no search field without a search label', () => {
    function StatusOnly() {
      const list = useListParams({ filters: { status: STATUSES } });
      return (
        <FilterBar
          list={list}
          filters={[
            {
              name: 'status',
              label: 'Filter by Status',
              placeholder: 'All statuses',
              options: [{ value: 'open', label: 'Open' }],
            },
          ]}
        />
      );
    }
    renderInRouter(<StatusOnly />);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Filter by Status')).toBeVisible();
  });
});

// jsdom applies no media query: the button keeps its wide-screen `display: none`, so it is
// found by its text here; the e2e suite (responsive.spec.ts) clicks it at 390 px.
describe('FilterBar on a phone', () => {
  it('folds the drop-downs behind a "Filters" button that counts the ones set', async () => {
    const { user } = renderInRouter(<ThingFilters />, '/things?status=closed&within=30&q=fire');
    const toggle = screen.getByText('Filters (2)', { selector: 'button' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const group = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(group).toContainElement(screen.getByLabelText('Filter by Status'));
    expect(group).not.toContainElement(screen.getByRole('searchbox', { name: 'Search by name' }));
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('counts only the filters set to a value the list offers, and none says plain "Filters"', () => {
    renderInRouter(<ThingFilters />, '/things?status=lost&q=fire');
    expect(screen.getByText('Filters', { selector: 'button' })).toBeInTheDocument();
  });
});
