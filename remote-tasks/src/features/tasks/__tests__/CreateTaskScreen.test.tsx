import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  apiUrl,
  failingResource,
  holdRequests,
  makeToken,
  mockApi,
  neverAnswers,
  pinClock,
  priya,
  rahul,
  setupApiServer,
  tasksBackend,
  TEST_USER_CLAIMS,
  unpinClock,
} from '@duly/shared/test-utils';
import { renderTasks } from '../../../testing/render';

const server = setupApiServer();

/** 10:00:30 on January 5, 2025 in Asia/Kolkata. */
const NOW = '2025-01-05T04:30:30.000Z';

function setUp(token?: string) {
  const backend = tasksBackend([]);
  server.use(...backend.handlers, ...mockApi({ employees: [priya, rahul] }).handlers('employees'));
  const rendered = renderTasks('/tasks/create', token);
  return { backend, ...rendered };
}

async function fillIn(
  user: ReturnType<typeof setUp>['user'],
  values: { title?: string; description?: string; dueDate?: string; assignee?: string },
) {
  if (values.title !== undefined) await user.type(screen.getByLabelText(/^Title/), values.title);
  if (values.description !== undefined)
    await user.type(screen.getByLabelText(/^Description/), values.description);
  if (values.dueDate !== undefined)
    await user.type(screen.getByLabelText(/^Due Date/), values.dueDate);
  if (values.assignee !== undefined) {
    const select = screen.getByLabelText(/^Assigned To/);
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, values.assignee);
  }
}

const submit = () => screen.getByRole('button', { name: 'Create Task' });

beforeEach(() => pinClock(NOW));
afterEach(() => unpinClock());

describe('/tasks/create', () => {
  it("is titled 'Create New Task' with a way back to the list", async () => {
    const { user, currentPath } = setUp();
    expect(await screen.findByRole('heading', { name: 'Create New Task' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Tasks' }));
    expect(currentPath()).toBe('/tasks');
  });

  it('has Cancel beside Create Task, back to the list, as the other forms do', async () => {
    const { user, currentPath } = setUp();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(currentPath()).toBe('/tasks');
  });

  it('has a title, a 4-row description, a due date and time, and an assignee', async () => {
    setUp();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText(/^Description/)).toHaveAttribute('rows', '4');
    expect(screen.getByLabelText(/^Due Date/)).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByLabelText(/^Assigned To/).tagName).toBe('SELECT');
  });

  it("shows 'Loading...' in the assignee field while the employees load", async () => {
    server.use(...tasksBackend([]).handlers, neverAnswers('get', '/employees/'));
    renderTasks('/tasks/create');
    const select = screen.getByLabelText(/^Assigned To/);
    expect(within(select).getByRole('option', { name: 'Loading...' })).toBeInTheDocument();
    expect(select).toBeDisabled();
  });

  it('offers every employee from GET /employees/ by name', async () => {
    setUp();
    const select = screen.getByLabelText(/^Assigned To/);
    await waitFor(() => expect(select).toBeEnabled());
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Employee', 'Priya Sharma', 'Rahul Verma']);
  });

  it('says when the employees cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      ...tasksBackend([]).handlers,
      failingResource('employees', 500, 'Database unavailable')[0],
    );
    renderTasks('/tasks/create');
    expect(await screen.findByText('Failed to fetch employees')).toBeInTheDocument();
  });

  it('creates the task with the due date as the ISO instant of the Asia/Kolkata time', async () => {
    const { user, backend, currentPath } = setUp();
    await fillIn(user, {
      title: 'Prepare the audit',
      description: 'Collect the reports.',
      dueDate: '2025-01-05T10:00',
      assignee: 'Rahul Verma',
    });
    await user.click(submit());

    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
    expect(backend.sent('POST', '/tasks/').map((request) => request.body)).toEqual([
      {
        title: 'Prepare the audit',
        description: 'Collect the reports.',
        due_date: '2025-01-05T04:30:00.000Z',
        assigned_to_user_id: rahul.id,
        organization_id: TEST_USER_CLAIMS.organization_id,
        created_by_user_id: TEST_USER_CLAIMS.sub,
        assigner_id: TEST_USER_CLAIMS.sub,
      },
    ]);
    // The new task's page opens (issue 33 item 6), its due date back in Asia/Kolkata.
    const [created] = [...backend.db.tasks.values()];
    await waitFor(() => expect(currentPath()).toBe(`/tasks/${created.id}`));
    expect(await screen.findByRole('heading', { name: 'Task Details' })).toBeInTheDocument();
    expect(await screen.findByText('Prepare the audit')).toBeInTheDocument();
  });

  it('sends no description when none is given (it is optional)', async () => {
    const { user, backend } = setUp();
    await fillIn(user, { title: 'T', dueDate: '2025-02-01T09:00', assignee: 'Priya Sharma' });
    await user.click(submit());
    await screen.findByText('Task created successfully');
    expect(backend.sent('POST', '/tasks/')[0].body).toMatchObject({ description: null });
  });

  it("labels the button 'Creating...' while the task is being saved", async () => {
    const { user } = setUp();
    await fillIn(user, { title: 'T', dueDate: '2025-02-01T09:00', assignee: 'Priya Sharma' });
    const hold = holdRequests('post', '/tasks/');
    server.use(hold.handler);
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    hold.release();
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
  });

  it("shows 'Error creating task: {message}' with the server's message and keeps the form", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user, currentPath } = setUp();
    server.use(
      http.post(apiUrl('/tasks/'), () =>
        HttpResponse.json(
          { message: 'Assigned person is not in your organization', code: 'NOT_FOUND' },
          { status: 404 },
        ),
      ),
    );
    await fillIn(user, { title: 'T', dueDate: '2025-02-01T09:00', assignee: 'Priya Sharma' });
    await user.click(submit());
    expect(
      await screen.findByText('Error creating task: Assigned person is not in your organization'),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/tasks/create');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('T');
  });
});

describe('/tasks/create validation (spec 5)', () => {
  it('requires title, due date and assignee, each message beside its field, and sends nothing', async () => {
    const { user, backend } = setUp();
    await user.click(submit());

    expect(await screen.findByLabelText(/^Title/)).toHaveAccessibleDescription('Title is required');
    expect(screen.getByLabelText(/^Due Date/)).toHaveAccessibleDescription(
      expect.stringContaining('Due date is required'),
    );
    expect(screen.getByLabelText(/^Assigned To/)).toHaveAccessibleDescription(
      'Assigned person is required',
    );
    expect(screen.getByLabelText(/^Description/)).not.toHaveAccessibleDescription();
    expect(backend.sent('POST', '/tasks/')).toHaveLength(0);
  });

  it('does not accept a title of spaces only, and accepts a one-letter title', async () => {
    const { user } = setUp();
    const title = screen.getByLabelText(/^Title/);
    await user.type(title, '   ');
    await user.tab();
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'A');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('Title is required')).toBeNull());
  });

  it('rejects a due date one minute before now', async () => {
    const { user, backend } = setUp();
    await fillIn(user, { title: 'T', dueDate: '2025-01-05T09:59', assignee: 'Priya Sharma' });
    await user.click(submit());
    expect(await screen.findByLabelText(/^Due Date/)).toHaveAccessibleDescription(
      expect.stringContaining('Due date cannot be in the past'),
    );
    expect(backend.sent('POST', '/tasks/')).toHaveLength(0);
  });

  it('accepts a due date in the current minute', async () => {
    const { user, backend } = setUp();
    await fillIn(user, { title: 'T', dueDate: '2025-01-05T10:00', assignee: 'Priya Sharma' });
    await user.click(submit());
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
    expect(backend.sent('POST', '/tasks/')).toHaveLength(1);
    expect(screen.queryByText('Due date cannot be in the past')).not.toBeInTheDocument();
  });
});

describe('/tasks/create for a role that cannot create tasks (issue 33 item 4)', () => {
  it('says so at the top, with every field disabled and no Create Task button', async () => {
    const { backend } = setUp(makeToken({ role: 'employee' }));
    expect(await screen.findByText('Only managers and admins can create tasks.')).toBeVisible();
    for (const label of ['Title', 'Description', 'Due Date', 'Assigned To'])
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create Task' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Tasks' })).toBeVisible();
    expect(backend.sent('POST', '/tasks/')).toHaveLength(0);
  });

  it('a manager gets the form to fill, without the note', async () => {
    setUp(makeToken({ role: 'Manager' }));
    expect(await screen.findByRole('button', { name: 'Create Task' })).toBeEnabled();
    expect(screen.queryByText('Only managers and admins can create tasks.')).toBeNull();
    expect(screen.getByLabelText(/^Title/)).toBeEnabled();
  });
});
