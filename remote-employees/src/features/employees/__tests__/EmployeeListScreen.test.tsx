import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import {
  apiUrl,
  failingResource,
  makeEmployee,
  makeToken,
  mockApi,
  setupApiServer,
} from '@duly/shared/test-utils';
import type { Employee } from '@duly/shared';
import { renderEmployees } from '../../../testing/render';

const server = setupApiServer();

function serve(employees: Employee[]) {
  const api = mockApi({ employees });
  server.use(...api.handlers('employees'));
  return api;
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

const managerToken = () => makeToken({ role: 'manager' });
const employeeToken = () => makeToken({ role: 'employee' });

describe('/employees states', () => {
  it("is titled 'Users' and shows a loading text until the list arrives", async () => {
    server.use(http.get(apiUrl('/employees/'), () => delay('infinite')));
    renderEmployees('/employees');
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByText('Loading employees...')).toBeInTheDocument();
  });

  it("says 'Failed to fetch employees' when the list cannot be loaded", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...failingResource('employees', 500));
    renderEmployees('/employees');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch employees');
  });

  it("says 'No employees found' when there are none", async () => {
    serve([]);
    renderEmployees('/employees');
    expect(await screen.findByText('No employees found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when nobody matches the search or filters', async () => {
    serve([makeEmployee()]);
    renderEmployees('/employees?q=nobody');
    expect(await screen.findByText('No employees match the search or filters')).toBeInTheDocument();
  });
});

describe('/employees table', () => {
  it('shows Full Name, Email, Phone Number (a dash when empty), Status and Edit', async () => {
    const meera = makeEmployee({
      firstName: 'Meera',
      lastName: 'Iyer',
      email: 'meera@example.com',
      phone: '+91 98765 43210',
    });
    const arjun = makeEmployee({
      firstName: 'Arjun',
      lastName: 'Nair',
      email: 'arjun@example.com',
      phone: null,
      status: 'inactive',
    });
    serve([meera, arjun]);
    renderEmployees('/employees');

    const headers = await screen.findAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Full Name',
      'Email',
      'Phone Number',
      'Status',
      'Edit',
    ]);
    expect(
      within(rowOf('Meera Iyer'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Meera Iyer', 'meera@example.com', '+91 98765 43210', 'Active', 'Edit']);
    expect(
      within(rowOf('Arjun Nair'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Arjun Nair', 'arjun@example.com', '-', 'Inactive', 'Edit']);
  });

  it.each([
    ['active', 'Active', 'green'],
    ['inactive', 'Inactive', 'red'],
    ['on_leave', 'On Leave', 'yellow'],
  ])('shows status %s as a %s badge in %s', async (status, label, color) => {
    serve([
      makeEmployee({ firstName: 'Meera', lastName: 'Iyer', status: status as Employee['status'] }),
    ]);
    renderEmployees('/employees');
    await screen.findByRole('link', { name: 'Meera Iyer' });
    expect(within(rowOf('Meera Iyer')).getByText(label)).toHaveAttribute('data-color', color);
  });

  it('links the name to /users/{id}, which opens the employee page', async () => {
    const meera = makeEmployee({ firstName: 'Meera', lastName: 'Iyer' });
    const api = mockApi({ employees: [meera] });
    server.use(...api.handlers());
    const { user, currentPath } = renderEmployees('/employees');
    const link = await screen.findByRole('link', { name: 'Meera Iyer' });
    expect(link).toHaveAttribute('href', `/users/${meera.id}`);
    await user.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Meera Iyer' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe(`/employees/${meera.id}`);
  });

  it('links Edit to /users/{id}/edit, which opens the edit form', async () => {
    const meera = makeEmployee({ firstName: 'Meera', lastName: 'Iyer' });
    serve([meera]);
    const { user, currentPath } = renderEmployees('/employees');
    const edit = await screen.findByRole('link', { name: 'Edit Meera Iyer' });
    expect(edit).toHaveAttribute('href', `/users/${meera.id}/edit`);
    await user.click(edit);
    expect(await screen.findByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
    expect(currentPath()).toBe(`/employees/${meera.id}/edit`);
  });

  it("links 'New User' to /employees/create", async () => {
    serve([]);
    const { user, currentPath } = renderEmployees('/employees');
    await user.click(await screen.findByRole('link', { name: 'New User' }));
    expect(currentPath()).toBe('/employees/create');
    expect(await screen.findByRole('heading', { name: 'New User' })).toBeInTheDocument();
  });
});

describe('/employees for each role', () => {
  it("offers an employee neither 'New User' nor Edit, but the list and the name links", async () => {
    serve([makeEmployee({ firstName: 'Meera', lastName: 'Iyer' })]);
    renderEmployees('/employees', employeeToken());
    expect(await screen.findByRole('link', { name: 'Meera Iyer' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('offers a manager Edit for everyone but an admin', async () => {
    serve([
      makeEmployee({ firstName: 'Meera', lastName: 'Iyer' }),
      makeEmployee({ firstName: 'Asha', lastName: 'Rao', role: 'admin' }),
    ]);
    renderEmployees('/employees', managerToken());
    expect(await screen.findByRole('link', { name: 'Edit Meera Iyer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New User' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Asha Rao' })).not.toBeInTheDocument();
  });

  it('offers an admin Edit for an admin too', async () => {
    serve([makeEmployee({ firstName: 'Asha', lastName: 'Rao', role: 'admin' })]);
    renderEmployees('/employees');
    expect(await screen.findByRole('link', { name: 'Edit Asha Rao' })).toBeInTheDocument();
  });
});

describe('/employees search, filters, sort and pages in the URL', () => {
  const people = () => [
    makeEmployee({ firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.com' }),
    makeEmployee({
      firstName: 'Arjun',
      lastName: 'Nair',
      email: 'arjun@sales.example.com',
      role: 'manager',
      department: 'Sales',
    }),
    makeEmployee({
      firstName: 'Zoya',
      lastName: 'Khan',
      email: 'zoya@example.com',
      department: 'Design',
      status: 'on_leave',
    }),
  ];

  it('lists by name and searches by name or email from the search field', async () => {
    const api = serve(people());
    const { user, currentPath } = renderEmployees('/employees');
    await screen.findByRole('link', { name: 'Meera Iyer' });
    expect(names()).toEqual(['Arjun Nair', 'Meera Iyer', 'Zoya Khan']);

    const search = screen.getByRole('searchbox', { name: 'Search by name or email' });
    await user.type(search, 'SALES{Enter}');
    expect(currentPath()).toBe('/employees?q=SALES');
    await waitFor(() => expect(names()).toEqual(['Arjun Nair']));
    expect(api.sent('GET', '/employees/').at(-1)?.query.get('q')).toBe('SALES');

    await user.clear(search);
    await user.type(search, 'zoya{Enter}');
    await waitFor(() => expect(names()).toEqual(['Zoya Khan']));
  });

  it('filters by status, role and department, each in the URL, and clears them', async () => {
    const api = serve(people());
    const { user, currentPath } = renderEmployees('/employees?page=2');
    // Page 2 of three people is empty; a filter starts again at page 1.
    expect(await screen.findByText('No employees found')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Filter by Role'), 'Manager');
    expect(currentPath()).toBe('/employees?role=manager');
    await waitFor(() => expect(names()).toEqual(['Arjun Nair']));

    await user.selectOptions(screen.getByLabelText('Filter by Role'), 'All roles');
    await user.selectOptions(screen.getByLabelText('Filter by Department'), 'Design');
    expect(currentPath()).toBe('/employees?department=Design');
    await waitFor(() => expect(names()).toEqual(['Zoya Khan']));

    await user.selectOptions(screen.getByLabelText('Filter by Status'), 'Active');
    expect(currentPath()).toBe('/employees?department=Design&status=active');
    expect(await screen.findByText('No employees match the search or filters')).toBeInTheDocument();
    expect(Object.fromEntries(api.sent('GET', '/employees/').at(-1)!.query)).toEqual({
      limit: '50',
      offset: '0',
      department: 'Design',
      status: 'active',
    });
  });

  it('restores search, filters and order from a shared link and ignores values it does not offer', async () => {
    const api = serve(people());
    renderEmployees('/employees?role=manager&department=Sales&q=arjun&sort=-email&status=bogus');
    await screen.findByRole('link', { name: 'Arjun Nair' });
    expect(Object.fromEntries(api.sent('GET', '/employees/')[0].query)).toEqual({
      limit: '50',
      offset: '0',
      role: 'manager',
      department: 'Sales',
      q: 'arjun',
      sort: '-email',
    });
    expect(screen.getByLabelText('Filter by Role')).toHaveValue('manager');
    expect(screen.getByLabelText('Filter by Department')).toHaveValue('Sales');
    expect(screen.getByLabelText('Filter by Status')).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Search by name or email' })).toHaveValue('arjun');
  });

  it('sorts by Email and back, keeping the order in ?sort=', async () => {
    serve(people());
    const { user, currentPath } = renderEmployees('/employees');
    await screen.findByRole('link', { name: 'Meera Iyer' });
    await user.click(screen.getByRole('button', { name: /Email/ }));
    expect(currentPath()).toBe('/employees?sort=email');
    await waitFor(() => expect(names()).toEqual(['Arjun Nair', 'Meera Iyer', 'Zoya Khan']));
    await user.click(screen.getByRole('button', { name: /Email/ }));
    expect(currentPath()).toBe('/employees?sort=-email');
    await waitFor(() => expect(names()).toEqual(['Zoya Khan', 'Meera Iyer', 'Arjun Nair']));
  });

  it('asks for 50 people a page and moves between pages through ?page=', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      makeEmployee({ firstName: `Person${String(index + 1).padStart(2, '0')}`, lastName: 'Test' }),
    );
    const api = serve(many);
    const { user, currentPath } = renderEmployees('/employees');
    expect(await screen.findByText('1–50 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentPath()).toBe('/employees?page=2');
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Person51 Test' })).toBeInTheDocument();
    expect(api.sent('GET', '/employees/').at(-1)?.query.get('offset')).toBe('50');
  });
});
