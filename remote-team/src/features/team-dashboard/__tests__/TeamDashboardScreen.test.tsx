import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  apiUrl,
  makeEmployee,
  makeManagerCertificateItem,
  makeManagerTaskItem,
  mockApi,
  priya,
  rahul,
  setupApiServer,
  TEST_USER_CLAIMS,
} from '@duly/shared/test-utils';
import type { Certificate, Employee, Task } from '@duly/shared';
import { renderTeam } from '../../../testing/render';

const server = setupApiServer();

/** The team's compliance line (issue 28): no certificate types, so nothing is required. */
const noRequiredCertificates = http.get(apiUrl('/compliance'), () =>
  HttpResponse.json({
    types: [],
    rows: [],
    totals: { by_type: [], organization_percent: 100, gaps: 0 },
  }),
);

function serve(data: { tasks?: Task[]; certificates?: Certificate[]; employees?: Employee[] }) {
  const api = mockApi({ employees: [priya, rahul], ...data });
  server.use(...api.handlers('manager', 'dashboard'), noRequiredCertificates);
  return api;
}

function table(name: string): HTMLElement {
  return screen.getByRole('table', { name });
}

function rowOf(name: string): HTMLElement {
  return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
}

/** The badge's colour, as StatusBadge exposes it. */
function badgeColor(row: HTMLElement, label: string): string | null {
  return within(row).getByText(label).closest('[data-color]')?.getAttribute('data-color') ?? null;
}

describe('/tasks/dashboard', () => {
  it("shows 'Team Dashboard' with Team Members, Team Tasks and Team Certificates", async () => {
    serve({
      tasks: [
        makeManagerTaskItem({
          title: 'Audit access badges',
          due_date: '2025-01-04T19:00:00.000Z', // Jan 05, 00:30 in Kolkata
          status: 'in_progress',
        }),
        makeManagerTaskItem({
          title: 'Book the fire drill',
          assigned_to_user_id: null,
          assigned_to: undefined,
        }),
      ],
      certificates: [
        makeManagerCertificateItem({ name: 'Trade License', expiry_date: '2025-03-09' }),
        makeManagerCertificateItem({
          name: 'Forklift Operator License',
          incharge_person_id: null,
          assigned_to: undefined,
        }),
      ],
    });
    renderTeam('/tasks/dashboard');

    expect(screen.getByRole('heading', { level: 1, name: 'Team Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Team Members' })).toBeInTheDocument();
    expect(within(table('Team Members')).getByRole('cell', { name: priya.email })).toBeVisible();
    expect(
      within(table('Team Members'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Open Tasks', 'Overdue', 'Expiring']);

    await screen.findByRole('table', { name: 'Team Tasks' });
    expect(
      within(table('Team Tasks'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Task', 'Assignee', 'Due Date', 'Status', 'Actions']);
    const audit = rowOf('Audit access badges');
    expect(within(audit).getByRole('cell', { name: 'Priya Sharma' })).toBeVisible();
    expect(within(audit).getByRole('cell', { name: 'Jan 05, 2025' })).toBeVisible();
    expect(within(rowOf('Book the fire drill')).getByText('Unassigned')).toBeVisible();

    await screen.findByRole('table', { name: 'Team Certificates' });
    expect(
      within(table('Team Certificates'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Certificate', 'Employee', 'Expiry Date', 'Status', 'Actions']);
    expect(
      within(rowOf('Trade License')).getByRole('cell', { name: 'Mar 09, 2025' }),
    ).toBeVisible();
    expect(within(rowOf('Forklift Operator License')).getByText('Unassigned')).toBeVisible();
  });

  it("shows the team's compliance under the summary, its gaps linked to the matrix of the team's gaps (issue 28)", async () => {
    serve({});
    let asked: URLSearchParams | undefined;
    server.use(
      http.get(apiUrl('/compliance'), ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json({
          types: [],
          rows: [],
          totals: { by_type: [], organization_percent: 75, gaps: 1 },
        });
      }),
    );
    renderTeam('/tasks/dashboard');
    const line = await screen.findByTestId('team-compliance');
    expect(line).toHaveTextContent('Team compliance: 75% · 1 gap');
    const me = TEST_USER_CLAIMS.sub;
    expect(within(line).getByRole('link', { name: '1 gap' })).toHaveAttribute(
      'href',
      `/compliance?gaps_only=true&team_of=${me}`,
    );
    expect(asked?.get('team_of')).toBe(me);
    expect(asked?.get('limit')).toBe('1');
    // The spec's sections stay as they were.
    expect(await screen.findByRole('table', { name: 'Team Members' })).toBeInTheDocument();
  });

  it('asks for the compliance figure only once the first frame is painted, its place kept until then (issue 32)', async () => {
    serve({ tasks: [makeManagerTaskItem({ title: 'Audit access badges' })] });
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    let asked = 0;
    server.use(
      http.get(apiUrl('/compliance'), () => {
        asked += 1;
        return HttpResponse.json({
          types: [],
          rows: [],
          totals: { by_type: [], organization_percent: 75, gaps: 1 },
        });
      }),
    );
    try {
      renderTeam('/tasks/dashboard');
      // Well within PAINT_TIMEOUT_MS, past the time the request took when the screen asked it.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(asked).toBe(0);
      await screen.findByRole('cell', { name: 'Audit access badges' });
      expect(screen.getByTestId('team-compliance-pending')).toBeInTheDocument();
      act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
      expect(await screen.findByTestId('team-compliance')).toHaveTextContent(
        'Team compliance: 75% · 1 gap',
      );
      expect(asked).toBe(1);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it("keeps the compliance line's place while its figure is on its way, so the tables do not move when it arrives (issue 32)", async () => {
    serve({});
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl('/compliance'), async () => {
        await answered;
        return HttpResponse.json({
          types: [],
          rows: [],
          totals: { by_type: [], organization_percent: 75, gaps: 1 },
        });
      }),
    );
    renderTeam('/tasks/dashboard');
    expect(await screen.findByRole('table', { name: 'Team Members' })).toBeInTheDocument();
    // A line's height, empty and out of the accessibility tree, above the tables.
    const pending = screen.getByTestId('team-compliance-pending');
    expect(pending).toHaveAttribute('aria-hidden', 'true');
    expect(pending).not.toBeVisible();
    expect(screen.queryByText(/Team compliance/)).not.toBeInTheDocument();

    answer?.();
    expect(await screen.findByTestId('team-compliance')).toHaveTextContent(
      'Team compliance: 75% · 1 gap',
    );
    expect(screen.queryByTestId('team-compliance-pending')).not.toBeInTheDocument();
  });

  it('keeps no empty place for a compliance line that cannot be read', async () => {
    serve({});
    server.use(http.get(apiUrl('/compliance'), () => new HttpResponse(null, { status: 500 })));
    renderTeam('/tasks/dashboard');
    expect(await screen.findByRole('table', { name: 'Team Members' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByTestId('team-compliance-pending')).not.toBeInTheDocument(),
    );
    expect(screen.queryByTestId('team-compliance')).not.toBeInTheDocument();
  });

  it('opens with the team summary line and counts each person’s open, overdue and expiring work', async () => {
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    serve({
      tasks: [
        makeManagerTaskItem({ title: 'Late one', status: 'overdue' }),
        makeManagerTaskItem({ title: 'Open one', due_date: '2999-01-01T00:00:00.000Z' }),
        makeManagerTaskItem({ title: 'Done one', status: 'completed' }),
      ],
      certificates: [
        makeManagerCertificateItem({ expiry_date: inTenDays, reminder_days_before: 30 }),
        makeManagerCertificateItem({ expiry_date: '2999-01-01', reminder_days_before: 30 }),
      ],
    });
    renderTeam('/tasks/dashboard');

    const summary = await screen.findByTestId('team-summary');
    expect(summary).toHaveTextContent('Your team: 1 overdue task · 1 certificate expiring');
    expect(within(summary).getByRole('link', { name: '1 overdue task' })).toHaveAttribute(
      'href',
      '/tasks?status=overdue',
    );
    expect(within(summary).getByRole('link', { name: '1 certificate expiring' })).toHaveAttribute(
      'href',
      '/certificates?in_reminder_window=true',
    );

    await within(await screen.findByRole('table', { name: 'Team Members' })).findByRole('cell', {
      name: priya.email,
    });
    const cells = within(rowOf(priya.email))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(2)).toEqual(['2', '1', '1']);
    const rahulCells = within(rowOf(rahul.email))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(rahulCells.slice(2)).toEqual(['0', '0', '0']);
  });

  it('colours statuses in the manager palette: completed green, overdue red, others orange', async () => {
    const statuses = ['completed', 'overdue', 'pending', 'in_progress', 'escalated'] as const;
    serve({
      tasks: statuses.map((status) => makeManagerTaskItem({ title: `Task ${status}`, status })),
      certificates: (['active', 'expired', 'renewed', 'escalated'] as const).map((status) =>
        makeManagerCertificateItem({ name: `Certificate ${status}`, status }),
      ),
    });
    renderTeam('/tasks/dashboard');

    await screen.findByRole('cell', { name: 'Task completed' });
    expect(badgeColor(rowOf('Task completed'), 'Completed')).toBe('green');
    expect(badgeColor(rowOf('Task overdue'), 'Overdue')).toBe('red');
    expect(badgeColor(rowOf('Task pending'), 'Pending')).toBe('orange');
    expect(badgeColor(rowOf('Task in_progress'), 'In Progress')).toBe('orange');
    expect(badgeColor(rowOf('Task escalated'), 'Escalated')).toBe('orange');

    await screen.findByRole('cell', { name: 'Certificate active' });
    expect(badgeColor(rowOf('Certificate active'), 'Active')).toBe('green');
    expect(badgeColor(rowOf('Certificate expired'), 'Expired')).toBe('red');
    expect(badgeColor(rowOf('Certificate renewed'), 'Renewed')).toBe('blue');
    expect(badgeColor(rowOf('Certificate escalated'), 'Escalated')).toBe('orange');
  });

  it('asks for the most urgent first, ten at a time, and pages through the rest', async () => {
    const tasks = Array.from({ length: 12 }, (_, index) =>
      makeManagerTaskItem({
        title: `Task ${String(index + 1).padStart(2, '0')}`,
        status: index === 0 ? 'completed' : 'pending',
        due_date: `2025-01-${String(index + 1).padStart(2, '0')}T04:30:00.000Z`,
      }),
    );
    const api = serve({ tasks });
    const { user } = renderTeam('/tasks/dashboard');

    await screen.findByRole('cell', { name: 'Task 02' });
    const request = api.sent('GET', '/manager/tasks')[0];
    expect(Object.fromEntries(request.query)).toEqual({
      limit: '10',
      offset: '0',
      sort: 'urgency',
    });
    const certificateLists = api
      .sent('GET', '/manager/certificates')
      .filter((sent) => !sent.query.has('in_reminder_window'));
    expect(Object.fromEntries(certificateLists[0].query)).toEqual({
      limit: '10',
      offset: '0',
      sort: 'expiry_date',
    });
    // The completed task comes last, after every open one.
    const titles = within(table('Team Tasks'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('td')?.textContent);
    expect(titles[0]).toBe('Task 02');
    expect(titles).not.toContain('Task 01');

    const tasksSection = screen.getByRole('region', { name: 'Team Tasks' });
    expect(within(tasksSection).getByText('1–10 of 12')).toBeVisible();
    await user.click(within(tasksSection).getByRole('button', { name: 'Next' }));
    expect(await within(tasksSection).findByRole('cell', { name: 'Task 01' })).toBeVisible();
    expect(within(tasksSection).getByText('11–12 of 12')).toBeVisible();
  });

  it.each([
    ['task', 'Review vendor contracts', '/tasks/'],
    ['certificate', 'Trade License', '/certificates/'],
  ])('a row opens the %s', async (_kind, name, base) => {
    // The task and certificate pages are other remotes': nothing here renders them.
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const task = makeManagerTaskItem({ title: 'Review vendor contracts' });
    const certificate = makeManagerCertificateItem({ name: 'Trade License' });
    serve({ tasks: [task], certificates: [certificate] });
    const { user, currentPath } = renderTeam('/tasks/dashboard');

    await user.click(await screen.findByRole('cell', { name }));
    expect(currentPath()).toBe(`${base}${base === '/tasks/' ? task.id : certificate.id}`);
  });

  it('logs and shows a failed list instead of an empty table', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    serve({});
    server.use(
      http.get(apiUrl('/manager/tasks'), () =>
        HttpResponse.json({ message: 'Boom', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderTeam('/tasks/dashboard');

    const section = screen.getByRole('region', { name: 'Team Tasks' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Error loading tasks. Please try again later.',
    );
    expect(log).toHaveBeenCalledWith('Error fetching tasks', expect.anything());
    expect(await screen.findByRole('cell', { name: priya.email })).toBeVisible();
  });

  it("a failed table's Retry loads it again, the other tables untouched", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    serve({ tasks: [makeManagerTaskItem({ title: 'Fire drill' })] });
    const failing = http.get(apiUrl('/manager/tasks'), () =>
      HttpResponse.json({ message: 'Boom', code: 'INTERNAL' }, { status: 500 }),
    );
    server.use(failing);
    const { user } = renderTeam('/tasks/dashboard');
    const section = screen.getByRole('region', { name: 'Team Tasks' });
    await within(section).findByRole('alert');
    server.resetHandlers();
    serve({ tasks: [makeManagerTaskItem({ title: 'Fire drill' })] });
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('cell', { name: 'Fire drill' })).toBeVisible();
  });

  it('an employee sees the screen without Assign buttons', async () => {
    serve({ tasks: [makeManagerTaskItem({ title: 'Check first-aid kits' })] });
    renderTeam('/tasks/dashboard', 'employee');

    await screen.findByRole('cell', { name: 'Check first-aid kits' });
    expect(screen.queryByRole('button', { name: /^Assign/ })).not.toBeInTheDocument();
    expect(within(table('Team Tasks')).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('says the screen is for managers when the API answers 403', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const forbidden = () =>
      HttpResponse.json({ message: 'Forbidden', code: 'FORBIDDEN' }, { status: 403 });
    server.use(
      http.get(apiUrl('/manager/team'), forbidden),
      http.get(apiUrl('/manager/tasks'), forbidden),
      http.get(apiUrl('/manager/certificates'), forbidden),
    );
    renderTeam('/tasks/dashboard', 'employee');

    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    for (const alert of screen.getAllByRole('alert')) {
      expect(alert).toHaveTextContent('The team dashboard is for managers and admins.');
    }
  });
});

describe('Assign', () => {
  const arjun = makeEmployee({ firstName: 'Arjun', lastName: 'Mehta' });

  it('assigns a task: Assign waits for a choice, success closes and the table shows the assignee', async () => {
    const task = makeManagerTaskItem({
      title: 'Organise fire drill',
      assigned_to_user_id: null,
      assigned_to: undefined,
    });
    const api = serve({ tasks: [task], employees: [priya, arjun] });
    const { user } = renderTeam('/tasks/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Assign Organise fire drill' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Task' });
    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();

    const select = within(dialog).getByRole('combobox', { name: 'Select Employee' });
    await within(dialog).findByRole('option', { name: 'Arjun Mehta' });
    await user.selectOptions(select, 'Arjun Mehta');
    expect(assign).toBeEnabled();
    await user.click(assign);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('POST', '/manager/tasks/assign')[0].body).toEqual({
      task_id: task.id,
      employee_id: arjun.id,
    });
    expect(
      await within(rowOf('Organise fire drill')).findByRole('cell', { name: 'Arjun Mehta' }),
    ).toBeVisible();
  });

  it('assigns a certificate the same way', async () => {
    const certificate = makeManagerCertificateItem({
      name: 'Pollution Control Consent',
      incharge_person_id: null,
      assigned_to: undefined,
    });
    const api = serve({ certificates: [certificate], employees: [priya, arjun] });
    const { user } = renderTeam('/tasks/dashboard');

    await user.click(
      await screen.findByRole('button', { name: 'Assign Pollution Control Consent' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Assign Certificate' });
    await within(dialog).findByRole('option', { name: 'Priya Sharma' });
    await user.selectOptions(within(dialog).getByLabelText('Select Employee'), 'Priya Sharma');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('POST', '/manager/certificates/assign')[0].body).toEqual({
      certificate_id: certificate.id,
      employee_id: priya.id,
    });
    expect(
      await within(rowOf('Pollution Control Consent')).findByRole('cell', {
        name: 'Priya Sharma',
      }),
    ).toBeVisible();
  });

  it('opens with the current assignee chosen, so reassigning starts from who has it', async () => {
    const task = makeManagerTaskItem({
      title: 'Renew trade licence',
      assigned_to_user_id: priya.id,
      assigned_to: { id: priya.id, full_name: 'Priya Sharma' },
    });
    serve({ tasks: [task], employees: [priya, arjun] });
    const { user } = renderTeam('/tasks/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Assign Renew trade licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Task' });
    await within(dialog).findByRole('option', { name: 'Arjun Mehta' });
    expect(within(dialog).getByRole('combobox', { name: 'Select Employee' })).toHaveValue(priya.id);
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeEnabled();
  });

  it('a failure keeps the dialog open, says so inside it and logs the spec text', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    serve({ tasks: [makeManagerTaskItem({ title: 'Renew office lease paperwork' })] });
    server.use(
      http.post(apiUrl('/manager/tasks/assign'), () =>
        HttpResponse.json({ message: 'Employee not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    const { user } = renderTeam('/tasks/dashboard');

    await user.click(
      await screen.findByRole('button', { name: 'Assign Renew office lease paperwork' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Assign Task' });
    await within(dialog).findByRole('option', { name: 'Rahul Verma' });
    await user.selectOptions(within(dialog).getByLabelText('Select Employee'), 'Rahul Verma');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Assignment failed: Employee not found',
    );
    expect(screen.getByRole('dialog', { name: 'Assign Task' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Error assigning task', expect.anything());

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
