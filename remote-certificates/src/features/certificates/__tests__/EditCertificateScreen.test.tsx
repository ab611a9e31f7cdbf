import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import {
  apiUrl,
  failingResource,
  makeCertificate,
  makeToken,
  mockApi,
  priya,
  setupApiServer,
} from '@duly/shared/test-utils';
import type { Certificate } from '@duly/shared';
import { renderCertificates } from '../../../testing/render';

const server = setupApiServer();

const certificate = makeCertificate({
  name: 'Fire Safety',
  description: 'Main building',
  expiry_date: '2026-04-05',
  reminder_days_before: 30,
});

function setUp(existing: Certificate = certificate, token?: string) {
  const api = mockApi({
    certificates: [existing],
    employees: [priya],
    certificateTypes: [
      {
        id: '99999999-9999-4999-8999-999999999999',
        name: 'Working at height',
        description: null,
        validity_months: 24,
        reminder_offsets: [60, 14],
        remind_after_expiry: false,
        required_for: { everyone: true, roles: [], departments: [] },
        certificate_count: 1,
        created_at: '2025-01-01T00:00:00.000Z',
        updated_at: '2025-01-01T00:00:00.000Z',
      },
    ],
  });
  server.use(...api.handlers('certificates', 'employees'));
  return { api, ...renderCertificates(`/certificates/${existing.id}/edit`, token) };
}

const save = () => screen.getByRole('button', { name: 'Save' });
const reminderField = () => screen.getByLabelText(/^Reminder Days/);

describe('/certificates/{id}/edit', () => {
  it("is titled 'Edit Certificate' and starts from the certificate's values", async () => {
    setUp();
    // The form screens load lazily (issue 32): the heading comes with the screen's module.
    expect(await screen.findByRole('heading', { name: 'Edit Certificate' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Fire Safety');
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Main building');
    expect(screen.getByLabelText(/^Description/)).toHaveAttribute('rows', '3');
    expect(screen.getByLabelText(/^Expiry Date/)).toHaveValue('2026-04-05');
    expect(reminderField()).toHaveValue(30);
    expect(reminderField()).toHaveAccessibleDescription(
      'Number of days before expiry to send reminders (1-365 days)',
    );
  });

  it('saves name, description, the plain yyyy-MM-dd expiry date and reminder days', async () => {
    const { user, api, currentPath } = setUp();
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Fire Safety 2026');
    await user.clear(screen.getByLabelText(/^Expiry Date/));
    await user.type(screen.getByLabelText(/^Expiry Date/), '2027-01-31');
    await user.clear(reminderField());
    await user.type(reminderField(), '45');
    await user.click(save());

    expect(await screen.findByText('Certificate updated successfully')).toBeInTheDocument();
    expect(api.sent('PUT', `/certificates/${certificate.id}/`).map((r) => r.body)).toEqual([
      {
        name: 'Fire Safety 2026',
        description: 'Main building',
        expiry_date: '2027-01-31',
        reminder_days_before: 45,
      },
    ]);
    await waitFor(() => expect(currentPath()).toBe(`/certificates/${certificate.id}`));
  });

  it('goes back to the certificate page on Cancel, saving nothing', async () => {
    const { user, api, currentPath } = setUp();
    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(currentPath()).toBe(`/certificates/${certificate.id}`);
    expect(api.sent('PUT', `/certificates/${certificate.id}/`)).toHaveLength(0);
  });

  it("labels Save 'Saving...' while the change is being saved", async () => {
    const { user } = setUp();
    await screen.findByLabelText(/^Name/);
    server.use(
      http.put(apiUrl('/certificates/:id/'), async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    await user.click(save());
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  });

  it.each([
    ['0', 'Reminder days must be between 1 and 365'],
    ['366', 'Reminder days must be between 1 and 365'],
    ['1.5', 'Reminder days must be a whole number'],
    ['', 'Reminder days are required'],
  ])('rejects reminder days %j: %s', async (value, message) => {
    const { user, api } = setUp();
    await screen.findByLabelText(/^Name/);
    await user.clear(reminderField());
    if (value) await user.type(reminderField(), value);
    await user.click(save());
    await waitFor(() =>
      expect(reminderField()).toHaveAccessibleDescription(expect.stringContaining(message)),
    );
    expect(api.sent('PUT', `/certificates/${certificate.id}/`)).toHaveLength(0);
  });

  it.each(['1', '365'])('accepts reminder days %s', async (value) => {
    const { user, api } = setUp();
    await screen.findByLabelText(/^Name/);
    await user.clear(reminderField());
    await user.type(reminderField(), value);
    await user.click(save());
    expect(await screen.findByText('Certificate updated successfully')).toBeInTheDocument();
    expect(api.sent('PUT', `/certificates/${certificate.id}/`)[0].body).toMatchObject({
      reminder_days_before: Number(value),
    });
  });

  it('requires a name and an expiry date', async () => {
    const { user } = setUp();
    await user.clear(await screen.findByLabelText(/^Name/));
    await user.clear(screen.getByLabelText(/^Expiry Date/));
    await user.click(save());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Expiry Date/)).toHaveAccessibleDescription(
      expect.stringContaining('Expiry date is required'),
    );
  });

  it("shows the server's message when the save fails", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setUp();
    await screen.findByLabelText(/^Name/);
    server.use(
      http.put(apiUrl('/certificates/:id/'), () =>
        HttpResponse.json(
          { message: 'expiry_date: must not be before issue_date', code: 'validation' },
          { status: 400 },
        ),
      ),
    );
    await user.click(save());
    expect(
      await screen.findByText('expiry_date: must not be before issue_date'),
    ).toBeInTheDocument();
  });

  it("shows 'Failed to update certificate' when the server says nothing", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setUp();
    await screen.findByLabelText(/^Name/);
    server.use(http.put(apiUrl('/certificates/:id/'), () => HttpResponse.error()));
    await user.click(save());
    expect(await screen.findByText('Failed to update certificate')).toBeInTheDocument();
  });

  it("shows 'Certificate not found' for an unknown id", async () => {
    server.use(...mockApi({ certificates: [] }).handlers('certificates'));
    renderCertificates('/certificates/4b1c6f9e-0000-4000-8000-000000000000/edit');
    expect(await screen.findByText('Certificate not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('shows an error when the certificate cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...failingResource('certificates', 500));
    renderCertificates(`/certificates/${certificate.id}/edit`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading certificate. Please try again later.',
    );
  });

  it("offers a typed certificate the expiry its type's validity gives from its issue date, editable (issue 28)", async () => {
    const { user, api } = setUp({
      ...certificate,
      certificate_type_id: '99999999-9999-4999-8999-999999999999',
      issue_date: '2025-06-15',
    });
    const expiry = await screen.findByLabelText(/^Expiry Date/);
    expect(expiry).toHaveValue('2026-04-05');
    expect(
      await screen.findByText(
        /Working at height is valid for 24 months: it expires on Jun 15, 2027/,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use Jun 15, 2027' }));
    expect(expiry).toHaveValue('2027-06-15');
    await user.click(save());
    await waitFor(() =>
      expect(api.sent('PUT', `/certificates/${certificate.id}/`)[0]?.body).toMatchObject({
        expiry_date: '2027-06-15',
      }),
    );
  });

  it('offers nothing for a certificate without a type', async () => {
    setUp({ ...certificate, issue_date: '2025-06-15' });
    await screen.findByLabelText(/^Expiry Date/);
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull();
  });
});

describe('/certificates/{id}/edit for a role that cannot change certificates (issue 33 item 4)', () => {
  it('shows the values read-only, says why at the top, and has no Save', async () => {
    setUp(certificate, makeToken({ role: 'employee' }));
    expect(
      await screen.findByText('Only managers and admins can change certificates.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Fire Safety');
    expect(screen.getByLabelText(/^Name/)).toBeDisabled();
    expect(reminderField()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toBeVisible();
  });
});
