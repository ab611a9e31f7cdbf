import { screen, waitFor } from '@testing-library/react';
import { ItemScreen, type ItemQuery } from '../screen/ItemScreen';
import { renderInRouter } from './renderInRouter';

interface Thing {
  id: string;
  name: string;
}

const TEXTS = {
  loading: 'Loading thing...',
  notFound: 'Thing not found',
  error: 'Error loading thing. Please try again later.',
};

function renderItem(query: ItemQuery<Thing>, withActions = true) {
  return renderInRouter(
    <ItemScreen
      query={query}
      title="Thing Details"
      texts={TEXTS}
      back={{ to: '/things', label: 'Back to Things' }}
      actions={withActions ? () => <button type="button">Edit Thing</button> : undefined}
    >
      {(thing) => <p>Named {thing.name}</p>}
    </ItemScreen>,
    '/things/t1',
  );
}

describe('ItemScreen', () => {
  it('says it is loading under the page title', () => {
    renderItem({ isLoading: true });
    expect(screen.getByRole('heading', { name: 'Thing Details' })).toBeVisible();
    expect(screen.getByText('Loading thing...')).toBeVisible();
  });

  it('shows the item with the back link leading the actions', async () => {
    const { user, currentPath } = renderItem({ isLoading: false, data: { id: 't1', name: 'Kit' } });
    expect(screen.getByText('Named Kit')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit Thing' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Back to Things' }));
    await waitFor(() => expect(currentPath()).toBe('/things'));
  });

  it('has no back link in a loaded header without actions (an edit form has Cancel)', () => {
    renderItem({ isLoading: false, data: { id: 't1', name: 'Kit' } }, false);
    expect(screen.getByText('Named Kit')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Back to Things' })).not.toBeInTheDocument();
  });

  it.each([404, 400])('says the item is not found on a %i, with the back link only', (status) => {
    renderItem({ isLoading: false, error: { status, message: 'Not found' } });
    expect(screen.getByText('Thing not found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Things' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Thing' })).not.toBeInTheDocument();
  });

  it('shows the error as an alert with Retry, which asks again, and the back link', async () => {
    const refetch = jest.fn();
    const { user } = renderItem({
      isLoading: false,
      error: { status: 500, message: 'Boom' },
      refetch,
    });
    expect(screen.getByRole('alert')).toHaveTextContent(TEXTS.error);
    expect(screen.getByRole('link', { name: 'Back to Things' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('titles a loaded page from the item when asked to', () => {
    renderInRouter(
      <ItemScreen
        query={{ isLoading: false, data: { id: 't1', name: 'Asha Rao' } }}
        title="Employee Details"
        heading={(person: Thing) => ({ title: person.name, subtitle: 'Employee Details' })}
        texts={TEXTS}
        back={{ to: '/employees', label: 'Back to Users' }}
      >
        {() => null}
      </ItemScreen>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Asha Rao' })).toBeVisible();
    expect(screen.getByText('Employee Details')).toBeVisible();
  });

  it('says a failed load in a toast too when asked, but not a not found', async () => {
    const error = { status: 500, message: 'boom' };
    const { unmount } = renderInRouter(
      <ItemScreen
        query={{ isLoading: false, error }}
        errorToast
        title="Edit Thing"
        texts={TEXTS}
        back={{ to: '/things', label: 'Back to Things' }}
      >
        {() => null}
      </ItemScreen>,
    );
    // The page's error state and the toast.
    await waitFor(() => expect(screen.getAllByText(TEXTS.error)).toHaveLength(2));
    unmount();

    renderInRouter(
      <ItemScreen
        query={{ isLoading: false, error: { status: 404, message: 'Not found' } }}
        errorToast
        title="Edit Thing"
        texts={TEXTS}
        back={{ to: '/things', label: 'Back to Things' }}
      >
        {() => null}
      </ItemScreen>,
    );
    expect(screen.getByText(TEXTS.notFound)).toBeVisible();
    expect(screen.queryByText(TEXTS.error)).not.toBeInTheDocument();
  });
});
