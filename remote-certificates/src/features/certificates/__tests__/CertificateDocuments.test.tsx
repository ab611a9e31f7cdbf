import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  apiUrl,
  makeCertificate,
  makeEmployee,
  makeToken,
  mockApi,
  priya,
  setupApiServer,
  TEST_USER_CLAIMS,
} from '@duly/shared/test-utils';
import type { CertificateDocument } from '@duly/shared';
import { renderCertificates } from '../../../testing/render';
import { groupByValidity } from '../components/CertificateDocuments';

const server = setupApiServer();

const asha = makeEmployee({ id: TEST_USER_CLAIMS.sub, firstName: 'Asha', lastName: 'Rao' });

const certificate = makeCertificate({
  name: 'Fire Safety',
  issue_date: '2026-01-10',
  expiry_date: '2027-01-10',
  status: 'active',
});

function makeDocument(overrides: Partial<CertificateDocument>): CertificateDocument {
  return {
    id: `doc-${Math.random().toString(16).slice(2)}`,
    certificate_id: certificate.id,
    certificate_name: certificate.name,
    filename: 'scan.pdf',
    content_type: 'application/pdf',
    size: 204_800,
    sha256: 'a'.repeat(64),
    status: 'approved',
    rejection_reason: null,
    uploaded_by: { id: priya.id, full_name: 'Priya Sharma' },
    created_at: '2026-01-10T05:00:00.000Z',
    valid_until: '2027-01-10',
    proposed_issue_date: null,
    proposed_expiry_date: null,
    ...overrides,
  };
}

const current = makeDocument({ id: 'current', filename: 'renewed.png', content_type: 'image/png' });
const earlier = makeDocument({
  id: 'earlier',
  filename: 'first-scan.pdf',
  valid_until: '2026-01-10',
  created_at: '2025-01-10T05:00:00.000Z',
});
const pending = makeDocument({
  id: 'pending',
  filename: 'photo.jpg',
  content_type: 'image/jpeg',
  status: 'pending',
  uploaded_by: { id: asha.id, full_name: 'Asha Rao' },
  proposed_issue_date: '2027-01-01',
  proposed_expiry_date: '2028-01-10',
});
const rejected = makeDocument({
  id: 'rejected',
  filename: 'blurry.jpg',
  status: 'rejected',
  rejection_reason: 'The photo is blurred',
});

function setUp(documents: CertificateDocument[], token?: string) {
  const api = mockApi({ certificates: [certificate], employees: [priya, asha], documents });
  server.use(...api.handlers('certificates', 'employees'));
  return { api, ...renderCertificates(`/certificates/${certificate.id}`, token) };
}

async function documentsCard() {
  return (await screen.findByRole('heading', { name: 'Documents' })).closest('section')!;
}

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe('groupByValidity', () => {
  it('puts the current validity first, then earlier ones newest first', () => {
    const older = makeDocument({ valid_until: '2024-01-10' });
    const groups = groupByValidity([earlier, older, current], '2027-01-10');
    expect(groups.map((group) => [group.validUntil, group.current])).toEqual([
      ['2027-01-10', true],
      ['2026-01-10', false],
      ['2024-01-10', false],
    ]);
  });
});

describe('the Documents section of a certificate page', () => {
  it('lists the documents by validity, the current one first, with size, uploader and status', async () => {
    setUp([earlier, current, rejected]);
    const card = await documentsCard();
    const groups = await within(card).findAllByRole('heading', { level: 3 });
    expect(groups.map((heading) => heading.textContent)).toEqual([
      'Valid until Jan 10, 2027 (current)',
      'Valid until Jan 10, 2026',
    ]);
    const item = within(card).getByRole('listitem', { name: 'renewed.png' });
    expect(item).toHaveTextContent('200.0 KB · uploaded by Priya Sharma on Jan 10, 2026 10:30');
    expect(within(item).getByText('Approved')).toBeInTheDocument();
    const older = within(screen.getByRole('region', { name: 'Valid until Jan 10, 2026' }));
    expect(older.getByRole('listitem', { name: 'first-scan.pdf' })).toBeInTheDocument();
    const refused = within(card).getByRole('listitem', { name: 'blurry.jpg' });
    expect(within(refused).getByText('Rejected')).toBeInTheDocument();
    expect(refused).toHaveTextContent('Reason: The photo is blurred');
  });

  it('previews an image as <img> and a PDF in an iframe, from the content fetched with the token', async () => {
    const { user, api } = setUp([current, earlier]);
    const card = await documentsCard();
    const image = await within(card).findByRole('listitem', { name: 'renewed.png' });
    await user.click(within(image).getByRole('button', { name: 'Preview' }));
    expect(
      await within(image).findByRole('img', { name: 'Preview of renewed.png' }),
    ).toHaveAttribute('src', 'blob:preview');
    const pdf = within(card).getByRole('listitem', { name: 'first-scan.pdf' });
    await user.click(within(pdf).getByRole('button', { name: 'Preview' }));
    expect(await within(pdf).findByTitle('Preview of first-scan.pdf')).toHaveProperty(
      'tagName',
      'IFRAME',
    );
    expect(api.sent('GET', '/documents/current/content')).toHaveLength(1);
  });

  it('deletes a document after the confirmation', async () => {
    const { user, api } = setUp([current]);
    const card = await documentsCard();
    const item = await within(card).findByRole('listitem', { name: 'renewed.png' });
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this document?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(card).queryByRole('listitem', { name: 'renewed.png' })).not.toBeInTheDocument(),
    );
    expect(api.sent('DELETE', '/documents/current/')).toHaveLength(1);
  });

  it('lets a manager approve a pending document', async () => {
    const { user, api } = setUp([pending], makeToken({ role: 'manager' }));
    const card = await documentsCard();
    const item = await within(card).findByRole('listitem', { name: 'photo.jpg' });
    expect(item).toHaveTextContent('renewal until Jan 10, 2028');
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    expect(await within(item).findByText('Approved')).toBeInTheDocument();
    expect(api.sent('POST', '/documents/pending/approve')).toHaveLength(1);
  });

  it('lets a manager reject a pending document with a reason, which is required', async () => {
    const { user, api } = setUp([pending], makeToken({ role: 'manager' }));
    const card = await documentsCard();
    const item = await within(card).findByRole('listitem', { name: 'photo.jpg' });
    await user.click(within(item).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject document' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Wrong certificate');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(item).findByText('Reason: Wrong certificate')).toBeInTheDocument();
    expect(api.sent('POST', '/documents/pending/reject')[0].body).toEqual({
      reason: 'Wrong certificate',
    });
  });

  it('shows an employee neither Approve nor Reject, and Delete only on their own pending upload', async () => {
    setUp([pending, current], makeToken({ role: 'employee' }));
    const card = await documentsCard();
    const own = await within(card).findByRole('listitem', { name: 'photo.jpg' });
    expect(within(own).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const approved = within(card).getByRole('listitem', { name: 'renewed.png' });
    expect(within(approved).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('uploads a chosen file and lists it', async () => {
    const { user, api } = setUp([]);
    const card = await documentsCard();
    expect(await within(card).findByText('No documents yet.')).toBeInTheDocument();
    const input = within(card).getByLabelText('Document file');
    expect(input).toHaveAttribute('accept', 'application/pdf,image/jpeg,image/png,image/webp');
    expect(within(card).getByLabelText('Photo of the document')).toHaveAttribute(
      'capture',
      'environment',
    );
    await user.upload(input, new File(['%PDF-1.7'], 'licence.pdf', { type: 'application/pdf' }));
    expect(await within(card).findByRole('listitem', { name: 'licence.pdf' })).toBeInTheDocument();
    expect(api.sent('POST', `/certificates/${certificate.id}/documents/`)[0].body).toEqual({
      file: { name: 'licence.pdf', size: 8 },
    });
  });

  it('accepts a file dropped on the zone', async () => {
    setUp([]);
    const card = await documentsCard();
    const zone = within(card).getByTestId('document-drop-zone');
    const file = new File(['png'], 'dropped.png', { type: 'image/png' });
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(await within(card).findByRole('listitem', { name: 'dropped.png' })).toBeInTheDocument();
  });

  it.each([
    [415, 'The file is not a PDF, JPEG, PNG or WebP image'],
    [413, 'The file is larger than 10 MB'],
  ])('shows the API message of a refused file (%s)', async (status, message) => {
    const { user } = setUp([]);
    server.use(
      http.post(apiUrl('/certificates/:id/documents/'), () =>
        HttpResponse.json({ code: 'refused', message }, { status }),
      ),
    );
    const card = await documentsCard();
    await user.upload(
      within(card).getByLabelText('Document file'),
      new File(['MZ'], 'setup.pdf', { type: 'application/pdf' }),
    );
    expect(await within(card).findByRole('alert')).toHaveTextContent(message);
  });
});
