import { screen, waitFor } from '@testing-library/react';
import { useFormik } from 'formik';
import { Button } from '../Button';
import { Form } from '../form/Form';
import { TextField } from '../form/TextField';
import { bindField, fieldError } from '../form/fieldError';
import { failureText, useSaveThenGo, type SaveThenGoOptions } from '../screen/useSaveThenGo';
import { renderInRouter } from './renderInRouter';

interface Values {
  email: string;
}

const answer = (saved: { id: string }) => ({ unwrap: () => Promise.resolve(saved) });
const failure = (error: unknown) => ({ unwrap: () => Promise.reject(error) });

/** A one-field form whose submit sends `request` through `useSaveThenGo(options)`. */
function SaveForm({
  request,
  options,
  onResult,
}: {
  request: { unwrap: () => Promise<{ id: string }> };
  options: SaveThenGoOptions<Values, { id: string }>;
  onResult?: (saved: boolean) => void;
}) {
  const save = useSaveThenGo(options);
  const formik = useFormik<Values>({
    initialValues: { email: 'asha@example.com' },
    onSubmit: async (_values, helpers) => {
      const saved = await save(request, helpers);
      onResult?.(saved);
    },
  });
  return (
    <form onSubmit={formik.handleSubmit}>
      <label htmlFor="email">Email</label>
      <input id="email" {...formik.getFieldProps('email')} />
      <p>{fieldError(formik, 'email') ?? 'no field error'}</p>
      <button type="submit">{formik.isSubmitting ? 'Saving...' : 'Save'}</button>
    </form>
  );
}

describe('useSaveThenGo', () => {
  it('once saved: the success toast, then the page `to` names (from the answer)', async () => {
    const onResult = jest.fn();
    const { user, currentPath } = renderInRouter(
      <SaveForm
        request={answer({ id: 'n1' })}
        options={{ success: 'Saved it', failure: 'Failed', to: (saved) => `/things/${saved.id}` }}
        onResult={onResult}
      />,
      '/things/create',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved it')).toBeVisible();
    // The router renders a navigation as a transition, after the toast.
    await waitFor(() => expect(currentPath()).toBe('/things/n1'));
    expect(onResult).toHaveBeenCalledWith(true);
  });

  it('on failure: the error toast made from the error, and it stays on the page', async () => {
    const onResult = jest.fn();
    const { user, currentPath } = renderInRouter(
      <SaveForm
        request={failure({ status: 500, message: 'Database down' })}
        options={{
          success: 'Saved it',
          failure: (error) => `Error saving: ${(error as Error).message}`,
          to: '/things',
        }}
        onResult={onResult}
      />,
      '/things/create',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error saving: Database down')).toBeVisible();
    expect(currentPath()).toBe('/things/create');
    expect(onResult).toHaveBeenCalledWith(false);
    // The form is usable again: the submit is over.
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("shows the API's 400 field errors under the form's fields instead of a toast", async () => {
    const { user } = renderInRouter(
      <SaveForm
        request={failure({
          status: 400,
          message: 'Invalid input',
          data: { message: 'Invalid input', errors: [{ path: '/email', message: 'Taken' }] },
        })}
        options={{
          success: 'Saved it',
          failure: 'Failed',
          serverFields: { email: { field: 'email' } },
        }}
      />,
      '/things/create',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Taken')).toBeVisible();
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });

  it('replaces the server text of a mapped field when told to', async () => {
    const { user } = renderInRouter(
      <SaveForm
        request={failure({
          status: 400,
          message: 'Bad',
          data: { message: 'Bad', errors: [{ path: 'email', message: 'bad' }] },
        })}
        options={{
          success: 'Saved it',
          failure: 'Failed',
          serverFields: { email: { field: 'email', message: 'Email is already in use' } },
        }}
      />,
      '/things/create',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is already in use')).toBeVisible();
  });

  it("can show the answer's own message under a mapped field", async () => {
    const { user } = renderInRouter(
      <SaveForm
        request={failure({
          status: 400,
          message: 'Email must be shorter.',
          data: { message: 'Email must be shorter.', errors: [{ path: 'email', message: 'x' }] },
        })}
        options={{
          failure: 'Failed',
          serverFields: {
            email: { field: 'email', message: (error) => error.data?.message ?? error.message },
          },
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email must be shorter.')).toBeVisible();
  });

  it('toasts a 400 whose errors name no mapped field', async () => {
    const { user } = renderInRouter(
      <SaveForm
        request={failure({
          status: 400,
          message: 'Bad',
          data: { message: 'Bad', errors: [{ path: 'title', message: 'Too long' }] },
        })}
        options={{
          success: 'Saved it',
          failure: 'Failed',
          serverFields: { email: { field: 'email' } },
        }}
      />,
      '/things/create',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed')).toBeVisible();
    expect(screen.getByText('no field error')).toBeVisible();
  });

  it('saves without a toast when it has no success text', async () => {
    const onResult = jest.fn();
    const { user } = renderInRouter(
      <SaveForm
        request={answer({ id: 'n1' })}
        options={{ failure: 'Failed' }}
        onResult={onResult}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.querySelector('#notistack-snackbar')).toBeNull();
  });
});

/** A kit form of two fields, saved with no `serverFields`: the field names are the API's. */
function TwoFieldForm({ request }: { request: { unwrap: () => Promise<{ id: string }> } }) {
  const save = useSaveThenGo<{ title: string; due_date: string }>({
    failure: 'Error creating task: Invalid input',
  });
  const formik = useFormik({
    initialValues: { title: 'Audit', due_date: '2025-01-05T10:00' },
    onSubmit: async (_values, helpers) => {
      await save(request, helpers);
    },
  });
  return (
    <Form onSubmit={formik.handleSubmit}>
      <TextField label="Title" {...bindField(formik, 'title')} />
      <TextField label="Due Date" {...bindField(formik, 'due_date')} />
      <Button type="submit">Create Task</Button>
    </Form>
  );
}

describe("useSaveThenGo: the API's field errors on the fields (issue 33 item 5)", () => {
  it('puts each error under the field of its name and focuses the first field in the form', async () => {
    const { user } = renderInRouter(
      <TwoFieldForm
        request={failure({
          status: 400,
          message: 'Invalid input',
          data: {
            message: 'Invalid input',
            errors: [
              { path: '/due_date', message: 'must not be in the past' },
              { path: '/title', message: 'must be at most 200 characters' },
              { path: '/title', message: 'a second error of the same field' },
              { path: '/organization_id', message: 'not a field of the form' },
            ],
          },
        })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText('must be at most 200 characters')).toBeVisible();
    expect(screen.getByText('must not be in the past')).toBeVisible();
    expect(screen.queryByText('a second error of the same field')).toBeNull();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Due Date')).toHaveAttribute('aria-invalid', 'true');
    // The first field of the form, not the first error of the answer.
    expect(screen.getByLabelText('Title')).toHaveFocus();
    // The spec's failure toast stays.
    expect(await screen.findByText('Error creating task: Invalid input')).toBeVisible();
  });

  it('a failure that is not a 400 leaves the fields alone and toasts', async () => {
    const { user } = renderInRouter(
      <TwoFieldForm request={failure({ status: 500, message: 'Database down' })} />,
    );
    await user.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(await screen.findByText('Error creating task: Invalid input')).toBeVisible();
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
  });
});

describe('failureText', () => {
  it("puts the failed call's message after the prefix, else 'Unexpected error'", () => {
    const text = failureText('Error creating task');
    expect(text({ status: 403, message: 'Forbidden' })).toBe('Error creating task: Forbidden');
    expect(text(new TypeError('boom'))).toBe('Error creating task: Unexpected error');
  });
});
