import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import {
  apiUrl,
  failingResource,
  holdRequests,
  makeTask,
  makeToken,
  mockApi,
  setupApiServer,
  tasksBackend,
} from '@duly/shared/test-utils';
import type { Task } from '@duly/shared';
import { renderTasks } from '../../../testing/render';

const server = setupApiServer();

function serve(tasks: Task[]) {
  const backend = tasksBackend(tasks);
  server.use(...backend.handlers);
  return backend;
}

/** The value shown next to a label of the details list. */
function detail(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('/tasks/{taskId} states', () => {
  it('shows a loading text while the task loads', async () => {
    server.use(http.get(apiUrl('/tasks/:id'), () => delay('infinite')));
    renderTasks(`/tasks/${makeTask().id}`);
    expect(await screen.findByText('Loading task...')).toBeInTheDocument();
  });

  it("shows 'Task not found' for an unknown id", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    serve([]);
    renderTasks(`/tasks/${makeTask().id}`);
    expect(await screen.findByText('Task not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Done' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Tasks' })).toHaveAttribute('href', '/tasks');
  });

  it("shows the 'Page not found' page, not 'Task not found', at a sub-path that is no id", async () => {
    const backend = mockApi({ tasks: [] });
    server.use(...backend.handlers('tasks'));
    renderTasks('/tasks/not-a-task');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.queryByText('Task not found')).not.toBeInTheDocument();
    expect(backend.sent('GET', '/tasks/not-a-task/')).toHaveLength(0);
  });

  it('shows an error text when the task cannot be loaded for another reason', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...failingResource('tasks', 500));
    renderTasks(`/tasks/${makeTask().id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading task. Please try again later.',
    );
    expect(screen.queryByText('Task not found')).not.toBeInTheDocument();
  });
});

describe('/tasks/{taskId} details', () => {
  it('shows every field, dates in Asia/Kolkata', async () => {
    const task = makeTask({
      title: 'Prepare the audit',
      description: 'Collect the reports.',
      status: 'overdue',
      // 00:30 on January 6 in Kolkata, still January 5 in UTC.
      due_date: '2025-01-05T19:00:00.000Z',
      created_at: '2024-12-20T06:15:00.000Z',
      updated_at: '2024-12-31T20:00:00.000Z',
    });
    serve([task]);
    renderTasks(`/tasks/${task.id}`);

    expect(await screen.findByRole('heading', { name: 'Prepare the audit' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Task Details' })).toBeInTheDocument();
    expect(detail('Status')).toBe('Overdue');
    expect(screen.getByText('Overdue')).toHaveAttribute('data-color', 'red');
    expect(detail('Due Date')).toBe('January 6, 2025');
    expect(detail('Assigned To')).toBe('Priya Sharma');
    expect(detail('Description')).toBe('Collect the reports.');
    expect(detail('Created At')).toBe('Dec 20, 2024 11:45');
    expect(detail('Last Updated')).toBe('Jan 1, 2025 01:30');
  });

  it("shows 'Unassigned' when nobody is assigned", async () => {
    const task = makeTask({ assigned_to_user_id: null, assigned_to: undefined });
    serve([task]);
    renderTasks(`/tasks/${task.id}`);
    await screen.findByRole('heading', { name: task.title });
    expect(detail('Assigned To')).toBe('Unassigned');
  });

  it("links 'Edit Task' to the edit form", async () => {
    const task = makeTask();
    serve([task]);
    renderTasks(`/tasks/${task.id}`);
    expect(await screen.findByRole('link', { name: 'Edit Task' })).toHaveAttribute(
      'href',
      `/tasks/${task.id}/edit`,
    );
  });

  it("hides 'Mark as Done' once the task is completed", async () => {
    const task = makeTask({ status: 'completed' });
    serve([task]);
    renderTasks(`/tasks/${task.id}`);
    await screen.findByRole('heading', { name: task.title });
    expect(screen.queryByRole('button', { name: 'Mark as Done' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Task' })).toBeInTheDocument();
  });
});

describe('Mark as Done', () => {
  it('asks for confirmation and does nothing when cancelled', async () => {
    const task = makeTask({ status: 'in_progress' });
    const backend = serve([task]);
    const { user } = renderTasks(`/tasks/${task.id}`);

    await user.click(await screen.findByRole('button', { name: 'Mark as Done' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to mark this task as completed?');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.sent('PATCH', `/tasks/${task.id}`)).toHaveLength(0);
    expect(detail('Status')).toBe('In Progress');
  });

  it('closes the confirmation on Escape without completing the task', async () => {
    const task = makeTask();
    const backend = serve([task]);
    const { user } = renderTasks(`/tasks/${task.id}`);
    await user.click(await screen.findByRole('button', { name: 'Mark as Done' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.sent('PATCH', `/tasks/${task.id}`)).toHaveLength(0);
  });

  it("completes the task after confirmation, showing 'Marking as Done...' meanwhile, then the new status", async () => {
    const task = makeTask({ status: 'pending' });
    const backend = serve([task]);
    const { user } = renderTasks(`/tasks/${task.id}`);
    await user.click(await screen.findByRole('button', { name: 'Mark as Done' }));

    const hold = holdRequests('patch', '/tasks/:id');
    server.use(hold.handler);
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as Done' }),
    );

    const pending = await screen.findByRole('button', { name: 'Marking as Done...' });
    expect(pending).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    hold.release();
    // Issue 33: a toast confirms it.
    expect(await screen.findByText('Task marked as done')).toBeInTheDocument();
    await waitFor(() => expect(detail('Status')).toBe('Completed'));
    expect(screen.queryByRole('button', { name: /Mark(ing)? as Done/ })).not.toBeInTheDocument();
    expect(backend.sent('PATCH', `/tasks/${task.id}`).map((request) => request.body)).toEqual([
      { status: 'completed' },
    ]);
    // The page shows what the server now holds: the task was fetched again.
    expect(backend.sent('GET', `/tasks/${task.id}`)).toHaveLength(2);
  });

  it('tells the user when the task could not be completed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const task = makeTask({ status: 'pending' });
    serve([task]);
    const { user } = renderTasks(`/tasks/${task.id}`);
    await user.click(await screen.findByRole('button', { name: 'Mark as Done' }));
    server.use(...failingResource('tasks', 500).slice(4));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as Done' }),
    );

    expect(await screen.findByText('Failed to update task')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Mark as Done' })).toBeEnabled();
    expect(detail('Status')).toBe('Pending');
  });
});

describe('the roles (ARCHITECTURE 6)', () => {
  it("offers an employee 'Mark as Done' on their task but not 'Edit Task'", async () => {
    const task = makeTask({ status: 'pending' });
    const backend = serve([task]);
    const { user } = renderTasks(`/tasks/${task.id}`, makeToken({ role: 'employee' }));

    await user.click(await screen.findByRole('button', { name: 'Mark as Done' }));
    expect(screen.queryByRole('link', { name: 'Edit Task' })).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as Done' }),
    );
    await waitFor(() => expect(detail('Status')).toBe('Completed'));
    expect(backend.sent('PATCH', `/tasks/${task.id}`)).toHaveLength(1);
  });

  it.each(['manager', 'Admin'])("offers a %s 'Edit Task'", async (role) => {
    const task = makeTask();
    serve([task]);
    renderTasks(`/tasks/${task.id}`, makeToken({ role }));
    expect(await screen.findByRole('link', { name: 'Edit Task' })).toBeInTheDocument();
  });
});
