import { screen, within, waitFor } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { ResourceTable, type ColumnEntry } from '../screen/ResourceTable';
import { renderInRouter } from './renderInRouter';

interface Thing {
  id: string;
  name: string;
  due: string;
  count: number;
}

const THINGS: Thing[] = [
  { id: 't1', name: 'Fire licence', due: 'Jan 05, 2026', count: 3 },
  { id: 't2', name: 'Lift permit', due: 'Feb 10, 2026', count: 12 },
];

function columns(withEdit: boolean): ColumnEntry<Thing>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      cell: (t) => t.name,
      sortKey: 'name',
      wrap: true,
      card: 'title',
    },
    { key: 'due', header: 'Due Date', cell: (t) => t.due, sortKey: 'due', width: '140px' },
    { key: 'count', header: 'Count', cell: (t) => t.count, numeric: true, align: 'right' },
    withEdit && {
      key: 'edit',
      header: 'Actions',
      card: 'action',
      cell: (t) => (
        <button type="button" aria-label={`Edit ${t.name}`}>
          Edit
        </button>
      ),
    },
  ];
}

function SortedThings({
  withEdit = true,
  items = THINGS,
}: {
  withEdit?: boolean;
  items?: Thing[];
}) {
  const [sort, setSort] = useState<string | undefined>('due');
  return (
    <ResourceTable
      label="Things"
      items={items}
      columns={columns(withEdit)}
      rowLink={(thing) => `/things/${thing.id}`}
      sort={{ value: sort, onChange: setSort }}
      empty="No things found"
    />
  );
}

const thingLink = (thing: Thing) => `/things/${thing.id}`;

const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });

describe('ResourceTable', () => {
  it('is a table named by its label, one header per column and one row per item', () => {
    renderInRouter(<SortedThings />);
    const table = screen.getByRole('table', { name: 'Things' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Name',
      'Due Date',
      'Count',
      'Actions',
    ]);
    expect(
      within(rowOf('Lift permit'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Lift permit', 'Feb 10, 2026', '12', 'Edit']);
  });

  it('leaves out a column given as false', () => {
    renderInRouter(<SortedThings withEdit={false} />);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(within(rowOf('Lift permit')).getAllByRole('cell')).toHaveLength(3);
  });

  it('sorts by a column with a sort key: aria-sort on it, a second click reverses', async () => {
    const { user } = renderInRouter(<SortedThings />);
    const due = screen.getByRole('columnheader', { name: 'Due Date' });
    expect(due).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(due).getByRole('button', { name: 'Due Date' }));
    expect(due).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(due).not.toHaveAttribute('aria-sort');
    // A column without a sort key has no button.
    expect(
      within(screen.getByRole('columnheader', { name: 'Count' })).queryByRole('button'),
    ).toBeNull();
  });

  it('opens a row on a click, but leaves a control inside it alone', async () => {
    const { user, currentPath } = renderInRouter(<SortedThings />, '/things');
    await user.click(screen.getByText('Lift permit'));
    await waitFor(() => expect(currentPath()).toBe('/things/t2'));
    await user.click(screen.getByRole('button', { name: 'Edit Fire licence' }));
    // Long enough for a navigation (a transition) to land, had the row taken the click.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(currentPath()).toBe('/things/t2');
  });

  it('lets the keyboard reach a row and open it with Enter', async () => {
    const { user, currentPath } = renderInRouter(<SortedThings />, '/things');
    rowOf('Lift permit').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/things/t2'));
  });

  it('labels every cell for the small-screen card, except the card title and its action', () => {
    renderInRouter(<SortedThings />);
    const [name, due, count, edit] = within(rowOf('Lift permit')).getAllByRole('cell');
    expect(edit).not.toHaveAttribute('data-label');
    expect(edit).toHaveAttribute('data-card', 'action');
    expect(name).not.toHaveAttribute('data-label');
    expect(name).toHaveAttribute('data-card', 'title');
    expect(due).toHaveAttribute('data-label', 'Due Date');
    expect(count).toHaveAttribute('data-label', 'Count');
  });

  it('keeps one-line columns on one line and lets the free text wrap', () => {
    renderInRouter(<SortedThings />);
    const [name, due] = within(rowOf('Lift permit')).getAllByRole('cell');
    expect(getComputedStyle(due).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(name).whiteSpace).toBe('normal');
  });

  it('shows the empty state instead of a table when there is nothing', () => {
    renderInRouter(<SortedThings items={[]} />);
    expect(screen.getByText('No things found')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is named by its title when it has one, and rows without a link are not focusable', () => {
    renderInRouter(
      <ResourceTable
        title="Assigned Tasks"
        items={THINGS}
        columns={[{ key: 'name', header: 'Task', cell: (t: Thing) => t.name }]}
      />,
    );
    expect(screen.getByRole('table', { name: 'Assigned Tasks' })).toBeVisible();
    expect(rowOf('Fire licence')).not.toHaveAttribute('tabindex');
  });

  it('renders again only the rows whose item changed while the columns stay the same, and every row when the columns change', async () => {
    const named: string[] = [];
    // A screen that keeps its columns across renders (useMemo), as the list screens do.
    function Things() {
      const [items, setItems] = useState(THINGS);
      const [withCount, setWithCount] = useState(true);
      const [, setClicks] = useState(0);
      const shown = useMemo<ColumnEntry<Thing>[]>(
        () => [
          {
            key: 'name',
            header: 'Name',
            cell: (t) => {
              named.push(t.id);
              return t.name;
            },
          },
          withCount && { key: 'count', header: 'Count', cell: (t) => t.count },
        ],
        [withCount],
      );
      return (
        <>
          <button type="button" onClick={() => setClicks((clicks) => clicks + 1)}>
            Render again
          </button>
          <button
            type="button"
            onClick={() =>
              setItems([{ ...THINGS[0]!, name: 'Fire licence (renewed)' }, THINGS[1]!])
            }
          >
            Rename
          </button>
          <button type="button" onClick={() => setWithCount(false)}>
            Hide count
          </button>
          <ResourceTable label="Things" items={items} columns={shown} rowLink={thingLink} />
        </>
      );
    }
    const { user, currentPath } = renderInRouter(<Things />, '/things');
    expect(named).toEqual(['t1', 't2']);

    await user.click(screen.getByRole('button', { name: 'Render again' }));
    expect(named).toEqual(['t1', 't2']);

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(named).toEqual(['t1', 't2', 't1']);
    expect(rowOf('Fire licence \\(renewed\\)')).toHaveTextContent('3');
    expect(rowOf('Lift permit')).toHaveTextContent('12');

    await user.click(screen.getByRole('button', { name: 'Hide count' }));
    expect(screen.queryByRole('columnheader', { name: 'Count' })).not.toBeInTheDocument();
    expect(rowOf('Lift permit')).not.toHaveTextContent('12');
    // A memoised row still opens its item.
    await user.click(screen.getByText('Lift permit'));
    await waitFor(() => expect(currentPath()).toBe('/things/t2'));
  });
});
