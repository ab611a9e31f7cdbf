import { screen, within } from '@testing-library/react';
import { PersonSelect } from '../form/PersonSelect';
import { renderWithTheme } from './renderWithTheme';

const PEOPLE = [
  { id: 'p1', full_name: 'Priya Nair', email: 'priya@example.com' },
  { id: 'p2', full_name: null, firstName: null, lastName: null, email: 'rahul@example.com' },
];

const optionTexts = () =>
  within(screen.getByLabelText(/^Assigned To/))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('PersonSelect', () => {
  it('offers each person by name, else by email, after the placeholder', () => {
    renderWithTheme(
      <PersonSelect
        label="Assigned To"
        people={{ data: PEOPLE, isLoading: false, isError: false }}
        value=""
        onChange={() => undefined}
      />,
    );
    expect(optionTexts()).toEqual(['Select Employee', 'Priya Nair', 'rahul@example.com']);
    expect(screen.getByLabelText(/^Assigned To/)).toBeEnabled();
  });

  it('leaves inactive people out, except the current holder, marked inactive', () => {
    const people = [
      ...PEOPLE,
      { id: 'p3', full_name: 'Ira Sen', status: 'inactive' },
      { id: 'p4', full_name: 'Dev Das', status: 'inactive' },
      { id: 'p5', full_name: 'Lata Bose', status: 'on_leave' },
    ];
    renderWithTheme(
      <PersonSelect
        label="Assigned To"
        people={{ data: people, isLoading: false, isError: false }}
        current={{ id: 'p4', full_name: 'Dev Das' }}
        value="p4"
        onChange={() => undefined}
      />,
    );
    expect(optionTexts()).toEqual([
      'Select Employee',
      'Priya Nair',
      'rahul@example.com',
      'Dev Das (inactive)',
      'Lata Bose',
    ]);
  });

  it('keeps the current holder as a choice when the list lacks them', () => {
    renderWithTheme(
      <PersonSelect
        label="Assigned To"
        people={{ data: PEOPLE, isLoading: false, isError: false }}
        current={{ id: 'p9', full_name: 'Asha Rao' }}
        value="p9"
        onChange={() => undefined}
      />,
    );
    expect(optionTexts()).toEqual([
      'Select Employee',
      'Asha Rao',
      'Priya Nair',
      'rahul@example.com',
    ]);
    expect(screen.getByLabelText(/^Assigned To/)).toHaveValue('p9');
  });

  it("says 'Loading...' and waits while the people load", () => {
    renderWithTheme(
      <PersonSelect label="Assigned To" people={{ isLoading: true, isError: false }} />,
    );
    expect(optionTexts()).toEqual(['Loading...']);
    expect(screen.getByLabelText(/^Assigned To/)).toBeDisabled();
  });

  it('says the people could not be fetched, unless the form has its own message', () => {
    const { rerender } = renderWithTheme(
      <PersonSelect label="Assigned To" people={{ isLoading: false, isError: true }} />,
    );
    expect(screen.getByText('Failed to fetch employees')).toBeVisible();
    rerender(
      <PersonSelect
        label="Assigned To"
        people={{ isLoading: false, isError: true }}
        error="Assigned person is required"
      />,
    );
    expect(screen.getByText('Assigned person is required')).toBeVisible();
    expect(screen.queryByText('Failed to fetch employees')).not.toBeInTheDocument();
  });
});
