import { screen, waitFor } from '@testing-library/react';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { bindField, fieldError } from '../form/fieldError';
import { TextField } from '../form/TextField';
import { FormScreen } from '../screen/FormScreen';
import { renderInRouter } from './renderInRouter';

function NameForm() {
  const formik = useFormik({
    initialValues: { name: '' },
    validationSchema: object({ name: string().required('Name is required') }),
    onSubmit: () => undefined,
  });
  return (
    <form noValidate onSubmit={formik.handleSubmit}>
      <TextField label="Name" {...bindField(formik, 'name')} />
      <p>{fieldError(formik, 'name') ? 'has an error' : 'no error shown'}</p>
      <button type="submit">Create</button>
    </form>
  );
}

describe('FormScreen', () => {
  it('shows the title, the way back and the form', async () => {
    const { user, currentPath } = renderInRouter(
      <FormScreen title="Create New Thing" back={{ to: '/things', label: 'Back to Things' }}>
        <NameForm />
      </FormScreen>,
      '/things/create',
    );
    expect(screen.getByRole('heading', { name: 'Create New Thing' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Back to Things' }));
    await waitFor(() => expect(currentPath()).toBe('/things'));
  });
});

describe('bindField and fieldError', () => {
  it('bind the value and show the message only once the field is touched', async () => {
    const { user } = renderInRouter(<NameForm />);
    const name = screen.getByLabelText('Name');
    expect(screen.getByText('no error shown')).toBeVisible();
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(screen.getByText('has an error')).toBeVisible();
    await user.type(name, 'Kit');
    expect(name).toHaveValue('Kit');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });
});
