import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import {
  apiUrl,
  failingResource,
  makeCertificate,
  makeEmployee,
  makeToken,
  mockApi,
  pinClock,
  priya,
  setupApiServer,
  TEST_USER_CLAIMS,
  unpinClock,
} from '@duly/shared/test-utils';
import type { Certificate, CertificateType } from '@duly/shared';
import { renderCertificates } from '../../../testing/render';

const server = setupApiServer();

/**
 * 00:30 on March 10, 2026 in Asia/Kolkata; still March 9 in UTC and New York (the test:tz run).
 */
const NOW = '2026-03-09T19:00:00.000Z';

const asha = makeEmployee({ id: TEST_USER_CLAIMS.sub, firstName: 'Asha', lastName: 'Rao' });

const certificate = makeCertificate({
  name: 'Fire Safety',
  description: 'Main building,\nall floors',
  issue_date: '2025-03-20',
  expiry_date: '2026-03-20',
  reminder_days_before: 7,
  department: 'Operations',
  status: 'active',
  created_at: '2025-03-20T04:30:00.000Z',
  updated_at: '2025-12-31T18:45:00.000Z',
});

/** A type valid for 24 months (issue 28). */
const height: CertificateType = {
  id: '99999999-9999-4999-8999-999999999999',
  name: 'Working at height',
  description: null,
  validity_months: 24,
  reminder_offsets: [60, 14],
  remind_after_expiry: false,
  required_for: { everyone: false, roles: [], departments: ['Operations'] },
  certificate_count: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

function setUp(existing: Certificate = certificate, token?: string) {
  const api = mockApi({
    certificates: [existing],
    employees: [priya, asha],
    certificateTypes: [height],
  });
  server.use(...api.handlers('certificates', 'employees'));
  return { api, ...renderCertificates(`/certificates/${existing.id}`, token) };
}

/** The value shown beside a label of the details list. */
function valueOf(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

beforeEach(() => pinClock(NOW));
afterEach(() => unpinClock());

describe('/certificates/{id}', () => {
  it('shows every field, dates in Asia/Kolkata, days until expiry and the reminder date', async () => {
    setUp();
    expect(await screen.findByRole('heading', { name: 'Fire Safety' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Certificate Details' })).toBeVisible();
    await screen.findByRole('link', { name: 'Asha Rao' });

    expect(within(valueOf('Status')).getByText('Active')).toHaveAttribute('data-color', 'green');
    expect(valueOf('Issue Date')).toHaveTextContent('Mar 20, 2025');
    expect(valueOf('Expiry Date')).toHaveTextContent('Mar 20, 2026');
    // 2026-03-20 00:00 Kolkata is 9 days 23.5 hours away: rounded up.
    expect(valueOf('Days Until Expiry')).toHaveTextContent('10 days');
    expect(valueOf('Reminder')).toHaveTextContent('7 days before expiry');
    expect(valueOf('Reminder Date')).toHaveTextContent('Mar 13, 2026');
    expect(valueOf('Department')).toHaveTextContent('Operations');
    expect(valueOf('Description').textContent).toBe('Main building,\nall floors');
    expect(valueOf('Created At')).toHaveTextContent('Mar 20, 2025 10:00');
    expect(valueOf('Last Updated')).toHaveTextContent('Jan 1, 2026 00:15');
  });

  it('links the person in charge and the creator to their employee pages', async () => {
    const { user, currentPath } = setUp();
    expect(await screen.findByRole('link', { name: 'Asha Rao' })).toHaveAttribute(
      'href',
      `/employees/${asha.id}`,
    );
    await user.click(
      within(valueOf('Person in Charge')).getByRole('link', { name: 'Priya Sharma' }),
    );
    expect(currentPath()).toBe(`/employees/${priya.id}`);
  });

  it.each([
    ['2026-03-05', '-5 days'],
    ['2026-03-10', '0 days'],
    ['2026-03-11', '1 day'],
  ])('counts days until an expiry date of %s as %s', async (expiry, text) => {
    setUp({ ...certificate, expiry_date: expiry });
    await screen.findByRole('heading', { name: 'Fire Safety' });
    expect(valueOf('Days Until Expiry')).toHaveTextContent(text);
  });

  it("shows a dash for what the certificate lacks, and 'Unassigned' with nobody in charge", async () => {
    setUp({
      ...certificate,
      issue_date: null,
      department: null,
      description: null,
      incharge_person_id: null,
      assigned_to: undefined,
    });
    await screen.findByRole('heading', { name: 'Fire Safety' });
    expect(valueOf('Issue Date')).toHaveTextContent('—');
    expect(valueOf('Department')).toHaveTextContent('—');
    expect(valueOf('Description')).toHaveTextContent('—');
    expect(valueOf('Person in Charge')).toHaveTextContent('Unassigned');
  });

  it('goes to the edit form from Edit', async () => {
    const { user, currentPath } = setUp();
    await user.click(await screen.findByRole('link', { name: 'Edit' }));
    expect(currentPath()).toBe(`/certificates/${certificate.id}/edit`);
  });

  it("shows 'Loading certificate...' while it loads", async () => {
    server.use(http.get(apiUrl('/certificates/:id/'), () => delay('infinite')));
    renderCertificates(`/certificates/${certificate.id}`);
    expect(await screen.findByText('Loading certificate...')).toBeInTheDocument();
  });

  it("shows 'Certificate not found' for an id of no certificate", async () => {
    server.use(...mockApi({ certificates: [] }).handlers('certificates'));
    renderCertificates('/certificates/0b7e5a52-3c1d-4f7a-9a53-2f6d1e8c4b90');
    expect(await screen.findByText('Certificate not found')).toBeInTheDocument();
  });

  it.each(['/certificates/not-a-uuid', '/certificates/new/edit'])(
    "shows the 'Page not found' page at %s, a sub-path that is no id",
    async (route) => {
      server.use(...mockApi({ certificates: [] }).handlers('certificates'));
      renderCertificates(route);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
      expect(screen.queryByText('Certificate not found')).not.toBeInTheDocument();
    },
  );

  it('shows an error when the certificate cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...failingResource('certificates', 500));
    renderCertificates(`/certificates/${certificate.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading certificate. Please try again later.',
    );
  });
});

describe('Renew', () => {
  const expired = { ...certificate, status: 'expired' as const, expiry_date: '2026-03-05' };

  it.each(['active', 'renewed'] as const)('is not offered for a %s certificate', async (status) => {
    setUp({ ...certificate, status });
    await screen.findByRole('heading', { name: 'Fire Safety' });
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it('renews an expired certificate with the new dates; it shows as renewed', async () => {
    const { user, api } = setUp(expired);
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = screen.getByRole('dialog', { name: 'Renew Certificate' });
    // A renewal is issued today, in Asia/Kolkata.
    expect(await within(dialog).findByLabelText(/^New Issue Date/)).toHaveValue('2026-03-10');
    await user.type(within(dialog).getByLabelText(/^New Expiry Date/), '2027-03-10');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));

    expect(await screen.findByText('Certificate renewed successfully')).toBeInTheDocument();
    expect(api.sent('PUT', `/certificates/${expired.id}/`).map((r) => r.body)).toEqual([
      { issue_date: '2026-03-10', expiry_date: '2027-03-10' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Renew Certificate' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(within(valueOf('Status')).getByText('Renewed')).toBeVisible());
    expect(valueOf('Expiry Date')).toHaveTextContent('Mar 10, 2027');
    // The reminder re-arms for the new date.
    expect(valueOf('Reminder Date')).toHaveTextContent('Mar 3, 2027');
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it("proposes a typed certificate's new expiry as the issue date plus the type's validity, pre-filled and editable (issue 28)", async () => {
    const { user, api } = setUp({ ...expired, certificate_type_id: height.id });
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = screen.getByRole('dialog', { name: 'Renew Certificate' });
    const issue = await within(dialog).findByLabelText(/^New Issue Date/);
    const expiry = within(dialog).getByLabelText(/^New Expiry Date/);
    // Issued today (March 10, 2026 in Kolkata) + 24 months.
    await waitFor(() => expect(expiry).toHaveValue('2028-03-10'));
    // A new issue date moves the proposal along while nobody has typed an expiry.
    await user.clear(issue);
    await user.type(issue, '2026-03-01');
    await waitFor(() => expect(expiry).toHaveValue('2028-03-01'));
    // Editable: a typed expiry stays, and the proposal is one click away.
    await user.clear(expiry);
    await user.type(expiry, '2027-12-31');
    await user.clear(issue);
    await user.type(issue, '2026-03-02');
    expect(expiry).toHaveValue('2027-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Use Mar 2, 2028' }));
    expect(expiry).toHaveValue('2028-03-02');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Certificate renewed successfully')).toBeInTheDocument();
    expect(api.sent('PUT', `/certificates/${expired.id}/`).map((r) => r.body)).toEqual([
      { issue_date: '2026-03-02', expiry_date: '2028-03-02' },
    ]);
  });

  it('proposes nothing for a certificate without a type: the expiry starts empty', async () => {
    const { user } = setUp(expired);
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = screen.getByRole('dialog', { name: 'Renew Certificate' });
    expect(await within(dialog).findByLabelText(/^New Expiry Date/)).toHaveValue('');
    expect(within(dialog).queryByRole('button', { name: /^Use / })).toBeNull();
  });

  it('is offered from the first day of the reminder window, not the day before', async () => {
    // Today is March 10 in Kolkata: 7 days before March 17 is the window's first day.
    setUp({ ...certificate, status: 'active', expiry_date: '2026-03-17' });
    expect(await screen.findByRole('button', { name: 'Renew' })).toBeInTheDocument();
  });

  it('is not offered the day before the reminder window opens', async () => {
    setUp({ ...certificate, status: 'active', expiry_date: '2026-03-18' });
    await screen.findByRole('heading', { name: 'Fire Safety' });
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it('is offered for an escalated certificate', async () => {
    setUp({ ...expired, status: 'escalated' });
    expect(await screen.findByRole('button', { name: 'Renew' })).toBeInTheDocument();
  });

  it('asks for an expiry date of today or later and an issue date not after today', async () => {
    const { user, api } = setUp(expired);
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = screen.getByRole('dialog', { name: 'Renew Certificate' });
    const issue = await within(dialog).findByLabelText(/^New Issue Date/);
    const expiry = within(dialog).getByLabelText(/^New Expiry Date/);
    const renew = within(dialog).getByRole('button', { name: 'Renew' });

    await user.click(renew);
    await waitFor(() =>
      expect(expiry).toHaveAccessibleDescription(
        expect.stringContaining('Expiry date is required'),
      ),
    );
    await user.type(expiry, '2026-03-09');
    await user.clear(issue);
    await user.type(issue, '2026-03-11');
    await user.click(renew);
    await waitFor(() =>
      expect(expiry).toHaveAccessibleDescription(
        expect.stringContaining('Expiry date cannot be in the past'),
      ),
    );
    expect(issue).toHaveAccessibleDescription(
      expect.stringContaining('Issue date cannot be in the future'),
    );
    expect(api.sent('PUT', `/certificates/${expired.id}/`)).toHaveLength(0);
  });

  it('closes on Cancel without saving', async () => {
    const { user, api } = setUp(expired);
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Renew Certificate' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('PUT', `/certificates/${expired.id}/`)).toHaveLength(0);
  });

  it("keeps the dialog open with the server's message when the renewal fails", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setUp(expired);
    server.use(
      http.put(apiUrl('/certificates/:id/'), () =>
        HttpResponse.json({ message: 'Forbidden', code: 'forbidden' }, { status: 403 }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Renew' }));
    const dialog = screen.getByRole('dialog', { name: 'Renew Certificate' });
    await user.type(await within(dialog).findByLabelText(/^New Expiry Date/), '2027-03-10');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Renew Certificate' })).toBeInTheDocument();
  });
});

describe('an employee', () => {
  it('sees the certificate without Edit; Renew opens read-only with the reason (issue 33)', async () => {
    const { user } = setUp({ ...certificate, status: 'expired' }, makeToken({ role: 'employee' }));
    await screen.findByRole('heading', { name: 'Fire Safety' });
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Certificates' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Renew' }));
    const dialog = screen.getByRole('dialog', { name: 'Renew Certificate' });
    expect(
      within(dialog).getByText(
        'Only managers and admins can renew certificates. Add the new certificate under Documents and they will renew it.',
      ),
    ).toBeInTheDocument();
    expect(await within(dialog).findByLabelText(/^New Expiry Date/)).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Renew Certificate' })).not.toBeInTheDocument(),
    );
  });
});
