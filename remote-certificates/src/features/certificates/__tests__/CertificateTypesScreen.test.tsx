import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, makeToken, mockApi, priya, rahul, setupApiServer } from '@duly/shared/test-utils';
import type { CertificateType } from '@duly/shared';
import { renderCertificates } from '../../../testing/render';

const server = setupApiServer();

const HEIGHT: CertificateType = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Working at height',
  description: null,
  validity_months: 24,
  reminder_offsets: [60, 14],
  remind_after_expiry: false,
  required_for: { everyone: false, roles: [], departments: ['Operations'] },
  certificate_count: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('certificate types', () => {
  it('lists the catalogue: validity, reminders, who must hold it', async () => {
    server.use(...mockApi({ certificateTypes: [HEIGHT] }).handlers('certificates'));
    renderCertificates('/certificate-types');
    const row = (await screen.findByText('Working at height')).closest('tr')!;
    expect(row).toHaveTextContent('24 months');
    expect(row).toHaveTextContent('60, 14 days before');
    expect(row).toHaveTextContent('Operations');
  });

  it('an admin adds a type required for a department with two reminder offsets', async () => {
    const posted: unknown[] = [];
    server.use(
      ...mockApi({ certificateTypes: [] }).handlers('certificates'),
      http.post(apiUrl('/certificate-types/'), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(HEIGHT, { status: 201 });
      }),
    );
    const { user } = renderCertificates('/certificate-types');
    await screen.findByText('No certificate types yet');
    await user.type(screen.getByLabelText(/^Name/), 'Working at height');
    await user.type(screen.getByLabelText(/^Validity/), '24');
    await user.clear(screen.getByLabelText(/^Reminder days/));
    await user.type(screen.getByLabelText(/^Reminder days/), '60, 14');
    await user.type(screen.getByLabelText(/^Departments/), 'Operations');
    await user.click(screen.getByRole('button', { name: 'Add Type' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      name: 'Working at height',
      description: null,
      validity_months: 24,
      reminder_offsets: [60, 14],
      remind_after_expiry: false,
      required_for: { everyone: false, roles: [], departments: ['Operations'] },
    });
    expect(await screen.findByText('Certificate type added')).toBeInTheDocument();
  });

  it('refuses six or repeated reminder days before sending anything', async () => {
    server.use(...mockApi({ certificateTypes: [] }).handlers('certificates'));
    const { user } = renderCertificates('/certificate-types');
    await screen.findByText('No certificate types yet');
    await user.type(screen.getByLabelText(/^Name/), 'Crane');
    await user.clear(screen.getByLabelText(/^Reminder days/));
    await user.type(screen.getByLabelText(/^Reminder days/), '30, 30');
    await user.click(screen.getByRole('button', { name: 'Add Type' }));
    expect(
      await screen.findByText('Reminder days must not name the same day twice'),
    ).toBeInTheDocument();
  });

  it('shows the API’s message when a type in use cannot be deleted', async () => {
    server.use(
      ...mockApi({ certificateTypes: [HEIGHT] }).handlers('certificates'),
      http.delete(apiUrl(`/certificate-types/${HEIGHT.id}`), () =>
        HttpResponse.json(
          {
            code: 'conflict',
            message:
              '"Working at height" cannot be deleted: certificates are of this type. Give them another type first.',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderCertificates('/certificate-types');
    await user.click(await screen.findByRole('button', { name: 'Delete Working at height' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(/certificates are of this type\. Give them another type first\./),
    ).toBeInTheDocument();
  });

  it('a manager reads the catalogue without the form', async () => {
    server.use(...mockApi({ certificateTypes: [HEIGHT] }).handlers('certificates'));
    renderCertificates('/certificate-types', makeToken({ role: 'manager' }));
    await screen.findByText('Working at height');
    expect(screen.queryByRole('button', { name: 'Add Type' })).toBeNull();
  });

  it('the add-certificate form opened from a missing cell is prefilled with the person and the type, and proposes the expiry by validity', async () => {
    const api = mockApi({ employees: [priya, rahul], certificateTypes: [HEIGHT] });
    server.use(...api.handlers('certificates', 'employees'));
    const { user } = renderCertificates(
      `/certificates/create?person=${rahul.id}&type=${HEIGHT.id}`,
    );
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Working at height'));
    expect(screen.getByLabelText(/^Certificate Type/)).toHaveValue(HEIGHT.id);
    await waitFor(() => expect(screen.getByLabelText(/^Incharge Person/)).toHaveValue(rahul.id));
    await user.type(screen.getByLabelText(/^Issue Date/), '2026-01-15');
    await user.click(await screen.findByRole('button', { name: 'Use Jan 15, 2028' }));
    expect(screen.getByLabelText(/^Expiry Date/)).toHaveValue('2028-01-15');
  });
});
