import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  apiUrl,
  makeMyCertificateItem,
  makeMyTaskItem,
  mockApi,
  pinClock,
  rahul,
  setupApiServer,
  unpinClock,
} from '@duly/shared/test-utils';
import type { Certificate, Task } from '@duly/shared';
import { renderTeam } from '../../../testing/render';

const server = setupApiServer();

function serve(data: { tasks?: Task[]; certificates?: Certificate[] }) {
  const api = mockApi(data);
  server.use(...api.handlers('employee'));
  return api;
}

function rowOf(name: string): HTMLElement {
  return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
}

function cellsOf(name: string): (string | null)[] {
  return within(rowOf(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

afterEach(() => unpinClock());

describe('/employee/dashboard: My Tasks', () => {
  it('shows Task, Deadline Date, Assigner and Status, the assigner by full name, else first and last name, else N/A', async () => {
    serve({
      tasks: [
        makeMyTaskItem({
          title: 'Submit GST filing documents',
          due_date: '2025-01-04T19:00:00.000Z', // Jan 05, 00:30 in Kolkata
          status: 'overdue',
        }),
        makeMyTaskItem({
          title: 'Check first-aid kits',
          due_date: '2025-01-06T04:30:00.000Z',
          assigner: { id: rahul.id, full_name: null, firstName: 'Rahul', lastName: 'Verma' },
        }),
        makeMyTaskItem({
          title: 'Archive old invoices',
          due_date: '2025-01-07T04:30:00.000Z',
          status: 'completed',
          assigner_id: null,
          assigner: undefined,
        }),
      ],
    });
    renderTeam('/employee/dashboard', 'employee');

    expect(screen.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeInTheDocument();
    const tasks = await screen.findByRole('table', { name: 'My Tasks' });
    expect(
      within(tasks)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Task', 'Deadline Date', 'Assigner', 'Status']);
    expect(cellsOf('Submit GST filing documents')).toEqual([
      'Submit GST filing documents',
      'Jan 05, 2025',
      'Rahul Verma',
      'Overdue',
    ]);
    expect(cellsOf('Check first-aid kits')[2]).toBe('Rahul Verma');
    expect(cellsOf('Archive old invoices')[2]).toBe('N/A');
    const color = (name: string, label: string) =>
      within(rowOf(name)).getByText(label).closest('[data-color]')?.getAttribute('data-color');
    expect(color('Submit GST filing documents', 'Overdue')).toBe('red');
    expect(color('Check first-aid kits', 'Pending')).toBe('orange');
    expect(color('Archive old invoices', 'Completed')).toBe('green');
  });

  it('Filter by Status reloads the list: Pending and Done send a status, All sends none', async () => {
    const api = serve({
      tasks: [
        makeMyTaskItem({ title: 'Open task', status: 'in_progress' }),
        makeMyTaskItem({ title: 'Finished task', status: 'completed' }),
      ],
    });
    const { user } = renderTeam('/employee/dashboard', 'employee');
    const section = screen.getByRole('region', { name: 'My Tasks' });
    await within(section).findByRole('cell', { name: 'Finished task' });
    const filter = within(section).getByRole('combobox', { name: 'Filter by Status' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Pending', 'Done']);

    await user.selectOptions(filter, 'Done');
    await waitFor(() =>
      expect(within(section).queryByRole('cell', { name: 'Open task' })).not.toBeInTheDocument(),
    );
    expect(within(section).getByRole('cell', { name: 'Finished task' })).toBeVisible();

    await user.selectOptions(filter, 'Pending');
    expect(await within(section).findByRole('cell', { name: 'Open task' })).toBeVisible();
    expect(within(section).queryByRole('cell', { name: 'Finished task' })).not.toBeInTheDocument();

    await user.selectOptions(filter, 'All');
    expect(await within(section).findByRole('cell', { name: 'Finished task' })).toBeVisible();

    const statuses = api.sent('GET', '/employee/tasks').map(({ query }) => query.get('status'));
    expect(statuses).toEqual([null, 'done', 'pending']);
    expect(api.sent('GET', '/employee/tasks')[0].query.get('sort')).toBe('urgency');
  });

  it('a row opens the task page', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {}); // /tasks/{id} is remote-tasks'
    const task = makeMyTaskItem({ title: 'Plan onboarding for new hires' });
    serve({ tasks: [task] });
    const { user, currentPath } = renderTeam('/employee/dashboard', 'employee');

    await user.click(await screen.findByRole('cell', { name: 'Plan onboarding for new hires' }));
    expect(currentPath()).toBe(`/tasks/${task.id}`);
  });

  it('a failed call shows an error state and logs the spec text', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    serve({ certificates: [makeMyCertificateItem({ name: 'Trade License' })] });
    server.use(
      http.get(apiUrl('/employee/tasks'), () =>
        HttpResponse.json({ message: 'Boom', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderTeam('/employee/dashboard', 'employee');

    const section = screen.getByRole('region', { name: 'My Tasks' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Error loading tasks. Please try again later.',
    );
    expect(log).toHaveBeenCalledWith('Error fetching tasks', expect.anything());
    expect(await screen.findByRole('cell', { name: 'Trade License' })).toBeVisible();
  });
});

describe('/employee/dashboard: My Certificates', () => {
  it('shows Certificate, Expiry Date, Status and Days Until Expiry, rounded up from now', async () => {
    // 23:30 on Jan 9 in Kolkata (18:00 UTC): Jan 10's midnight is half an hour away.
    pinClock('2025-01-09T18:00:00.000Z');
    serve({
      certificates: [
        makeMyCertificateItem({ name: 'Due tomorrow', expiry_date: '2025-01-10' }),
        makeMyCertificateItem({ name: 'Due today', expiry_date: '2025-01-09', status: 'expired' }),
        makeMyCertificateItem({
          name: 'Long gone',
          expiry_date: '2024-12-30',
          status: 'escalated',
        }),
        makeMyCertificateItem({ name: 'Next year', expiry_date: '2026-01-09', status: 'renewed' }),
      ],
    });
    renderTeam('/employee/dashboard', 'employee');

    const table = await screen.findByRole('table', { name: 'My Certificates' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Certificate', 'Expiry Date', 'Status', 'Days Until Expiry']);
    expect(cellsOf('Due tomorrow')).toEqual(['Due tomorrow', 'Jan 10, 2025', 'Active', '1']);
    // Kolkata's Jan 9 midnight passed 23.5 hours ago: -0.98 rounds up to 0; Dec 30's, -10.98 to -10.
    expect(cellsOf('Due today')).toEqual(['Due today', 'Jan 09, 2025', 'Expired', '0']);
    expect(cellsOf('Long gone')).toEqual(['Long gone', 'Dec 30, 2024', 'Escalated', '-10']);
    expect(cellsOf('Next year')[3]).toBe('365');
    const color = (name: string, label: string) =>
      within(rowOf(name)).getByText(label).closest('[data-color]')?.getAttribute('data-color');
    expect(color('Due tomorrow', 'Active')).toBe('green');
    expect(color('Due today', 'Expired')).toBe('red');
    expect(color('Long gone', 'Escalated')).toBe('orange');
    expect(color('Next year', 'Renewed')).toBe('blue');
  });

  it('half an hour later, past Kolkata midnight, the count moves down by one', async () => {
    pinClock('2025-01-09T18:31:00.000Z'); // 00:01 on Jan 10 in Kolkata
    serve({
      certificates: [makeMyCertificateItem({ name: 'Due today', expiry_date: '2025-01-10' })],
    });
    renderTeam('/employee/dashboard', 'employee');
    await screen.findByRole('cell', { name: 'Due today' });
    expect(cellsOf('Due today')[3]).toBe('0');
  });

  it('Filter by Status offers All, Active, Expired, Renewed, Escalated and reloads the list', async () => {
    const api = serve({
      certificates: [
        makeMyCertificateItem({ name: 'Fire Safety Certificate', status: 'active' }),
        makeMyCertificateItem({ name: 'Trade License', status: 'expired' }),
      ],
    });
    const { user } = renderTeam('/employee/dashboard', 'employee');
    const section = screen.getByRole('region', { name: 'My Certificates' });
    await within(section).findByRole('cell', { name: 'Trade License' });
    const filter = within(section).getByRole('combobox', { name: 'Filter by Status' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Active', 'Expired', 'Renewed', 'Escalated']);

    await user.selectOptions(filter, 'Expired');
    await waitFor(() =>
      expect(
        within(section).queryByRole('cell', { name: 'Fire Safety Certificate' }),
      ).not.toBeInTheDocument(),
    );
    await user.selectOptions(filter, 'Renewed');
    expect(await within(section).findByText('No certificates with this status')).toBeVisible();

    const statuses = api
      .sent('GET', '/employee/certificates')
      .map(({ query }) => query.get('status'));
    expect(statuses).toEqual([null, 'expired', 'renewed']);
  });

  it('a row opens the certificate page', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {}); // /certificates/{id} is not ours
    const certificate = makeMyCertificateItem({ name: 'Electrical Safety Inspection' });
    serve({ certificates: [certificate] });
    const { user, currentPath } = renderTeam('/employee/dashboard', 'employee');

    await user.click(await screen.findByRole('cell', { name: 'Electrical Safety Inspection' }));
    expect(currentPath()).toBe(`/certificates/${certificate.id}`);
  });
});
