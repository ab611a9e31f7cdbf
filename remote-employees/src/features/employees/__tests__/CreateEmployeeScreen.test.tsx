import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  apiUrl,
  holdRequests,
  makeToken,
  mockApi,
  ORGANIZATION_ID,
  setupApiServer,
} from '@duly/shared/test-utils';
import { renderEmployees } from '../../../testing/render';

const server = setupApiServer();

// The full-form tests type into seven fields and then render the list (with the new person's
// 'Invitation pending' badge and 'Resend invitation' action): about 4 s when the machine is
// busy, too close to jest's default 5 s.
jest.setTimeout(15_000);

function setUp(token = makeToken()) {
  const api = mockApi({ employees: [] });
  server.use(...api.handlers('employees'));
  return { api, ...renderEmployees('/employees/create', token) };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const create = () => screen.getByRole('button', { name: 'Create User' });

describe("/employees/create: 'New User'", () => {
  it('has the fields with the email and telephone input types and the spec defaults', async () => {
    setUp();
    // The form screens load lazily (issue 32): the heading comes with the screen's module.
    expect(await screen.findByRole('heading', { level: 1, name: 'New User' })).toBeInTheDocument();
    expect(field('First Name')).toHaveAttribute('type', 'text');
    expect(field('Last Name')).toHaveAttribute('type', 'text');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Phone Number')).toHaveAttribute('type', 'tel');
    expect(field('Role')).toHaveValue('employee');
    expect(field('Department')).toHaveValue('Engineering');
    expect(field('Status')).toHaveValue('active');
    expect(
      within(field('Department'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Engineering', 'Design', 'Marketing', 'Sales']);
    expect(
      within(field('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Active', 'Inactive', 'On Leave']);
  });

  it('offers an admin every role, a manager never admin', () => {
    const { unmount } = setUp();
    expect(
      within(field('Role'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Employee', 'Manager', 'Admin']);
    unmount();
    setUp(makeToken({ role: 'manager' }));
    expect(
      within(field('Role'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Employee', 'Manager']);
  });

  it("creates the user, says so and opens the person's page", async () => {
    const { user, api, currentPath } = setUp();
    await user.type(field('First Name'), 'Meera');
    await user.type(field('Last Name'), 'Iyer');
    await user.type(field('Email'), 'meera@example.com');
    await user.type(field('Phone Number'), '+91 98765 43210');
    await user.selectOptions(field('Role'), 'Manager');
    await user.selectOptions(field('Department'), 'Sales');
    await user.selectOptions(field('Status'), 'On Leave');
    await user.click(create());

    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(api.sent('POST', '/employees/').map((request) => request.body)).toEqual([
      {
        firstName: 'Meera',
        lastName: 'Iyer',
        email: 'meera@example.com',
        phone: '+91 98765 43210',
        role: 'manager',
        department: 'Sales',
        status: 'on_leave',
        organization_id: ORGANIZATION_ID,
      },
    ]);
    // The new person's page opens (issue 33 item 6).
    const created = [...api.db.employees.values()].find(
      (person) => person.email === 'meera@example.com',
    )!;
    await waitFor(() => expect(currentPath()).toBe(`/employees/${created.id}`));
    expect(await screen.findByRole('heading', { name: 'Meera Iyer' })).toBeInTheDocument();
    // Seven fields typed and a second screen loaded: more than the default on a busy machine.
  }, 30_000);

  it('sends empty names and phone as null', async () => {
    const { user, api } = setUp();
    await user.type(field('Email'), 'nobody@example.com');
    await user.click(create());
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(api.sent('POST', '/employees/')[0].body).toMatchObject({
      firstName: null,
      lastName: null,
      phone: null,
      email: 'nobody@example.com',
    });
  });

  it.each([
    ['', 'Email is required'],
    ['not-an-email', 'Enter a valid email address'],
  ])('shows the API rule beside the email (%j) before anything is sent', async (email, message) => {
    const { user, api } = setUp();
    await user.click(field('Email'));
    if (email) await user.keyboard(email);
    // Leaving the field shows its rule.
    await user.click(field('Phone Number'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription(expect.stringContaining(message));
    await user.click(create());
    expect(api.sent('POST', '/employees/')).toHaveLength(0);
  });

  it('shows the length rule beside a phone number the API would refuse', async () => {
    const { user, api } = setUp();
    await user.type(field('Email'), 'meera@example.com');
    await user.type(field('Phone Number'), '9'.repeat(51));
    await user.click(create());
    expect(
      await screen.findByText('Phone number must be at most 50 characters'),
    ).toBeInTheDocument();
    expect(api.sent('POST', '/employees/')).toHaveLength(0);
  });

  it("labels the button 'Creating...' while saving", async () => {
    const { user } = setUp();
    const hold = holdRequests('post', '/employees/');
    server.use(hold.handler);
    await user.type(field('Email'), 'meera@example.com');
    await user.click(create());
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    hold.release();
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses, and keeps the form", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user, currentPath } = setUp();
    server.use(
      http.post(apiUrl('/employees/'), () =>
        HttpResponse.json(
          { message: 'An account with this email already exists', code: 'CONFLICT' },
          { status: 409 },
        ),
      ),
    );
    await user.type(field('Email'), 'taken@example.com');
    await user.click(create());
    expect(
      await screen.findByText('An account with this email already exists'),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/employees/create');
    expect(field('Email')).toHaveValue('taken@example.com');
  });

  it("shows 'Failed to create user' when the answer carries no message", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setUp();
    server.use(http.post(apiUrl('/employees/'), () => HttpResponse.error()));
    await user.type(field('Email'), 'meera@example.com');
    await user.click(create());
    expect(await screen.findByText('Failed to create user')).toBeInTheDocument();
  });

  it('returns to /employees on Cancel without saving', async () => {
    const { user, api, currentPath } = setUp();
    await user.type(field('Email'), 'meera@example.com');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(currentPath()).toBe('/employees');
    expect(api.sent('POST', '/employees/')).toHaveLength(0);
  });

  it('is read-only for an employee: the page says who can add users (issue 33 item 4)', () => {
    setUp(makeToken({ role: 'employee' }));
    expect(screen.getByRole('heading', { name: 'New User' })).toBeInTheDocument();
    expect(screen.getByText('Only managers and admins can add users.')).toBeInTheDocument();
    expect(field('Email')).toBeDisabled();
    expect(field('Role')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create User' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toBeVisible();
  });
});
