import { screen } from '@testing-library/react';
import { makeToken, renderWithProviders } from '../../test-utils';
import { FormScreen } from '../screen/FormScreen';
import { useManagersOnly } from '../screen/useManagersOnly';

const REASON = 'Only managers and admins can create things.';

function CreateThing() {
  return (
    <FormScreen title="New Thing" readOnlyReason={useManagersOnly(REASON)}>
      <p>the form</p>
    </FormScreen>
  );
}

describe('useManagersOnly', () => {
  it.each(['manager', 'admin', 'Admin'])('leaves the form open to a signed-in %s', (role) => {
    renderWithProviders(<CreateThing />, { token: makeToken({ role }) });
    expect(screen.getByText('the form')).toBeVisible();
    expect(screen.queryByText(REASON)).not.toBeInTheDocument();
  });

  it('makes the form read-only with the reason for an employee', () => {
    renderWithProviders(<CreateThing />, { token: makeToken({ role: 'employee' }) });
    expect(screen.getByText(REASON)).toBeVisible();
  });
});
