import { screen, waitFor } from '@testing-library/react';
import { useFormik } from 'formik';
import { fieldError } from '../form/fieldError';
import { failureText } from '../screen/useSaveThenGo';
import { useSubmitThenGo } from '../screen/useSubmitThenGo';
import { renderInRouter } from './renderInRouter';

interface Values {
  title: string;
}

/** A one-field form whose submit is `useSubmitThenGo(send, …)` and nothing else. */
function CreateForm({
  send,
}: {
  send: (values: Values) => { unwrap: () => Promise<{ id: string }> };
}) {
  const submit = useSubmitThenGo(send, {
    success: 'Thing created',
    failure: failureText('Error creating thing'),
    to: (saved) => `/things/${saved.id}`,
  });
  const formik = useFormik<Values>({ initialValues: { title: 'Audit' }, onSubmit: submit });
  return (
    <form onSubmit={formik.handleSubmit}>
      <label htmlFor="title">Title</label>
      <input id="title" {...formik.getFieldProps('title')} />
      <p>{fieldError(formik, 'title') ?? 'no field error'}</p>
      <button type="submit">Create</button>
    </form>
  );
}

describe('useSubmitThenGo', () => {
  it("sends the form's values as the mutation's call, then toasts and opens the new item", async () => {
    const send = jest.fn((values: Values) => ({
      unwrap: () => Promise.resolve({ id: values.title.toLowerCase() }),
    }));
    const { user, currentPath } = renderInRouter(<CreateForm send={send} />, '/things/create');
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Lift');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Thing created')).toBeVisible();
    expect(send).toHaveBeenCalledWith({ title: 'Lift' });
    await waitFor(() => expect(currentPath()).toBe('/things/lift'));
  });

  it("puts the API's field error under its field and stays on the form", async () => {
    const error = {
      status: 400,
      message: 'Invalid input',
      data: { errors: [{ path: '/title', message: 'Title is taken' }] },
    };
    const send = () => ({ unwrap: () => Promise.reject(error) });
    const { user, currentPath } = renderInRouter(<CreateForm send={send} />, '/things/create');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Title is taken')).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(currentPath()).toBe('/things/create');
  });
});
