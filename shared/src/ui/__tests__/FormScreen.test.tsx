import { screen, waitFor } from '@testing-library/react';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { bindField, fieldError } from '../form/fieldError';
import { Button } from '../Button';
import { Form } from '../form/Form';
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

describe('FormScreen readOnlyReason (issue 33 item 4)', () => {
  function KitForm({ onSubmit }: { onSubmit: () => void }) {
    return (
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <TextField label="Title" name="title" defaultValue="" />
        <Button variant="secondary">Cancel</Button>
        <Button type="submit">Create Task</Button>
      </Form>
    );
  }

  it('says why at the top, disables every field and draws no submit button', async () => {
    const onSubmit = jest.fn();
    const { user } = renderInRouter(
      <FormScreen
        title="Create New Task"
        back={{ to: '/tasks', label: 'Back to Tasks' }}
        readOnlyReason="Only managers and admins can create tasks."
      >
        <KitForm onSubmit={onSubmit} />
      </FormScreen>,
    );
    expect(screen.getByText('Only managers and admins can create tasks.')).toBeVisible();
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create Task' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'x{Enter}');
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to Tasks' })).toBeVisible();
  });

  it('without a reason the same form is editable and submits', async () => {
    const onSubmit = jest.fn();
    const { user } = renderInRouter(
      <FormScreen title="Create New Task">
        <KitForm onSubmit={onSubmit} />
      </FormScreen>,
    );
    expect(screen.queryByTestId('form-notice')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Fire drill');
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
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
