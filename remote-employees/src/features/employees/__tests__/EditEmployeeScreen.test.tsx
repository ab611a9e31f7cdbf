import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import {
  apiUrl,
  failingResource,
  holdRequests,
  makeEmployee,
  makeToken,
  mockApi,
  setupApiServer,
} from '@duly/shared/test-utils';
import type { Employee } from '@duly/shared';
import { renderEmployees } from '../../../testing/render';

const server = setupApiServer();

function setUp(person: Employee = makeEmployee(), token = makeToken()) {
  const api = mockApi({ employees: [person] });
  server.use(...api.handlers('employees'));
  return { api, person, ...renderEmployees(`/employees/${person.id}/edit`, token) };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const save = () => screen.getByRole('button', { name: 'Save Changes' });
const formReady = () => screen.findByRole('button', { name: 'Save Changes' });

describe("/employees/{id}/edit: 'Edit User' states", () => {
  it('shows a loading text while the person loads', async () => {
    server.use(http.get(apiUrl('/employees/:id'), () => delay('infinite')));
    renderEmployees(`/employees/${makeEmployee().id}/edit`);
    // The form screens load lazily (issue 32): the heading comes with the screen's module.
    expect(await screen.findByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
    expect(await screen.findByText('Loading user...')).toBeInTheDocument();
  });

  it("shows and toasts 'Failed to fetch user data' when the person cannot be loaded", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...failingResource('employees', 500));
    renderEmployees(`/employees/${makeEmployee().id}/edit`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch user data');
    await waitFor(() => expect(screen.getAllByText('Failed to fetch user data')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });

  it("says 'User not found' for an unknown id", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...mockApi({ employees: [] }).handlers('employees'));
    renderEmployees(`/employees/${makeEmployee().id}/edit`);
    expect(await screen.findByText('User not found')).toBeInTheDocument();
  });
});

describe("/employees/{id}/edit: 'Edit User' form", () => {
  it("starts from the person's values", async () => {
    setUp(
      makeEmployee({
        firstName: 'Meera',
        lastName: 'Iyer',
        email: 'meera@example.com',
        phone: '12345',
        role: 'manager',
        department: 'Design',
        status: 'on_leave',
      }),
    );
    await formReady();
    expect(field('First Name')).toHaveValue('Meera');
    expect(field('Last Name')).toHaveValue('Iyer');
    expect(field('Email')).toHaveValue('meera@example.com');
    expect(field('Phone Number')).toHaveValue('12345');
    expect(field('Role')).toHaveValue('manager');
    expect(field('Department')).toHaveValue('Design');
    expect(field('Status')).toHaveValue('on_leave');
  });

  it('starts on Engineering for a person without a department and keeps another department selectable', async () => {
    const { unmount } = setUp(makeEmployee({ department: null }));
    await formReady();
    expect(field('Department')).toHaveValue('Engineering');
    unmount();
    setUp(makeEmployee({ department: 'Finance' }));
    await formReady();
    expect(field('Department')).toHaveValue('Finance');
    expect(
      within(field('Department'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Engineering', 'Design', 'Marketing', 'Sales', 'Finance']);
  });

  it('saves every field, says so and returns to /employees', async () => {
    const { user, api, person, currentPath } = setUp(
      makeEmployee({ firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.com' }),
    );
    await formReady();
    await user.clear(field('Last Name'));
    await user.type(field('Last Name'), 'Menon');
    await user.clear(field('Phone Number'));
    await user.type(field('Phone Number'), '555 0100');
    await user.selectOptions(field('Department'), 'Marketing');
    await user.selectOptions(field('Status'), 'Inactive');
    await user.click(save());
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Meera Iyer?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(api.sent('PUT', `/employees/${person.id}`).map((request) => request.body)).toEqual([
      {
        firstName: 'Meera',
        lastName: 'Menon',
        email: 'meera@example.com',
        phone: '555 0100',
        department: 'Marketing',
        role: 'employee',
        status: 'inactive',
      },
    ]);
    await waitFor(() => expect(currentPath()).toBe('/employees'));
    expect(await screen.findByRole('link', { name: 'Meera Menon' })).toBeInTheDocument();
  });

  it('a new email for someone who has set a password: says where the confirmation went; the email stays until then', async () => {
    const { user, person, currentPath } = setUp(
      makeEmployee({ firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.com' }),
    );
    await formReady();
    await user.clear(field('Email'));
    await user.type(field('Email'), ' Meera.Iyer@New.example.com ');
    await user.click(save());

    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(
      screen.getByText(
        'A confirmation link was sent to meera.iyer@new.example.com; the email changes when it is confirmed.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/employees'));
    const row = (await screen.findByRole('link', { name: 'Meera Iyer' })).closest('tr');
    expect(row).toHaveTextContent(person.email);
  });

  it('a new email for someone invited takes effect at once, without a confirmation notice', async () => {
    const { user } = setUp(makeEmployee({ email: 'typo@example.com', invitation_pending: true }));
    await formReady();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'right@example.com');
    await user.click(save());
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('right@example.com')).toBeInTheDocument();
    expect(screen.queryByText(/A confirmation link was sent/)).not.toBeInTheDocument();
  });

  it('asks before deactivating, says what happens, and Cancel saves nothing', async () => {
    const { user, api, person } = setUp(makeEmployee({ firstName: 'Meera', lastName: 'Iyer' }));
    await formReady();
    await user.selectOptions(field('Status'), 'Inactive');
    await user.click(save());
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Meera Iyer?' });
    expect(confirm).toHaveTextContent(
      'They are signed out everywhere and can no longer sign in. Their open tasks and ' +
        'certificates stay assigned to them until you reassign them.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('PUT', `/employees/${person.id}`)).toHaveLength(0);
  });

  it("labels the button 'Saving...' while saving", async () => {
    const { user } = setUp();
    await formReady();
    const hold = holdRequests('put', '/employees/:id');
    server.use(hold.handler);
    await user.click(save());
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    hold.release();
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
  });

  it("shows 'Failed to update user' and keeps the form when saving fails", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user, person, currentPath } = setUp();
    await formReady();
    server.use(...failingResource('employees', 500).slice(3, 4));
    await user.click(save());
    expect(await screen.findByText('Failed to update user')).toBeInTheDocument();
    expect(currentPath()).toBe(`/employees/${person.id}/edit`);
    expect(save()).toBeEnabled();
  });

  it('shows the API rule beside the email before saving', async () => {
    const { user, api, person } = setUp();
    await formReady();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'meera@');
    await user.click(save());
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.sent('PUT', `/employees/${person.id}`)).toHaveLength(0);
  });

  it('returns to /employees on Cancel without saving', async () => {
    const { user, api, person, currentPath } = setUp();
    await formReady();
    await user.type(field('First Name'), 'x');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(currentPath()).toBe('/employees');
    expect(api.sent('PUT', `/employees/${person.id}`)).toHaveLength(0);
  });
});

describe('/employees/{id}/edit for each role', () => {
  it('offers a manager employee and manager roles, never admin', async () => {
    setUp(makeEmployee(), makeToken({ role: 'manager' }));
    await formReady();
    expect(
      within(field('Role'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Employee', 'Manager']);
  });

  it('shows a manager the form for an admin read-only, with the reason', async () => {
    setUp(makeEmployee({ role: 'admin' }), makeToken({ role: 'manager' }));
    expect(await screen.findByText('Only an admin can change an admin.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(field('Role')).toHaveValue('admin');
    expect(field('Role')).toBeDisabled();
  });

  it('lets an admin change an admin', async () => {
    setUp(makeEmployee({ role: 'admin' }));
    await formReady();
    expect(field('Role')).toHaveValue('admin');
  });

  it('shows an employee the form read-only, with the reason at the top (issue 33 item 4)', async () => {
    const { api, person } = setUp(makeEmployee(), makeToken({ role: 'employee' }));
    expect(screen.getByRole('heading', { name: 'Edit User' })).toBeInTheDocument();
    expect(
      await screen.findByText('Only managers and admins can change users.'),
    ).toBeInTheDocument();
    expect(field('Email')).toHaveValue(person.email);
    expect(field('Email')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(api.sent('PUT', `/employees/${person.id}`)).toHaveLength(0);
  });
});
