import { screen, waitFor } from '@testing-library/react';
import { useFormik } from 'formik';
import { FormikForm } from '../form/FormikForm';
import { TextField } from '../form/TextField';
import { FormCard, ReadOnlyForm } from '../screen/FormScreen';
import { renderInRouter } from './renderInRouter';

function ThingForm({
  onSubmit,
  cancel,
}: {
  onSubmit: (values: { title: string }) => Promise<void>;
  cancel?: string | (() => void);
}) {
  const formik = useFormik({ initialValues: { title: 'Audit' }, onSubmit });
  return (
    <FormikForm formik={formik} submitLabel="Create" pendingLabel="Creating..." cancel={cancel}>
      <TextField label="Title" {...formik.getFieldProps('title')} />
    </FormikForm>
  );
}

describe('FormikForm', () => {
  it('submits the values and says the pending label, disabled, until the save is over', async () => {
    let finish = () => {};
    const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderInRouter(<ThingForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Audit' }, expect.anything());
    finish();
    expect(await screen.findByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it('offers Cancel as a link to a path, or as a button that calls a function', async () => {
    const { user, currentPath, unmount } = renderInRouter(
      <ThingForm onSubmit={async () => {}} cancel="/things" />,
      '/things/create',
    );
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(currentPath()).toBe('/things');
    unmount();

    const close = jest.fn();
    const second = renderInRouter(<ThingForm onSubmit={async () => {}} cancel={close} />);
    await second.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(close).toHaveBeenCalled();
  });

  it('has no submit button when read-only; a Cancel link stays', () => {
    renderInRouter(
      <FormCard readOnlyReason="Only managers and admins can create things.">
        <ThingForm onSubmit={async () => {}} cancel="/things" />
      </FormCard>,
    );
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Cancel' })).toBeVisible();
  });

  it("turns a dialog's Cancel into an enabled Close, outside the disabled fields, when read-only", async () => {
    const close = jest.fn();
    const { user } = renderInRouter(
      <ReadOnlyForm readOnlyReason="Only managers and admins can renew things.">
        <ThingForm onSubmit={async () => {}} cancel={close} />
      </ReadOnlyForm>,
    );
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
  });
});
