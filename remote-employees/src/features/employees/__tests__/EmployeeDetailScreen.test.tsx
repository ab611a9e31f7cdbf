import { screen, within } from '@testing-library/react';
import { delay, http } from 'msw';
import {
  apiUrl,
  failingResource,
  makeCertificate,
  makeEmployee,
  makeTask,
  makeToken,
  mockApi,
  pinClock,
  setupApiServer,
  TEST_USER_CLAIMS,
  unpinClock,
} from '@duly/shared/test-utils';
import type { Certificate, Employee, Task } from '@duly/shared';
import { renderEmployees } from '../../../testing/render';

const server = setupApiServer();

// 2025-03-10 12:00 in Asia/Kolkata.
const NOW = '2025-03-10T06:30:00.000Z';
beforeEach(() => pinClock(NOW));
afterEach(() => unpinClock());

const meera = makeEmployee({
  firstName: 'Meera',
  lastName: 'Iyer',
  email: 'meera@example.com',
  phone: '+91 98765 43210',
  department: 'Design',
  role: 'manager',
  status: 'on_leave',
});
const other = makeEmployee({ firstName: 'Arjun', lastName: 'Nair' });

function serve(
  data: { employees?: Employee[]; tasks?: Task[]; certificates?: Certificate[] },
  token?: string,
  person: Employee = meera,
) {
  const api = mockApi({ employees: [meera, other], ...data });
  server.use(...api.handlers());
  return { api, ...renderEmployees(`/employees/${person.id}`, token) };
}

const countOf = (label: string) =>
  within(screen.getByRole('list', { name: 'Work summary' }))
    .getByText(label)
    .closest('li')
    ?.textContent?.replace(label, '');

describe('/employees/{id}: a new email waiting for confirmation', () => {
  it('shows the new address beside the one the person still signs in with', async () => {
    const moving = { ...meera, pending_email: 'meera@new.example.com' };
    serve({ employees: [moving, other] });
    expect(await screen.findByText('meera@example.com')).toBeInTheDocument();
    expect(
      screen.getByText('meera@new.example.com (waiting for confirmation)'),
    ).toBeInTheDocument();
    expect(screen.getByText('New email')).toBeInTheDocument();
  });
});

describe('/employees/{id} states', () => {
  it('shows a loading text while the person loads', async () => {
    server.use(http.get(apiUrl('/employees/:id'), () => delay('infinite')));
    renderEmployees(`/employees/${meera.id}`);
    expect(await screen.findByText('Loading employee...')).toBeInTheDocument();
  });

  it("says 'Employee not found' for an unknown id", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...mockApi({ employees: [] }).handlers());
    renderEmployees(`/employees/${meera.id}`);
    expect(await screen.findByText('Employee not found')).toBeInTheDocument();
  });

  it.each(['/employees/new', '/employees/new/edit'])(
    "shows the 'Page not found' page at %s, not 'Employee not found'",
    async (route) => {
      server.use(...mockApi({ employees: [] }).handlers());
      renderEmployees(route);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
      expect(screen.queryByText('Employee not found')).not.toBeInTheDocument();
    },
  );

  it("says 'Failed to fetch user data' when the person cannot be loaded", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...failingResource('employees', 500));
    renderEmployees(`/employees/${meera.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch user data');
  });

  it('says so when the work cannot be loaded, keeping the details', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...mockApi({ employees: [meera] }).handlers('employees'));
    server.use(...failingResource('tasks', 500));
    renderEmployees(`/employees/${meera.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Failed to fetch this person's tasks and certificates",
    );
    expect(screen.getByText('meera@example.com')).toBeInTheDocument();
  });
});

describe('/employees/{id}: the person', () => {
  it('shows name, email, phone, department, role and status', async () => {
    serve({});
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Meera Iyer' }),
    ).toBeInTheDocument();
    const details = screen.getByText('meera@example.com').closest('dl') as HTMLElement;
    const text = details.textContent;
    expect(text).toContain('Emailmeera@example.com');
    expect(text).toContain('Phone Number+91 98765 43210');
    expect(text).toContain('DepartmentDesign');
    expect(text).toContain('RoleManager');
    expect(within(details).getByText('On Leave')).toHaveAttribute('data-color', 'yellow');
  });

  it("links 'Edit Employee' to /employees/{id}/edit", async () => {
    const { user, currentPath } = serve({});
    await user.click(await screen.findByRole('link', { name: 'Edit Employee' }));
    expect(currentPath()).toBe(`/employees/${meera.id}/edit`);
    expect(await screen.findByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
  });

  it("does not offer 'Edit Employee' to an employee", async () => {
    serve({}, makeToken({ role: 'employee' }));
    await screen.findByRole('heading', { level: 1, name: 'Meera Iyer' });
    expect(screen.queryByRole('link', { name: 'Edit Employee' })).not.toBeInTheDocument();
  });

  it("does not offer a manager 'Edit Employee' for an admin", async () => {
    const admin = makeEmployee({ firstName: 'Asha', lastName: 'Rao', role: 'admin' });
    serve({ employees: [admin] }, makeToken({ role: 'manager' }), admin);
    await screen.findByRole('heading', { level: 1, name: 'Asha Rao' });
    expect(screen.queryByRole('link', { name: 'Edit Employee' })).not.toBeInTheDocument();
  });
});

describe('/employees/{id}: their work', () => {
  const tasks = () => [
    makeTask({
      title: 'Prepare the audit',
      status: 'in_progress',
      due_date: '2025-03-20T04:30:00.000Z',
      assigned_to_user_id: meera.id,
    }),
    makeTask({
      title: 'File the returns',
      status: 'pending',
      // Past due but not yet marked overdue: counted overdue, like the dashboard does.
      due_date: '2025-03-01T04:30:00.000Z',
      assigned_to_user_id: meera.id,
    }),
    makeTask({
      title: 'Old report',
      status: 'completed',
      due_date: '2025-02-01T04:30:00.000Z',
      assigned_to_user_id: meera.id,
    }),
    makeTask({ title: "Arjun's task", assigned_to_user_id: other.id }),
  ];
  const certificates = () => [
    makeCertificate({
      name: 'Fire Safety',
      status: 'active',
      expiry_date: '2025-03-15',
      reminder_days_before: 7,
      incharge_person_id: meera.id,
    }),
    makeCertificate({
      name: 'ISO 9001',
      status: 'active',
      expiry_date: '2025-12-31',
      reminder_days_before: 30,
      incharge_person_id: meera.id,
    }),
    makeCertificate({
      name: 'Old Licence',
      status: 'expired',
      expiry_date: '2025-03-12',
      reminder_days_before: 30,
      incharge_person_id: meera.id,
    }),
    makeCertificate({ name: "Arjun's certificate", incharge_person_id: other.id }),
  ];

  it('asks only for the tasks assigned to them and the certificates they are in charge of', async () => {
    const { api } = serve({ tasks: tasks(), certificates: certificates() });
    await screen.findByRole('table', { name: 'Assigned Tasks' });
    expect(Object.fromEntries(api.sent('GET', '/tasks/')[0].query)).toEqual({
      assigned_to_user_id: meera.id,
      limit: '200',
    });
    expect(Object.fromEntries(api.sent('GET', '/certificates/')[0].query)).toEqual({
      incharge_person_id: meera.id,
      limit: '200',
    });
    expect(screen.queryByText("Arjun's task")).not.toBeInTheDocument();
    expect(screen.queryByText("Arjun's certificate")).not.toBeInTheDocument();
  });

  it('lists their tasks with status badges, due dates in Asia/Kolkata and links to /tasks/{id}', async () => {
    const work = tasks();
    serve({ tasks: work });
    const table = await screen.findByRole('table', { name: 'Assigned Tasks' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Old report', 'Completed', 'Feb 1, 2025 10:00'],
      ['File the returns', 'Pending', 'Mar 1, 2025 10:00Overdue'],
      ['Prepare the audit', 'In Progress', 'Mar 20, 2025 10:00'],
    ]);
    expect(within(table).getByText('In Progress')).toHaveAttribute('data-color', 'blue');
    expect(within(table).getByRole('link', { name: 'Prepare the audit' })).toHaveAttribute(
      'href',
      `/tasks/${work[0].id}`,
    );
  });

  it('lists their certificates with status badges, expiry dates and links to /certificates/{id}', async () => {
    const work = certificates();
    serve({ certificates: work });
    const table = await screen.findByRole('table', { name: 'Certificates in Charge' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Old Licence', 'Expired', 'Mar 12, 2025'],
      ['Fire Safety', 'Active', 'Mar 15, 2025Expires in 5 days'],
      ['ISO 9001', 'Active', 'Dec 31, 2025'],
    ]);
    expect(within(table).getByText('Expired')).toHaveAttribute('data-color', 'red');
    expect(within(table).getByRole('link', { name: 'Fire Safety' })).toHaveAttribute(
      'href',
      `/certificates/${work[0].id}`,
    );
  });

  it('counts open and overdue tasks and expiring certificates', async () => {
    serve({ tasks: tasks(), certificates: certificates() });
    await screen.findByRole('table', { name: 'Assigned Tasks' });
    expect(countOf('Open tasks')).toBe('2');
    expect(countOf('Overdue tasks')).toBe('1');
    expect(countOf('Expiring certificates')).toBe('1');
  });

  it('says so when they have no tasks or certificates', async () => {
    serve({});
    expect(await screen.findByText('No tasks assigned')).toBeInTheDocument();
    expect(screen.getByText('Not in charge of any certificate')).toBeInTheDocument();
    expect(countOf('Open tasks')).toBe('0');
  });

  it('says when only part of a long list is shown', async () => {
    const many = Array.from({ length: 201 }, (_, index) =>
      makeTask({ title: `Task ${index}`, assigned_to_user_id: meera.id }),
    );
    serve({ tasks: many });
    expect(
      await screen.findByText(
        'Showing the first 200 of 201 tasks; the counts above cover those shown.',
      ),
    ).toBeInTheDocument();
  });

  it("does not show an employee a colleague's work (the API gives them only their own)", async () => {
    const { api } = serve({ tasks: tasks() }, makeToken({ role: 'employee' }));
    expect(
      await screen.findByText(
        "Only managers and admins can see a colleague's tasks and certificates.",
      ),
    ).toBeInTheDocument();
    expect(api.sent('GET', '/tasks/')).toHaveLength(0);
  });

  it('shows an employee their own work', async () => {
    const me = makeEmployee({ id: TEST_USER_CLAIMS.sub, firstName: 'Asha', lastName: 'Rao' });
    serve(
      {
        employees: [me],
        tasks: [makeTask({ title: 'My task', assigned_to_user_id: me.id })],
      },
      makeToken({ role: 'employee' }),
      me,
    );
    expect(await screen.findByRole('link', { name: 'My task' })).toBeInTheDocument();
  });
});
