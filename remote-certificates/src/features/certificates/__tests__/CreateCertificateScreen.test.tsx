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
  TEST_USER_CLAIMS,
  unpinClock,
} from '@duly/shared/test-utils';
import { renderCertificates } from '../../../testing/render';

const server = setupApiServer();

/**
 * 00:30 on March 10, 2026 in Asia/Kolkata, still March 9 in UTC and in New York (the test:tz
 * run): "today" for the forms is March 10 whatever the machine's zone.
 */
const NOW = '2026-03-09T19:00:00.000Z';

function setUp(token?: string) {
  const api = mockApi({ employees: [priya, rahul] });
  server.use(...api.handlers('certificates', 'employees'));
  return { api, ...renderCertificates('/certificates/create', token) };
}

type User = ReturnType<typeof setUp>['user'];

async function fillIn(
  user: User,
  values: {
    name?: string;
    description?: string;
    issueDate?: string;
    expiryDate?: string;
    reminder?: string;
    department?: string;
    incharge?: string;
  },
) {
  if (values.name) await user.type(screen.getByLabelText(/^Name/), values.name);
  if (values.description)
    await user.type(screen.getByLabelText(/^Description/), values.description);
  if (values.issueDate) await user.type(screen.getByLabelText(/^Issue Date/), values.issueDate);
  if (values.expiryDate) await user.type(screen.getByLabelText(/^Expiry Date/), values.expiryDate);
  if (values.reminder)
    await user.selectOptions(screen.getByLabelText(/^Reminder Days/), values.reminder);
  if (values.department) await user.type(screen.getByLabelText(/^Department/), values.department);
  if (values.incharge) {
    const select = screen.getByLabelText(/^Incharge Person/);
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, values.incharge);
  }
}

const valid = {
  name: 'Fire Safety',
  expiryDate: '2027-03-10',
  reminder: '30 days',
  incharge: 'Rahul Verma',
};

const submit = () => screen.getByRole('button', { name: 'Create Certificate' });

beforeEach(() => pinClock(NOW));
afterEach(() => unpinClock());

describe('/certificates/create', () => {
  it("is titled 'Create New Certificate' with 'Back to Certificates'", async () => {
    const { user, currentPath } = setUp();
    // The form screens load lazily (issue 32): the heading comes with the screen's module.
    expect(
      await screen.findByRole('heading', { name: 'Create New Certificate' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Certificates' }));
    expect(currentPath()).toBe('/certificates');
  });

  it('has name, a 3-row description, two dates, reminder days, department and person in charge', () => {
    setUp();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText(/^Description/)).toHaveAttribute('rows', '3');
    expect(screen.getByLabelText(/^Issue Date/)).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText(/^Expiry Date/)).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText(/^Department/)).toHaveAttribute('type', 'text');
    expect(
      within(screen.getByLabelText(/^Reminder Days/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select Reminder Days',
      '1 day',
      '3 days',
      '7 days',
      '15 days',
      '30 days',
      '60 days',
      '90 days',
    ]);
  });

  it("shows 'Loading...' in the person in charge field while the people load", () => {
    server.use(neverAnswers('get', '/employees/'));
    renderCertificates('/certificates/create');
    const select = screen.getByLabelText(/^Incharge Person/);
    expect(within(select).getByRole('option', { name: 'Loading...' })).toBeInTheDocument();
    expect(select).toBeDisabled();
  });

  it("offers the organisation's people by name", async () => {
    setUp();
    const select = screen.getByLabelText(/^Incharge Person/);
    await waitFor(() => expect(select).toBeEnabled());
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Employee', 'Priya Sharma', 'Rahul Verma']);
  });

  it('says when the people cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(failingResource('employees', 500)[0]);
    renderCertificates('/certificates/create');
    expect(await screen.findByText('Failed to fetch employees')).toBeInTheDocument();
  });

  it('creates an active certificate, its dates sent as plain yyyy-MM-dd, as edit and renew send them', async () => {
    const { user, api, currentPath } = setUp();
    await fillIn(user, {
      ...valid,
      description: 'Main building',
      issueDate: '2026-03-10',
      department: 'Operations',
    });
    await user.click(submit());

    expect(await screen.findByText('Certificate created successfully')).toBeInTheDocument();
    expect(api.sent('POST', '/certificates/').map((request) => request.body)).toEqual([
      {
        name: 'Fire Safety',
        description: 'Main building',
        issue_date: '2026-03-10',
        expiry_date: '2027-03-10',
        reminder_days_before: 30,
        department: 'Operations',
        incharge_person_id: rahul.id,
        status: 'active',
        organization_id: TEST_USER_CLAIMS.organization_id,
        created_by_user_id: TEST_USER_CLAIMS.sub,
      },
    ]);
    // The new certificate's page opens (issue 33 item 6).
    const [created] = [...api.db.certificates.values()];
    await waitFor(() => expect(currentPath()).toBe(`/certificates/${created.id}`));
  });

  it('sends no issue date, description or department when none is given (optional)', async () => {
    const { user, api } = setUp();
    await fillIn(user, valid);
    await user.click(submit());
    await screen.findByText('Certificate created successfully');
    expect(api.sent('POST', '/certificates/')[0].body).toMatchObject({
      issue_date: null,
      description: null,
      department: null,
    });
  });

  it("labels the button 'Creating...' while the certificate is being saved", async () => {
    const { user } = setUp();
    await fillIn(user, valid);
    const hold = holdRequests('post', '/certificates/');
    server.use(hold.handler);
    await user.click(submit());
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    hold.release();
    expect(await screen.findByText('Certificate created successfully')).toBeInTheDocument();
  });

  it("shows 'Error creating certificate: {message}' and keeps the form", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user, currentPath } = setUp();
    server.use(
      http.post(apiUrl('/certificates/'), () =>
        HttpResponse.json({ message: 'Forbidden', code: 'forbidden' }, { status: 403 }),
      ),
    );
    await fillIn(user, valid);
    await user.click(submit());
    expect(await screen.findByText('Error creating certificate: Forbidden')).toBeInTheDocument();
    expect(currentPath()).toBe('/certificates/create');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Fire Safety');
  });
});

describe('/certificates/create validation (spec 5, today in Asia/Kolkata)', () => {
  it('requires name, expiry date, reminder days and person in charge; sends nothing', async () => {
    const { user, api } = setUp();
    await user.click(submit());
    expect(await screen.findByLabelText(/^Name/)).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText(/^Expiry Date/)).toHaveAccessibleDescription(
      expect.stringContaining('Expiry date is required'),
    );
    expect(screen.getByLabelText(/^Reminder Days/)).toHaveAccessibleDescription(
      'Reminder days are required',
    );
    expect(screen.getByLabelText(/^Incharge Person/)).toHaveAccessibleDescription(
      'Incharge person is required',
    );
    expect(screen.getByLabelText(/^Issue Date/)).toHaveAccessibleDescription(
      expect.not.stringContaining('required'),
    );
    expect(api.sent('POST', '/certificates/')).toHaveLength(0);
  });

  it('accepts an issue date of today and rejects tomorrow', async () => {
    const { user, api } = setUp();
    await fillIn(user, { ...valid, issueDate: '2026-03-11' });
    await user.click(submit());
    expect(await screen.findByLabelText(/^Issue Date/)).toHaveAccessibleDescription(
      expect.stringContaining('Issue date cannot be in the future'),
    );
    expect(api.sent('POST', '/certificates/')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Issue Date/));
    await user.type(screen.getByLabelText(/^Issue Date/), '2026-03-10');
    await user.click(submit());
    expect(await screen.findByText('Certificate created successfully')).toBeInTheDocument();
  });

  it('accepts an expiry date of today and rejects yesterday', async () => {
    const { user, api } = setUp();
    await fillIn(user, { ...valid, expiryDate: '2026-03-09' });
    await user.click(submit());
    expect(await screen.findByLabelText(/^Expiry Date/)).toHaveAccessibleDescription(
      expect.stringContaining('Expiry date cannot be in the past'),
    );
    expect(api.sent('POST', '/certificates/')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Expiry Date/));
    await user.type(screen.getByLabelText(/^Expiry Date/), '2026-03-10');
    await user.click(submit());
    expect(await screen.findByText('Certificate created successfully')).toBeInTheDocument();
    expect(api.sent('POST', '/certificates/')[0].body).toMatchObject({
      expiry_date: '2026-03-10',
    });
  });
});

describe('/certificates/create for a role that cannot create certificates (issue 33 item 4)', () => {
  it('says so at the top, with every field disabled and no Create Certificate button', async () => {
    const { api } = setUp(makeToken({ role: 'employee' }));
    expect(
      await screen.findByText('Only managers and admins can create certificates.'),
    ).toBeVisible();
    for (const label of ['Name', 'Expiry Date', 'Reminder Days', 'Incharge Person'])
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create Certificate' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Certificates' })).toBeVisible();
    expect(api.sent('POST', '/certificates/')).toHaveLength(0);
  });
});
