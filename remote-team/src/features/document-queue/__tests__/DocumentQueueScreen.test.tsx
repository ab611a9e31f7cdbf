import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, setupApiServer } from '@duly/shared/test-utils';
import { renderTeam } from '../../../testing/render';
import type { QueuedDocument } from '../api';

const server = setupApiServer();

function makeDocument(overrides: Partial<QueuedDocument> = {}): QueuedDocument {
  const id = overrides.id ?? `doc-${Math.random().toString(16).slice(2)}`;
  return {
    id,
    certificate_id: `cert-${id}`,
    certificate_name: 'Forklift Licence',
    filename: 'scan.pdf',
    content_type: 'application/pdf',
    size: 1200,
    status: 'pending',
    rejection_reason: null,
    uploaded_by: { id: 'u1', full_name: 'Priya Sharma' },
    created_at: '2025-01-04T19:00:00.000Z',
    valid_until: '2025-03-09',
    proposed_issue_date: null,
    proposed_expiry_date: null,
    ...overrides,
  };
}

interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A queue the handlers change as the screen approves and rejects. */
function serveQueue(initial: QueuedDocument[], options: { failBulk?: boolean } = {}) {
  let pending = [...initial];
  const sent: Sent[] = [];
  const log = async (request: Request) => {
    const url = new URL(request.url);
    const body =
      request.method === 'GET'
        ? undefined
        : await request
            .clone()
            .json()
            .catch(() => undefined);
    sent.push({
      method: request.method,
      path: url.pathname.replace(/^.*\/api\/v1/, ''),
      query: url.searchParams,
      body,
    });
    return url;
  };
  server.use(
    http.get(apiUrl('/documents/'), async ({ request }) => {
      const url = await log(request);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return HttpResponse.json(pending.slice(offset, offset + limit), {
        headers: { 'X-Total-Count': String(pending.length) },
      });
    }),
    http.post(apiUrl('/documents/approve'), async ({ request }) => {
      await log(request);
      if (options.failBulk) {
        return HttpResponse.json(
          { message: 'This document is already approved', code: 'conflict' },
          { status: 409 },
        );
      }
      const { ids } = (await request.json()) as { ids: string[] };
      const approved = pending.filter((document) => ids.includes(document.id));
      pending = pending.filter((document) => !ids.includes(document.id));
      return HttpResponse.json(approved.map((document) => ({ ...document, status: 'approved' })));
    }),
    http.post(apiUrl('/documents/:id/approve'), async ({ request, params }) => {
      await log(request);
      const document = pending.find((item) => item.id === params.id);
      pending = pending.filter((item) => item.id !== params.id);
      return HttpResponse.json({ ...document, status: 'approved' });
    }),
    http.post(apiUrl('/documents/:id/reject'), async ({ request, params }) => {
      await log(request);
      const document = pending.find((item) => item.id === params.id);
      pending = pending.filter((item) => item.id !== params.id);
      return HttpResponse.json({ ...document, status: 'rejected' });
    }),
    http.get(apiUrl('/documents/:id/preview-url'), async ({ request, params }) => {
      await log(request);
      return HttpResponse.json({
        url: `/api/v1/document-previews/signed-${String(params.id)}`,
        expires_at: new Date(Date.now() + 300_000).toISOString(),
      });
    }),
  );
  return { sent, pending: () => pending };
}

const table = () => screen.getByRole('table', { name: 'Pending documents' });
const rowOf = (name: string) =>
  within(table()).getByRole('link', { name }).closest('tr') as HTMLElement;

describe('/team/documents', () => {
  it('lists the pending documents with certificate, person, date, file and dates', async () => {
    serveQueue([
      makeDocument({ id: 'a', certificate_name: 'Forklift Licence' }),
      makeDocument({
        id: 'b',
        certificate_name: 'First Aid',
        filename: 'photo.jpg',
        content_type: 'image/jpeg',
        uploaded_by: { id: 'u2', full_name: 'Rahul Verma' },
        proposed_expiry_date: '2027-03-09',
      }),
    ]);
    renderTeam('/team/documents');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Documents to approve' }),
    ).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Pending documents' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Select all on this page',
      'Certificate',
      'Uploaded by',
      'Uploaded',
      'File',
      'Dates',
      'Actions',
    ]);
    const firstAid = rowOf('First Aid');
    expect(within(firstAid).getByRole('link', { name: 'First Aid' })).toHaveAttribute(
      'href',
      '/certificates/cert-b',
    );
    expect(within(firstAid).getByRole('cell', { name: 'Rahul Verma' })).toBeVisible();
    expect(within(firstAid).getByRole('cell', { name: 'Jan 5, 2025' })).toBeVisible();
    expect(within(firstAid).getByRole('cell', { name: 'Renewal until Mar 9, 2027' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Pending documents (2)' })).toBeVisible();
  });

  it('asks for pending documents only, a page at a time', async () => {
    const queue = serveQueue([makeDocument()]);
    renderTeam('/team/documents');
    await screen.findByRole('table', { name: 'Pending documents' });
    const request = queue.sent.find((sent) => sent.path === '/documents/')!;
    expect(Object.fromEntries(request.query)).toEqual({
      status: 'pending',
      limit: '25',
      offset: '0',
    });
  });

  it('approves the selected documents with one request, then they leave the queue', async () => {
    const queue = serveQueue([
      makeDocument({ id: 'a', certificate_name: 'Forklift Licence' }),
      makeDocument({ id: 'b', certificate_name: 'First Aid' }),
      makeDocument({ id: 'c', certificate_name: 'Fire Warden' }),
    ]);
    const { user } = renderTeam('/team/documents');
    await screen.findByRole('table', { name: 'Pending documents' });

    const bulk = screen.getByRole('button', { name: 'Approve selected' });
    expect(bulk).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select scan.pdf of Forklift Licence' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select scan.pdf of Fire Warden' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));

    await waitFor(() => expect(queue.pending().map((document) => document.id)).toEqual(['b']));
    const bulkRequest = queue.sent.find((sent) => sent.path === '/documents/approve')!;
    expect(bulkRequest.body).toEqual({ ids: ['a', 'c'] });
    await waitFor(() =>
      expect(within(table()).queryByRole('link', { name: 'Forklift Licence' })).toBeNull(),
    );
    expect(within(table()).getByRole('link', { name: 'First Aid' })).toBeVisible();
    expect(await screen.findByText('Approved 2 documents')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeDisabled();
  });

  it('selects every row of the page at once', async () => {
    const queue = serveQueue([makeDocument({ id: 'a' }), makeDocument({ id: 'b' })]);
    const { user } = renderTeam('/team/documents');
    await screen.findByRole('table', { name: 'Pending documents' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    await waitFor(() => expect(queue.pending()).toEqual([]));
    expect(await screen.findByText('No documents waiting for approval')).toBeVisible();
  });

  it('says nothing was approved when the bulk approval fails, and keeps the rows', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serveQueue([makeDocument({ id: 'a' }), makeDocument({ id: 'b' })], { failBulk: true });
    const { user } = renderTeam('/team/documents');
    await screen.findByRole('table', { name: 'Pending documents' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    expect(
      await screen.findByText('Nothing was approved: This document is already approved'),
    ).toBeVisible();
    expect(within(table()).getAllByRole('row')).toHaveLength(3);
    expect(logged).toHaveBeenCalledWith('Error approving documents', expect.anything());
    logged.mockRestore();
  });

  it('approves one row', async () => {
    const queue = serveQueue([
      makeDocument({ id: 'a', certificate_name: 'Forklift Licence' }),
      makeDocument({ id: 'b', certificate_name: 'First Aid' }),
    ]);
    const { user } = renderTeam('/team/documents');
    await screen.findByRole('table', { name: 'Pending documents' });
    await user.click(screen.getByRole('button', { name: 'Approve scan.pdf of First Aid' }));
    await waitFor(() => expect(queue.pending().map((document) => document.id)).toEqual(['a']));
    expect(queue.sent.some((sent) => sent.path === '/documents/b/approve')).toBe(true);
  });

  it('rejects with a reason, which may not be blank', async () => {
    const queue = serveQueue([makeDocument({ id: 'a', certificate_name: 'Forklift Licence' })]);
    const { user } = renderTeam('/team/documents');
    await screen.findByRole('table', { name: 'Pending documents' });
    await user.click(screen.getByRole('button', { name: 'Reject scan.pdf of Forklift Licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject document' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Enter a reason')).toBeVisible();
    expect(queue.sent.some((sent) => sent.path === '/documents/a/reject')).toBe(false);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      'The photo is blurred',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(queue.pending()).toEqual([]));
    expect(queue.sent.find((sent) => sent.path === '/documents/a/reject')!.body).toEqual({
      reason: 'The photo is blurred',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('previews an image through its signed URL, with a Download link', async () => {
    serveQueue([
      makeDocument({
        id: 'img',
        filename: 'photo.jpg',
        content_type: 'image/jpeg',
        certificate_name: 'First Aid',
      }),
      makeDocument({ id: 'pdf', certificate_name: 'Forklift Licence' }),
    ]);
    const { user } = renderTeam('/team/documents');
    await screen.findByRole('table', { name: 'Pending documents' });

    await user.click(screen.getByRole('button', { name: 'Preview photo.jpg of First Aid' }));
    const dialog = await screen.findByRole('dialog', { name: 'photo.jpg' });
    const image = await within(dialog).findByRole('img', { name: 'photo.jpg of First Aid' });
    expect(image.getAttribute('src')).toMatch(/\/api\/v1\/document-previews\/signed-img$/);
    expect(within(dialog).getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(
      /\/document-previews\/signed-img\?download=1$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Preview scan.pdf of Forklift Licence' }));
    const pdf = await screen.findByRole('dialog', { name: 'scan.pdf' });
    const frame = await waitFor(() => {
      const found = pdf.querySelector('iframe');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(frame).toHaveAttribute('title', 'scan.pdf of Forklift Licence');
    expect(frame.getAttribute('src')).toMatch(/document-previews\/signed-pdf$/);
  });

  it('shows the empty state when nothing waits', async () => {
    serveQueue([]);
    renderTeam('/team/documents');
    expect(await screen.findByText('No documents waiting for approval')).toBeVisible();
  });
});
