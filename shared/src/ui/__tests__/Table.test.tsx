import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table } from '../table/Table';
import { TableCell, TableHeaderCell } from '../table/TableCell';
import { TableRow } from '../table/TableRow';
import { TableBody, TableHead } from '../table/TableSections';
import { renderWithTheme } from './renderWithTheme';

function TaskTable({ onOpen, onEdit }: { onOpen: (id: string) => void; onEdit: () => void }) {
  return (
    <Table title="Tasks">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Title</TableHeaderCell>
          <TableHeaderCell align="right">Edit</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <TableRow onActivate={() => onOpen('t1')}>
          <TableCell>Renew fire licence</TableCell>
          <TableCell align="right">
            <button type="button" onClick={onEdit}>
              Edit
            </button>
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell>Plain row</TableCell>
          <TableCell />
        </TableRow>
      </TableBody>
    </Table>
  );
}

const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });

describe('Table', () => {
  it('is a table named by its title with column headers', () => {
    renderWithTheme(<TaskTable onOpen={jest.fn()} onEdit={jest.fn()} />);

    const table = screen.getByRole('table', { name: 'Tasks' });
    expect(table).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('scope', 'col');
  });

  it('activates a clickable row when it is clicked', async () => {
    const user = userEvent.setup();
    const onOpen = jest.fn();
    renderWithTheme(<TaskTable onOpen={onOpen} onEdit={jest.fn()} />);

    await user.click(screen.getByText('Renew fire licence'));

    expect(onOpen).toHaveBeenCalledWith('t1');
  });

  it('activates a focused row with Enter and with Space', async () => {
    const user = userEvent.setup();
    const onOpen = jest.fn();
    renderWithTheme(<TaskTable onOpen={onOpen} onEdit={jest.fn()} />);

    await user.tab();
    expect(rowOf('Renew fire licence')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('leaves clicks and keys on an inner button to that button', async () => {
    const user = userEvent.setup();
    const onOpen = jest.fn();
    const onEdit = jest.fn();
    renderWithTheme(<TaskTable onOpen={onOpen} onEdit={onEdit} />);

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    screen.getByRole('button', { name: 'Edit' }).focus();
    await user.keyboard('{Enter}');

    expect(onEdit).toHaveBeenCalledTimes(2);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('does not activate when an inner handler prevented the default', async () => {
    const user = userEvent.setup();
    const onOpen = jest.fn();
    renderWithTheme(
      <Table aria-label="Certificates">
        <TableBody>
          <TableRow onActivate={onOpen}>
            <TableCell onClick={(event) => event.preventDefault()}>Fire licence</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );

    await user.click(screen.getByText('Fire licence'));

    expect(onOpen).not.toHaveBeenCalled();
  });

  it('marks only clickable rows as focusable and pointer-shaped', () => {
    renderWithTheme(<TaskTable onOpen={jest.fn()} onEdit={jest.fn()} />);

    expect(rowOf('Renew fire licence')).toHaveAttribute('tabindex', '0');
    expect(rowOf('Renew fire licence')).toHaveStyle({ cursor: 'pointer' });
    expect(rowOf('Plain row')).not.toHaveAttribute('tabindex');
    expect(rowOf('Plain row')).not.toHaveStyle({ cursor: 'pointer' });
  });
});
