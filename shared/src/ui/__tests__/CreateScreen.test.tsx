import { screen, waitFor } from '@testing-library/react';
import { useFormik } from 'formik';
import { makeToken, renderWithProviders } from '../../test-utils';
import { FormikForm } from '../form/FormikForm';
import { CreateScreen } from '../screen/CreateScreen';
import { failureText } from '../screen/useSaveThenGo';

const REASON = 'Only managers and admins can create things.';

function ThingForm({ onSubmit }: { onSubmit: (values: { title: string }) => Promise<void> }) {
  const formik = useFormik({ initialValues: { title: 'Lift' }, onSubmit });
  return (
    <FormikForm formik={formik} submitLabel="Create Thing" pendingLabel="Creating...">
      <input aria-label="Title" {...formik.getFieldProps('title')} />
    </FormikForm>
  );
}

function CreateThing({ send }: { send: jest.Mock }) {
  return (
    <CreateScreen
      title="New Thing"
      back={{ to: '/things', label: 'Back to Things' }}
      managersOnly={REASON}
      send={send}
      saved={{
        success: 'Thing created',
        failure: failureText('Error creating thing'),
        to: (thing: { id: string }) => `/things/${thing.id}`,
      }}
    >
      {(submit) => <ThingForm onSubmit={submit} />}
    </CreateScreen>
  );
}

describe('CreateScreen', () => {
  it("sends the values with the signed-in user, toasts and opens the new item's page", async () => {
    const send = jest.fn(() => ({ unwrap: () => Promise.resolve({ id: 'lift' }) }));
    const { user, currentPath } = renderWithProviders(<CreateThing send={send} />, {
      route: '/things/create',
      token: makeToken({ role: 'manager' }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'New Thing' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Things' })).toHaveAttribute('href', '/things');
    await user.click(screen.getByRole('button', { name: 'Create Thing' }));
    expect(await screen.findByText('Thing created')).toBeVisible();
    expect(send).toHaveBeenCalledWith(
      { title: 'Lift' },
      expect.objectContaining({ role: 'manager' }),
    );
    await waitFor(() => expect(currentPath()).toBe('/things/lift'));
  });

  it('shows an employee the form read-only with the reason, and no submit button', () => {
    const send = jest.fn();
    renderWithProviders(<CreateThing send={send} />, { token: makeToken({ role: 'employee' }) });
    expect(screen.getByText(REASON)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create Thing' })).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});
