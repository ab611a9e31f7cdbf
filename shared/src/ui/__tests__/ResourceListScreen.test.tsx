import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import type { ListRequest } from '../../list/useListParams';
import { ResourceListScreen, type ResourceList } from '../screen/ListScreen';
import { Provider } from 'react-redux';
import { createAppStore } from '../../store/store';
import { renderInRouter as renderScreen } from './renderInRouter';

/** Export reads the signed-in token from the store. */
const renderInRouter = (ui: ReactElement, url?: string) =>
  renderScreen(<Provider store={createAppStore()}>{ui}</Provider>, url);

interface Thing {
  id: string;
  name: string;
}

type Filters = { status: readonly ['open', 'closed']; within: string[] };
type Query = Omit<ListRequest<Filters>, 'within'> & { within?: number };

const page = { items: [{ id: 't1', name: 'Fire licence' }], total: 1 };
const none = { items: [], total: 0 };

function things(result: {
  data?: typeof page;
  isError?: boolean;
  asked?: Query[];
}): ResourceList<Thing, Filters, Query> {
  return {
    title: 'Things',
    noun: 'things',
    params: { filters: { status: ['open', 'closed'], within: ['7', '30'] }, sorts: ['name'] },
    useQuery: (params) => {
      result.asked?.push(params);
      return { data: result.data, isError: result.isError ?? false, isFetching: false };
    },
    toQuery: ({ within, ...rest }) => ({
      ...rest,
      ...(within === undefined ? {} : { within: Number(within) }),
    }),
    searchLabel: 'Search by name',
    texts: { filtered: 'No things match these filters' },
  };
}

const table = {
  columns: [{ key: 'name', header: 'Name', cell: (thing: Thing) => thing.name }],
  rowLink: (thing: Thing) => `/things/${thing.id}`,
};

describe('ResourceListScreen', () => {
  it('shows the title, New, Import and the rows in a table named by the title', () => {
    renderInRouter(
      <ResourceListScreen
        resource={things({ data: page })}
        create={{ to: '/things/create', label: 'New Thing' }}
        importPath="/things/import"
        table={table}
      />,
      '/things',
    );
    expect(screen.getByRole('heading', { name: 'Things' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'New Thing' })).toHaveAttribute(
      'href',
      '/things/create',
    );
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/things/import');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Things' })).toBeVisible();
    expect(screen.getByText('Fire licence')).toBeVisible();
  });

  it('asks its query with the URL params as the query takes them', () => {
    const asked: Query[] = [];
    renderInRouter(
      <ResourceListScreen resource={things({ data: page, asked })} table={table} />,
      '/things?within=30&q=fire',
    );
    expect(asked.at(-1)).toMatchObject({ within: 30, q: 'fire' });
  });

  it('says the noun while loading and on a failure, the error text its own when given', () => {
    const { unmount } = renderInRouter(<ResourceListScreen resource={things({})} table={table} />);
    expect(screen.getByText('Loading things...')).toBeVisible();
    unmount();
    renderInRouter(
      <ResourceListScreen
        resource={{
          ...things({ isError: true }),
          texts: { filtered: '-', error: 'Failed to fetch things' },
        }}
        table={table}
      />,
    );
    expect(screen.getByText('Failed to fetch things')).toBeVisible();
  });

  it('says "Error loading {noun}. Please try again later." by default', () => {
    renderInRouter(<ResourceListScreen resource={things({ isError: true })} table={table} />);
    expect(screen.getByText('Error loading things. Please try again later.')).toBeVisible();
  });

  it('says "No {noun} found" when empty, the filtered text while a filter or the search is set', () => {
    const { unmount } = renderInRouter(
      <ResourceListScreen resource={things({ data: none })} table={table} />,
      '/things',
    );
    expect(screen.getByText('No things found')).toBeVisible();
    unmount();
    renderInRouter(
      <ResourceListScreen resource={things({ data: none })} table={table} />,
      '/things?q=fire',
    );
    expect(screen.getByText('No things match these filters')).toBeVisible();
  });

  it('takes its own rule of what narrows the list', () => {
    renderInRouter(
      <ResourceListScreen
        resource={{ ...things({ data: none }), narrowed: (list) => Boolean(list.filters.status) }}
        table={table}
      />,
      '/things?q=fire',
    );
    expect(screen.getByText('No things found')).toBeVisible();
  });
});
