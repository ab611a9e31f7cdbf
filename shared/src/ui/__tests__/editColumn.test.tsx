import { screen, waitFor, within } from '@testing-library/react';
import { ResourceTable } from '../screen/ResourceTable';
import { editColumn, titleColumn } from '../screen/editColumn';
import { renderInRouter } from './renderInRouter';

interface Thing {
  id: string;
  name: string;
}

const THINGS: Thing[] = [
  { id: 't1', name: 'Fire licence' },
  { id: 't2', name: 'Lift permit' },
];

function Things({ canEdit }: { canEdit: boolean }) {
  return (
    <ResourceTable
      label="Things"
      items={THINGS}
      rowLink={(thing) => `/things/${thing.id}`}
      columns={[
        { key: 'name', header: 'Name', cell: (thing) => thing.name, card: 'title' },
        canEdit &&
          editColumn<Thing>({
            header: 'Actions',
            to: (thing) => `/things/${thing.id}/edit`,
            name: (thing) => thing.name,
          }),
      ]}
    />
  );
}

describe('editColumn', () => {
  it("gives each row an Edit link named after its item, under the column's header", () => {
    renderInRouter(<Things canEdit />);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Lift permit/ });
    expect(within(row).getByRole('link', { name: 'Edit Lift permit' })).toHaveAttribute(
      'href',
      '/things/t2/edit',
    );
    expect(screen.getAllByRole('link', { name: /^Edit / })).toHaveLength(2);
  });

  it("opens the item's form, not the row's page, when its Edit is clicked", async () => {
    const { user, currentPath } = renderInRouter(<Things canEdit />, '/things');
    await user.click(screen.getByRole('link', { name: 'Edit Fire licence' }));
    await waitFor(() => expect(currentPath()).toBe('/things/t1/edit'));
  });

  it('is left out with `canEdit && editColumn(...)` for someone who may not edit', () => {
    renderInRouter(<Things canEdit={false} />);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
  });
});

describe('titleColumn', () => {
  it("is a wrapping column that titles a phone's card, with the options given", () => {
    const cell = (thing: Thing) => thing.name;
    expect(titleColumn('name', 'Name', cell, { sortKey: 'name', width: '160px' })).toEqual({
      key: 'name',
      header: 'Name',
      cell,
      wrap: true,
      card: 'title',
      sortKey: 'name',
      width: '160px',
    });
  });
});
