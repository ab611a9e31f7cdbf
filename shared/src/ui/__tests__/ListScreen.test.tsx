import { screen, within, waitFor } from '@testing-library/react';
import { useListParams } from '../../list/useListParams';
import { ListScreen } from '../screen/ListScreen';
import { renderInRouter } from './renderInRouter';

interface Thing {
  id: string;
  name: string;
}

const STATUSES = ['open', 'closed'] as const;
const TEXTS = { loading: 'Loading things...', error: 'Error loading things.', empty: 'No things' };

function ThingList({
  data,
  isError = false,
  canCreate = true,
  refetch,
}: {
  data?: { items: Thing[]; total: number };
  isError?: boolean;
  canCreate?: boolean;
  refetch?: () => void;
}) {
  const list = useListParams({ filters: { status: STATUSES }, sorts: ['name'] });
  return (
    <ListScreen
      title="Things"
      create={canCreate && { to: '/things/create', label: 'New Thing' }}
      list={list}
      query={{ data, isError, isFetching: false, refetch }}
      texts={TEXTS}
      searchLabel="Search by name"
      filters={[
        {
          name: 'status',
          label: 'Filter by Status',
          placeholder: 'All statuses',
          options: STATUSES.map((value) => ({ value, label: value })),
        },
      ]}
      table={{
        label: 'Things',
        columns: [{ key: 'name', header: 'Name', cell: (thing) => thing.name, sortKey: 'name' }],
        rowLink: (thing) => `/things/${thing.id}`,
      }}
    />
  );
}

const page = { items: [{ id: 't1', name: 'Fire licence' }], total: 1 };

describe('ListScreen', () => {
  it('shows the title, New, the search and filters, and the rows, a row opening its item', async () => {
    const { user, currentPath } = renderInRouter(<ThingList data={page} />, '/things');
    expect(screen.getByRole('heading', { name: 'Things' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'New Thing' })).toHaveAttribute(
      'href',
      '/things/create',
    );
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toBeVisible();
    expect(screen.getByLabelText('Filter by Status')).toBeVisible();
    await user.click(
      within(screen.getByRole('table', { name: 'Things' })).getByText('Fire licence'),
    );
    await waitFor(() => expect(currentPath()).toBe('/things/t1'));
  });

  it('keeps the order in the URL: a sortable header writes ?sort=', async () => {
    const { user, currentPath } = renderInRouter(<ThingList data={page} />, '/things');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(currentPath()).toBe('/things?sort=name'));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(currentPath()).toBe('/things?sort=-name'));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('has no New button for those who may not create', () => {
    renderInRouter(<ThingList data={page} canCreate={false} />);
    expect(screen.queryByRole('link', { name: 'New Thing' })).not.toBeInTheDocument();
  });

  it.each([
    ['loading', {}, TEXTS.loading],
    ['failed', { isError: true }, TEXTS.error],
    ['empty', { data: { items: [], total: 0 } }, TEXTS.empty],
  ])('says so when %s', (_state, props, text) => {
    renderInRouter(<ThingList {...props} />);
    expect(screen.getByText(text)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers Retry on a failure, which asks for the list again', async () => {
    const refetch = jest.fn();
    const { user } = renderInRouter(<ThingList isError refetch={refetch} />);
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.error);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('offers "Clear filters" when a filter or search empties the list, keeping the order', async () => {
    const { user, currentPath } = renderInRouter(
      <ThingList data={{ items: [], total: 0 }} />,
      '/things?status=open&q=lift&sort=name&page=2',
    );
    expect(screen.getByText(TEXTS.empty)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentPath()).toBe('/things?sort=name'));
  });

  it('has no "Clear filters" when nothing narrows the empty list', () => {
    renderInRouter(<ThingList data={{ items: [], total: 0 }} />, '/things?sort=name');
    expect(screen.getByText(TEXTS.empty)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
