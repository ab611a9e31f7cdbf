import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import {
  apiUrl,
  failingResource,
  holdRequests,
  makeTask,
  makeToken,
  mockApi,
  priya,
  rahul,
  setupApiServer,
  tasksBackend,
} from '@duly/shared/test-utils';
import type { Task } from '@duly/shared';
import { renderTasks } from '../../../testing/render';

const server = setupApiServer();

function setUp(task: Task = makeTask(), token?: string) {
  const backend = tasksBackend([task]);
  server.use(...backend.handlers, ...mockApi({ employees: [priya, rahul] }).handlers('employees'));
  return { backend, task, ...renderTasks(`/tasks/${task.id}/edit`, token) };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const save = () => screen.getByRole('button', { name: 'Save Changes' });

/** Waits for the form to be filled from the task and the assignees to be loaded. */
async function formReady() {
  await screen.findByRole('button', { name: 'Save Changes' });
  await waitFor(() => expect(field('Assigned To')).toBeEnabled());
}

describe('/tasks/{taskId}/edit states', () => {
  it('shows a loading text while the task loads', async () => {
    server.use(http.get(apiUrl('/tasks/:id'), () => delay('infinite')));
    renderTasks(`/tasks/${makeTask().id}/edit`);
    expect(await screen.findByRole('heading', { name: 'Edit Task' })).toBeInTheDocument();
    expect(await screen.findByText('Loading task...')).toBeInTheDocument();
  });

  it("shows 'Task not found' for an unknown id", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...tasksBackend([]).handlers);
    renderTasks(`/tasks/${makeTask().id}/edit`);
    expect(await screen.findByText('Task not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it('shows an error text when the task cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...failingResource('tasks', 500));
    renderTasks(`/tasks/${makeTask().id}/edit`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading task. Please try again later.',
    );
  });
});

describe('/tasks/{taskId}/edit form', () => {
  it("starts from the task's values, the due date in Asia/Kolkata", async () => {
    setUp(
      makeTask({
        title: 'Prepare the audit',
        description: 'Collect the reports.',
        due_date: '2025-01-05T04:30:00.000Z',
        status: 'in_progress',
        assigned_to_user_id: rahul.id,
        assigned_to: { id: rahul.id, full_name: rahul.full_name },
      }),
    );
    await formReady();
    expect(field('Title')).toHaveValue('Prepare the audit');
    expect(field('Description')).toHaveValue('Collect the reports.');
    expect(field('Due Date')).toHaveValue('2025-01-05T10:00');
    expect(field('Assigned To')).toHaveValue(rahul.id);
    expect(field('Status')).toHaveValue('in_progress');
  });

  it('offers pending, in progress, completed and overdue, not escalated', async () => {
    setUp();
    await formReady();
    const options = within(field('Status')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Select Status',
      'Pending',
      'In Progress',
      'Completed',
      'Overdue',
    ]);
  });

  it('makes the user choose a status for an escalated task', async () => {
    const { user, backend, task } = setUp(makeTask({ status: 'escalated' }));
    await formReady();
    expect(field('Status')).toHaveValue('');
    await user.click(save());
    expect(await screen.findByText('Status is required')).toBeInTheDocument();
    expect(backend.sent('PUT', `/tasks/${task.id}`)).toHaveLength(0);

    await user.selectOptions(field('Status'), 'Overdue');
    await user.click(save());
    expect(await screen.findByText('Task updated successfully')).toBeInTheDocument();
    expect(backend.sent('PUT', `/tasks/${task.id}`)[0].body).toMatchObject({ status: 'overdue' });
  });

  it('keeps the current assignee selectable when the employee list does not include them', async () => {
    const former = { id: '00000000-0000-4000-8000-0000000000ff', full_name: 'Former Colleague' };
    setUp(makeTask({ assigned_to_user_id: former.id, assigned_to: former }));
    await formReady();
    expect(field('Assigned To')).toHaveValue(former.id);
    expect(
      within(field('Assigned To')).getByRole('option', { name: 'Former Colleague' }),
    ).toBeInTheDocument();
  });

  it('saves every field, the assignee as assigned_to_employee_id and the due date as the ISO instant of the Asia/Kolkata time', async () => {
    const { user, backend, task, currentPath } = setUp(
      makeTask({ status: 'pending', due_date: '2025-03-01T06:30:00.000Z' }),
    );
    await formReady();

    await user.clear(field('Title'));
    await user.type(field('Title'), 'Prepare the annual audit');
    await user.clear(field('Description'));
    await user.type(field('Description'), 'Bring the ledger.');
    await user.clear(field('Due Date'));
    await user.type(field('Due Date'), '2025-01-05T10:00');
    await user.selectOptions(field('Assigned To'), 'Rahul Verma');
    await user.selectOptions(field('Status'), 'In Progress');
    await user.click(save());

    expect(await screen.findByText('Task updated successfully')).toBeInTheDocument();
    expect(backend.sent('PUT', `/tasks/${task.id}`).map((request) => request.body)).toEqual([
      {
        title: 'Prepare the annual audit',
        description: 'Bring the ledger.',
        status: 'in_progress',
        assigned_to_employee_id: rahul.id,
        due_date: '2025-01-05T04:30:00.000Z',
      },
    ]);
    await waitFor(() => expect(currentPath()).toBe(`/tasks/${task.id}`));
    expect(
      await screen.findByRole('heading', { name: 'Prepare the annual audit' }),
    ).toBeInTheDocument();
  });

  it("labels the button 'Saving...' while the changes are being saved", async () => {
    const { user } = setUp();
    await formReady();
    const hold = holdRequests('put', '/tasks/:id');
    server.use(hold.handler);
    await user.click(save());
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    hold.release();
    expect(await screen.findByText('Task updated successfully')).toBeInTheDocument();
  });

  it("shows 'Failed to update task' and keeps the form when saving fails", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user, task, currentPath } = setUp();
    await formReady();
    server.use(...failingResource('tasks', 500).slice(3, 4));
    await user.click(save());
    expect(await screen.findByText('Failed to update task')).toBeInTheDocument();
    expect(currentPath()).toBe(`/tasks/${task.id}/edit`);
    expect(save()).toBeEnabled();
  });

  it('goes back to the task on Cancel without saving', async () => {
    const { user, backend, task, currentPath } = setUp();
    await formReady();
    await user.type(field('Title'), ' changed');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(currentPath()).toBe(`/tasks/${task.id}`);
    expect(backend.sent('PUT', `/tasks/${task.id}`)).toHaveLength(0);
  });
});

describe('/tasks/{taskId}/edit validation (spec 5: every field required)', () => {
  it.each([
    ['Title', 'Title is required'],
    ['Description', 'Description is required'],
    ['Due Date', 'Due date is required'],
  ])('requires %s', async (label, message) => {
    const { user, backend, task } = setUp();
    await formReady();
    await user.clear(field(label));
    await user.click(save());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(backend.sent('PUT', `/tasks/${task.id}`)).toHaveLength(0);
  });

  it('requires an assignee', async () => {
    const { user, backend, task } = setUp();
    await formReady();
    await user.selectOptions(field('Assigned To'), 'Select Employee');
    await user.click(save());
    expect(await screen.findByText('Assigned person is required')).toBeInTheDocument();
    expect(backend.sent('PUT', `/tasks/${task.id}`)).toHaveLength(0);
  });

  it('accepts a due date in the past (only creating forbids it)', async () => {
    const { user, backend, task } = setUp();
    await formReady();
    await user.clear(field('Due Date'));
    await user.type(field('Due Date'), '2020-06-01T08:15');
    await user.click(save());
    expect(await screen.findByText('Task updated successfully')).toBeInTheDocument();
    expect(backend.sent('PUT', `/tasks/${task.id}`)[0].body).toMatchObject({
      due_date: '2020-06-01T02:45:00.000Z',
    });
  });
});

describe("/tasks/{taskId}/edit for an employee's own task (issue 33 item 4)", () => {
  const employeeToken = () => makeToken({ role: 'employee', sub: rahul.id });

  it('says only the status is theirs to change, and offers only that', async () => {
    setUp(makeTask({ status: 'pending', assigned_to_user_id: rahul.id }), employeeToken());
    expect(
      await screen.findByText(
        "Only managers and admins can change a task's details. You can change its status.",
      ),
    ).toBeVisible();
    for (const label of ['Title', 'Description', 'Due Date', 'Assigned To'])
      expect(field(label)).toBeDisabled();
    expect(field('Status')).toBeEnabled();
    const offered = within(field('Status'))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'))
      .filter(Boolean);
    expect(offered).toEqual(['pending', 'in_progress', 'completed']);
  });

  it('saves the status alone with PATCH and opens the task', async () => {
    const { user, backend, task, currentPath } = setUp(
      makeTask({ status: 'pending', assigned_to_user_id: rahul.id, description: '' }),
      employeeToken(),
    );
    await screen.findByRole('button', { name: 'Save Changes' });
    await user.selectOptions(field('Status'), 'in_progress');
    await user.click(save());
    expect(await screen.findByText('Task updated successfully')).toBeInTheDocument();
    expect(backend.sent('PATCH', `/tasks/${task.id}`).map((request) => request.body)).toEqual([
      { status: 'in_progress' },
    ]);
    expect(backend.sent('PUT', `/tasks/${task.id}`)).toHaveLength(0);
    await waitFor(() => expect(currentPath()).toBe(`/tasks/${task.id}`));
  });

  it('an overdue task can only be completed (or left overdue)', async () => {
    setUp(makeTask({ status: 'overdue', assigned_to_user_id: rahul.id }), employeeToken());
    await screen.findByRole('button', { name: 'Save Changes' });
    const offered = within(field('Status'))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'))
      .filter(Boolean);
    expect(offered).toEqual(['completed', 'overdue']);
  });
});
