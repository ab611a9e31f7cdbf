import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, makeMyCertificateItem, mockApi, setupApiServer } from '@duly/shared/test-utils';
import type { Certificate } from '@duly/shared';
import { renderTeam } from '../../../testing/render';

const server = setupApiServer();

const forklift = makeMyCertificateItem({
  name: 'Forklift licence',
  issue_date: '2025-02-01',
  expiry_date: '2026-02-01',
});

function setUp(certificates: Certificate[] = [forklift]) {
  const api = mockApi({ certificates });
  server.use(...api.handlers('employee', 'certificates'));
  return { api, ...renderTeam('/employee/dashboard', 'employee') };
}

async function openDialog(user: ReturnType<typeof setUp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Upload certificate' }));
  return screen.findByRole('dialog', { name: 'Upload certificate' });
}

const photo = () => new File(['png-bytes'], 'renewed.png', { type: 'image/png' });

describe('/employee/dashboard: Upload certificate', () => {
  it('sends a renewed document of one of my certificates with its new dates', async () => {
    const { user, api } = setUp();
    const dialog = await openDialog(user);
    const select = within(dialog).getByLabelText(/^Certificate/);
    await within(dialog).findByRole('option', { name: 'Forklift licence' });
    await user.selectOptions(select, forklift.id);
    await user.type(within(dialog).getByLabelText(/^New Issue Date/), '2026-01-20');
    await user.type(within(dialog).getByLabelText(/^New Expiry Date/), '2027-02-01');
    await user.upload(within(dialog).getByLabelText('Document file'), photo());
    expect(within(dialog).getByText('Chosen: renewed.png')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload certificate' })).not.toBeInTheDocument(),
    );
    expect(api.sent('POST', `/certificates/${forklift.id}/documents/`)[0].body).toEqual({
      issue_date: '2026-01-20',
      expiry_date: '2027-02-01',
      file: { name: 'renewed.png', size: 9 },
    });
    expect(api.sent('POST', '/certificates/')).toHaveLength(0);
  });

  it('creates a new certificate, then sends its document', async () => {
    const { user, api } = setUp();
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByLabelText(/^Certificate/), 'new');
    await user.type(within(dialog).getByLabelText(/^Name/), 'First aid');
    await user.type(within(dialog).getByLabelText(/^Issue Date/), '2026-01-05');
    await user.type(within(dialog).getByLabelText(/^Expiry Date/), '2028-01-05');
    await user.upload(within(dialog).getByLabelText('Document file'), photo());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload certificate' })).not.toBeInTheDocument(),
    );
    expect(api.sent('POST', '/certificates/')[0].body).toEqual({
      name: 'First aid',
      issue_date: '2026-01-05',
      expiry_date: '2028-01-05',
      reminder_days_before: 30,
    });
    const uploads = api.requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/documents/'),
    );
    expect(uploads).toHaveLength(1);
    expect(uploads[0].body).toEqual({ file: { name: 'renewed.png', size: 9 } });
  });

  it('asks for what is missing before sending anything', async () => {
    const { user, api } = setUp();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Certificate is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Expiry date is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the document to upload')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it("shows the API's message for a refused file and keeps the dialog open", async () => {
    const { user } = setUp();
    server.use(
      http.post(apiUrl('/certificates/:id/documents/'), () =>
        HttpResponse.json(
          { code: 'unsupported_file_type', message: 'This file is not a PDF, JPEG, PNG or WebP' },
          { status: 415 },
        ),
      ),
    );
    const dialog = await openDialog(user);
    await within(dialog).findByRole('option', { name: 'Forklift licence' });
    await user.selectOptions(within(dialog).getByLabelText(/^Certificate/), forklift.id);
    await user.type(within(dialog).getByLabelText(/^New Expiry Date/), '2027-02-01');
    await user.upload(within(dialog).getByLabelText('Document file'), photo());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This file is not a PDF, JPEG, PNG or WebP',
    );
    expect(screen.getByRole('dialog', { name: 'Upload certificate' })).toBeInTheDocument();
  });
});
