import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import {
  apiUrl,
  failingResource,
  holdRequests,
  makeTask,
  makeToken,
  mockApi,
  rahul,
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

function rowOf(title: string): HTMLElement {
  return screen.getByRole('cell', { name: title }).closest('tr') as HTMLElement;
}

const manyTasks = (count: number) =>
  Array.from({ length: count }, (_, index) => makeTask({ title: `Task ${index + 1}` }));

describe('/tasks states', () => {
  it("shows 'Loading tasks...' until the list arrives", async () => {
    server.use(http.get(apiUrl('/tasks/'), () => delay('infinite')));
    renderTasks('/tasks');
    expect(await screen.findByText('Loading tasks...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error text when the list cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...failingResource('tasks', 500));
    renderTasks('/tasks');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading tasks. Please try again later.',
    );
    expect(screen.queryByText('Loading tasks...')).not.toBeInTheDocument();
  });

  it("says 'No tasks found' when there are none", async () => {
    serve([]);
    renderTasks('/tasks');
    expect(await screen.findByText('No tasks found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when no task has the chosen status', async () => {
    serve([makeTask({ status: 'pending' })]);
    renderTasks('/tasks?status=escalated');
    expect(await screen.findByText('No tasks with this status')).toBeInTheDocument();
  });
});

describe('/tasks table', () => {
  it('shows title, status, due date in Asia/Kolkata and assignee for each task', async () => {
    serve([
      makeTask({ title: 'Prepare the audit', due_date: '2025-01-05T04:30:00.000Z' }),
      makeTask({
        title: 'File the returns',
        status: 'in_progress',
        due_date: '2025-03-31T18:29:00.000Z',
        assigned_to_user_id: rahul.id,
        assigned_to: { id: rahul.id, full_name: null, firstName: 'Rahul', lastName: 'Verma' },
      }),
    ]);
    renderTasks('/tasks');

    const headers = await screen.findAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Title',
      'Status',
      'Due Date',
      'Assigned To',
      'Actions',
    ]);
    expect(
      within(rowOf('Prepare the audit'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Prepare the audit', 'Pending', 'Jan 5, 2025 10:00', 'Priya Sharma', 'Edit']);
    expect(
      within(rowOf('File the returns'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['File the returns', 'In Progress', 'Mar 31, 2025 23:59', 'Rahul Verma', 'Edit']);
  });

  it('keeps status, due date, assignee and Edit on one line; only the title wraps', async () => {
    serve([makeTask({ title: 'Prepare the audit', due_date: '2025-12-21T12:00:00.000Z' })]);
    renderTasks('/tasks');
    await screen.findByRole('cell', { name: 'Prepare the audit' });
    const cells = within(rowOf('Prepare the audit')).getAllByRole('cell');
    const [title, ...oneLine] = cells;
    expect(title).not.toHaveStyle({ whiteSpace: 'nowrap' });
    for (const cell of oneLine) expect(cell).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it("shows 'Unassigned' for a task nobody is assigned to", async () => {
    serve([makeTask({ title: 'Nobody yet', assigned_to_user_id: null, assigned_to: undefined })]);
    renderTasks('/tasks');
    expect(await screen.findByRole('cell', { name: 'Unassigned' })).toBeInTheDocument();
  });

  it.each([
    ['completed', 'Completed', 'green'],
    ['overdue', 'Overdue', 'red'],
    ['in_progress', 'In Progress', 'blue'],
    ['escalated', 'Escalated', 'purple'],
    ['pending', 'Pending', 'yellow'],
    ['archived', 'Unknown', 'yellow'],
  ])('shows status %s as a %s badge in %s', async (status, label, color) => {
    serve([makeTask({ title: 'Coloured', status: status as Task['status'] })]);
    renderTasks('/tasks');
    await screen.findByRole('cell', { name: 'Coloured' });
    const badge = within(rowOf('Coloured')).getByText(label);
    expect(badge).toHaveAttribute('data-color', color);
  });

  it("links 'New Task' to /tasks/create", async () => {
    serve([]);
    server.use(...mockApi({ employees: [rahul] }).handlers('employees'));
    const { user, currentPath } = renderTasks('/tasks');
    await user.click(await screen.findByRole('link', { name: 'New Task' }));
    expect(currentPath()).toBe('/tasks/create');
    expect(await screen.findByRole('heading', { name: 'Create New Task' })).toBeInTheDocument();
  });

  it('opens the task when its row is clicked', async () => {
    const task = makeTask({ title: 'Prepare the audit' });
    serve([task]);
    const { user, currentPath } = renderTasks('/tasks');
    await user.click(await screen.findByRole('cell', { name: 'Prepare the audit' }));
    expect(currentPath()).toBe(`/tasks/${task.id}`);
    expect(await screen.findByRole('heading', { name: 'Task Details' })).toBeInTheDocument();
  });

  it('opens the task from the keyboard', async () => {
    const task = makeTask({ title: 'Prepare the audit' });
    serve([task]);
    const { user, currentPath } = renderTasks('/tasks');
    await screen.findByRole('cell', { name: 'Prepare the audit' });
    rowOf('Prepare the audit').focus();
    await user.keyboard('{Enter}');
    expect(currentPath()).toBe(`/tasks/${task.id}`);
  });

  it("goes to the edit form from a row's Edit button, not to the detail page", async () => {
    const task = makeTask({ title: 'Prepare the audit' });
    serve([task]);
    const { user, currentPath } = renderTasks('/tasks');
    await user.click(await screen.findByRole('link', { name: 'Edit Prepare the audit' }));
    expect(currentPath()).toBe(`/tasks/${task.id}/edit`);
  });
});

describe('/tasks pagination and filter in the URL', () => {
  it('asks for 50 tasks a page and moves between pages through ?page=', async () => {
    const backend = serve(manyTasks(120));
    const { user, currentPath } = renderTasks('/tasks');

    expect(await screen.findByText('1–50 of 120')).toBeInTheDocument();
    expect(Object.fromEntries(backend.sent('GET', '/tasks/')[0].query)).toEqual({
      limit: '50',
      offset: '0',
    });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentPath()).toBe('/tasks?page=2');
    expect(await screen.findByText('51–100 of 120')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Task 51' })).toBeInTheDocument();
    expect(backend.sent('GET', '/tasks/').at(-1)?.query.get('offset')).toBe('50');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('101–120 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(currentPath()).toBe('/tasks?page=2');
    expect(await screen.findByText('51–100 of 120')).toBeInTheDocument();
  });

  it('shows no pagination when every task fits on one page', async () => {
    serve(manyTasks(50));
    renderTasks('/tasks');
    await screen.findByRole('cell', { name: 'Task 50' });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('restores page and filter from a shared link', async () => {
    const backend = serve([
      ...manyTasks(60).map((task) => ({ ...task, status: 'overdue' as const })),
      makeTask({ title: 'Not overdue', status: 'pending' }),
    ]);
    renderTasks('/tasks?status=overdue&page=2');

    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(Object.fromEntries(backend.sent('GET', '/tasks/')[0].query)).toEqual({
      limit: '50',
      offset: '50',
      status: 'overdue',
    });
    expect(screen.getByLabelText('Filter by Status')).toHaveValue('overdue');
    expect(screen.queryByRole('cell', { name: 'Not overdue' })).not.toBeInTheDocument();
  });

  it('filters by status, starting again at page 1, and clears the filter', async () => {
    serve([...manyTasks(60), makeTask({ title: 'Done already', status: 'completed' })]);
    const { user, currentPath } = renderTasks('/tasks?page=2');
    await screen.findByText('51–61 of 61');

    await user.selectOptions(screen.getByLabelText('Filter by Status'), 'Completed');
    expect(currentPath()).toBe('/tasks?status=completed');
    expect(await screen.findByRole('cell', { name: 'Done already' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Task 1' })).toBeNull());

    await user.selectOptions(screen.getByLabelText('Filter by Status'), 'All statuses');
    expect(currentPath()).toBe('/tasks');
    expect(await screen.findByRole('cell', { name: 'Task 1' })).toBeInTheDocument();
  });

  it('ignores a page or status in the URL that makes no sense', async () => {
    const backend = serve([makeTask({ title: 'Only one' })]);
    renderTasks('/tasks?page=-3&status=bogus');
    expect(await screen.findByRole('cell', { name: 'Only one' })).toBeInTheDocument();
    expect(Object.fromEntries(backend.sent('GET', '/tasks/')[0].query)).toEqual({
      limit: '50',
      offset: '0',
    });
  });

  it('keeps the current rows visible, dimmed, while the next page loads', async () => {
    serve(manyTasks(120));
    const { user } = renderTasks('/tasks');
    await screen.findByText('1–50 of 120');

    const hold = holdRequests('get', '/tasks/');
    server.use(hold.handler);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const results = screen.getByRole('table').closest('[aria-busy]');
    await waitFor(() => expect(results).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('cell', { name: 'Task 1' })).toBeInTheDocument();
    expect(screen.queryByText('Loading tasks...')).not.toBeInTheDocument();

    hold.release();
    expect(await screen.findByRole('cell', { name: 'Task 51' })).toBeInTheDocument();
    expect(results).toHaveAttribute('aria-busy', 'false');
  });
});

describe('/tasks search and sort in the URL', () => {
  const titles = () =>
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

  function serveThree() {
    return serve([
      makeTask({
        title: 'Renew the audit',
        status: 'overdue',
        due_date: '2025-03-01T04:30:00.000Z',
      }),
      makeTask({
        title: 'Book the auditor',
        status: 'pending',
        due_date: '2025-01-01T04:30:00.000Z',
      }),
      makeTask({
        title: 'Clean the store',
        status: 'completed',
        due_date: '2025-02-01T04:30:00.000Z',
      }),
    ]);
  }

  it('lists by due date, soonest first, and says so on the Due Date column', async () => {
    serveThree();
    renderTasks('/tasks');
    await screen.findByRole('cell', { name: 'Book the auditor' });
    expect(titles()).toEqual(['Book the auditor', 'Clean the store', 'Renew the audit']);
    expect(screen.getByRole('columnheader', { name: /Due Date/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('columnheader', { name: /Title/ })).not.toHaveAttribute('aria-sort');
  });

  it('sorts by Title, then the other way round, keeping the order in ?sort=', async () => {
    const backend = serveThree();
    const { user, currentPath } = renderTasks('/tasks');
    await screen.findByRole('cell', { name: 'Book the auditor' });

    await user.click(screen.getByRole('button', { name: /Title/ }));
    expect(currentPath()).toBe('/tasks?sort=title');
    await waitFor(() =>
      expect(titles()).toEqual(['Book the auditor', 'Clean the store', 'Renew the audit']),
    );
    expect(backend.sent('GET', '/tasks/').at(-1)?.query.get('sort')).toBe('title');
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await user.click(screen.getByRole('button', { name: /Title/ }));
    expect(currentPath()).toBe('/tasks?sort=-title');
    await waitFor(() =>
      expect(titles()).toEqual(['Renew the audit', 'Clean the store', 'Book the auditor']),
    );
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /Due Date/ })).not.toHaveAttribute('aria-sort');
  });

  it('sorts by Status and back to the default order without a sort in the URL', async () => {
    const backend = serveThree();
    const { user, currentPath } = renderTasks('/tasks?sort=status');
    await screen.findByRole('cell', { name: 'Book the auditor' });
    expect(titles()).toEqual(['Clean the store', 'Renew the audit', 'Book the auditor']);

    await user.click(screen.getByRole('button', { name: /Due Date/ }));
    expect(currentPath()).toBe('/tasks');
    await waitFor(() =>
      expect(titles()).toEqual(['Book the auditor', 'Clean the store', 'Renew the audit']),
    );
    expect(backend.sent('GET', '/tasks/').at(-1)?.query.has('sort')).toBe(false);
  });

  it('searches by title, from the URL and from the search field', async () => {
    const backend = serveThree();
    const { user, currentPath } = renderTasks('/tasks?q=audit&sort=-due_date');

    await screen.findByRole('cell', { name: 'Renew the audit' });
    expect(titles()).toEqual(['Renew the audit', 'Book the auditor']);
    expect(screen.getByRole('searchbox', { name: 'Search by title' })).toHaveValue('audit');
    expect(Object.fromEntries(backend.sent('GET', '/tasks/')[0].query)).toEqual({
      limit: '50',
      offset: '0',
      q: 'audit',
      sort: '-due_date',
    });

    const search = screen.getByRole('searchbox', { name: 'Search by title' });
    await user.clear(search);
    await user.type(search, 'STORE{Enter}');
    expect(currentPath()).toBe('/tasks?q=STORE&sort=-due_date');
    await waitFor(() => expect(titles()).toEqual(['Clean the store']));

    await user.clear(search);
    await waitFor(() => expect(currentPath()).toBe('/tasks?sort=-due_date'));
    await waitFor(() => expect(titles()).toHaveLength(3));
  });

  it('ignores a sort the list does not offer', async () => {
    const backend = serveThree();
    renderTasks('/tasks?sort=password_hash');
    await screen.findByRole('cell', { name: 'Book the auditor' });
    expect(backend.sent('GET', '/tasks/')[0].query.has('sort')).toBe(false);
  });
});

describe('/tasks for an employee (ARCHITECTURE 6)', () => {
  it("offers neither 'New Task' nor Edit; a row still opens the task", async () => {
    const task = makeTask({ title: 'Prepare the audit' });
    serve([task]);
    const { user, currentPath } = renderTasks('/tasks', makeToken({ role: 'employee' }));
    await screen.findByRole('cell', { name: 'Prepare the audit' });
    expect(screen.queryByRole('link', { name: 'New Task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Title',
      'Status',
      'Due Date',
      'Assigned To',
    ]);
    await user.click(screen.getByRole('cell', { name: 'Prepare the audit' }));
    expect(currentPath()).toBe(`/tasks/${task.id}`);
  });
});
