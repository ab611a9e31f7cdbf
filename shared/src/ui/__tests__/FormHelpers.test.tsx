import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { bindState } from '../form/fieldError';
import { NumberField, TextField } from '../form/TextField';
import { RowButton } from '../screen/editColumn';
import { FilterRow } from '../screen/FilterRow';
import { renderWithTheme } from './renderWithTheme';

function Named() {
  const [name, setName] = useState('Fire');
  return (
    <>
      <TextField label="Name" {...bindState(name, setName)} />
      <output>{name}</output>
    </>
  );
}

describe('bindState', () => {
  it('shows the state and stores what is typed', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Named />);
    const field = screen.getByLabelText('Name');
    expect(field).toHaveValue('Fire');
    await user.type(field, ' safety');
    expect(field).toHaveValue('Fire safety');
    expect(screen.getByRole('status')).toHaveTextContent('Fire safety');
  });
});

describe('NumberField', () => {
  it('is a labelled whole-number input with the numeric keypad, bounded by min and max', () => {
    renderWithTheme(<NumberField label="Reminder Days" min={1} max={365} required />);
    const field = screen.getByRole('spinbutton', { name: /Reminder Days/ });
    expect(field).toHaveAttribute('type', 'number');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('step', '1');
    expect(field).toHaveAttribute('min', '1');
    expect(field).toHaveAttribute('max', '365');
    expect(field).toBeRequired();
  });
});

describe('RowButton', () => {
  it('is a button named after its row that runs its action', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithTheme(
      <RowButton label="Delete Fire safety" onClick={onClick}>
        Delete
      </RowButton>,
    );
    const button = screen.getByRole('button', { name: 'Delete Fire safety' });
    expect(button).toHaveTextContent('Delete');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('FilterRow', () => {
  it('lays its fields out in one wrapping row, bottoms aligned', () => {
    renderWithTheme(
      <FilterRow data-testid="row">
        <TextField label="From" />
      </FilterRow>,
    );
    const row = screen.getByTestId('row');
    expect(row).toHaveStyle({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end' });
    expect(screen.getByLabelText('From')).toBeVisible();
  });
});
