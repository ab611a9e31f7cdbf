import { screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import {
  apiUrl,
  failingResource,
  makeCertificate,
  makeToken,
  mockApi,
  pinClock,
  priya,
  setupApiServer,
  unpinClock,
} from '@duly/shared/test-utils';
import type { Certificate } from '@duly/shared';
import { renderCertificates } from '../../../testing/render';

const server = setupApiServer();

function serve(certificates: Certificate[]) {
  const api = mockApi({ certificates, employees: [priya] });
  server.use(...api.handlers('certificates', 'employees'));
  return api;
}

function rowOf(name: string): HTMLElement {
  return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
}

const lastQuery = (api: ReturnType<typeof serve>) =>
  Object.fromEntries(api.sent('GET', '/certificates/').at(-1)!.query);

/** Noon on March 10, 2026 in Asia/Kolkata. */
const NOW = '2026-03-10T06:30:00.000Z';

beforeEach(() => pinClock(NOW));
afterEach(() => unpinClock());

describe('/certificates states', () => {
  it("shows 'Loading certificates...' until the list arrives", async () => {
    server.use(http.get(apiUrl('/certificates/'), () => delay('infinite')));
    renderCertificates('/certificates');
    expect(await screen.findByText('Loading certificates...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error text when the list cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(...failingResource('certificates', 500));
    renderCertificates('/certificates');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading certificates. Please try again later.',
    );
  });

  it("says 'No certificates found' when there are none", async () => {
    serve([]);
    renderCertificates('/certificates');
    expect(await screen.findByText('No certificates found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when no certificate matches the filters', async () => {
    serve([makeCertificate({ status: 'active' })]);
    renderCertificates('/certificates?status=escalated');
    expect(await screen.findByText('No certificates match these filters')).toBeInTheDocument();
  });
});

describe('/certificates table', () => {
  it('shows name, status, expiry date and reminder days, with an Edit button', async () => {
    serve([
      makeCertificate({ name: 'Fire Safety', expiry_date: '2026-04-05', reminder_days_before: 30 }),
      makeCertificate({
        name: 'ISO 9001',
        status: 'expired',
        expiry_date: '2026-01-31',
        reminder_days_before: 7,
      }),
    ]);
    renderCertificates('/certificates');

    const headers = await screen.findAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Name',
      'Status',
      'Expiry Date',
      'Reminder Days',
      'Edit',
    ]);
    expect(
      within(rowOf('Fire Safety'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Fire Safety', 'Active', 'Apr 5, 2026', '30', 'Edit']);
    expect(
      within(rowOf('ISO 9001'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['ISO 9001', 'Expired', 'Jan 31, 2026', '7', 'Edit']);
  });

  it.each([
    ['active', 'Active', 'green'],
    ['expired', 'Expired', 'red'],
    ['renewed', 'Renewed', 'blue'],
    ['escalated', 'Escalated', 'purple'],
    ['lapsed', 'Unknown', 'yellow'],
  ])('shows status %s as a %s badge in %s', async (status, label, color) => {
    serve([makeCertificate({ name: 'Coloured', status: status as Certificate['status'] })]);
    renderCertificates('/certificates');
    await screen.findByRole('cell', { name: 'Coloured' });
    expect(within(rowOf('Coloured')).getByText(label)).toHaveAttribute('data-color', color);
  });

  it("links 'New Certificate' to /certificates/create", async () => {
    serve([]);
    const { user, currentPath } = renderCertificates('/certificates');
    await user.click(await screen.findByRole('link', { name: 'New Certificate' }));
    expect(currentPath()).toBe('/certificates/create');
    expect(
      await screen.findByRole('heading', { name: 'Create New Certificate' }),
    ).toBeInTheDocument();
  });

  it("offers 'Import' to a manager (who may add certificates) and an admin", async () => {
    serve([]);
    for (const role of ['manager', 'admin'] as const) {
      const { unmount } = renderCertificates('/certificates', makeToken({ role }));
      expect(await screen.findByRole('link', { name: 'Import' })).toHaveAttribute(
        'href',
        '/certificates/import',
      );
      unmount();
    }
  });

  it('opens the certificate page when its row is clicked', async () => {
    const certificate = makeCertificate({ name: 'Fire Safety' });
    serve([certificate]);
    const { user, currentPath } = renderCertificates('/certificates');
    await user.click(await screen.findByRole('cell', { name: 'Fire Safety' }));
    expect(currentPath()).toBe(`/certificates/${certificate.id}`);
    expect(await screen.findByRole('heading', { name: 'Certificate Details' })).toBeInTheDocument();
  });

  it("goes to the edit form from a row's Edit button, not to the certificate page", async () => {
    const certificate = makeCertificate({ name: 'Fire Safety' });
    serve([certificate]);
    const { user, currentPath } = renderCertificates('/certificates');
    await user.click(await screen.findByRole('link', { name: 'Edit Fire Safety' }));
    expect(currentPath()).toBe(`/certificates/${certificate.id}/edit`);
    expect(await screen.findByRole('heading', { name: 'Edit Certificate' })).toBeInTheDocument();
  });

  it('offers an employee neither New Certificate nor Edit; rows still open', async () => {
    const certificate = makeCertificate({ name: 'Fire Safety' });
    serve([certificate]);
    const { user, currentPath } = renderCertificates(
      '/certificates',
      makeToken({ role: 'employee' }),
    );
    await screen.findByRole('cell', { name: 'Fire Safety' });
    expect(screen.queryByRole('link', { name: 'New Certificate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Status',
      'Expiry Date',
      'Reminder Days',
    ]);
    await user.click(screen.getByRole('cell', { name: 'Fire Safety' }));
    expect(currentPath()).toBe(`/certificates/${certificate.id}`);
  });
});

describe('/certificates filters, search, sort and pages in the URL', () => {
  const certificates = [
    makeCertificate({ name: 'Fire Safety', status: 'active', expiry_date: '2026-03-15' }),
    makeCertificate({ name: 'First Aid', status: 'renewed', expiry_date: '2026-04-01' }),
    makeCertificate({ name: 'ISO 9001', status: 'active', expiry_date: '2026-05-30' }),
    makeCertificate({ name: 'Forklift', status: 'expired', expiry_date: '2026-02-01' }),
  ];
  const names = () =>
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent);

  it('lists by expiry date, soonest first, asking the API for 50 a page', async () => {
    const api = serve(certificates);
    renderCertificates('/certificates');
    await screen.findByRole('cell', { name: 'Fire Safety' });
    expect(names()).toEqual(['Forklift', 'Fire Safety', 'First Aid', 'ISO 9001']);
    expect(lastQuery(api)).toEqual({ limit: '50', offset: '0' });
  });

  it('filters by status through ?status=', async () => {
    const api = serve(certificates);
    const { user, currentPath } = renderCertificates('/certificates');
    await screen.findByRole('cell', { name: 'Fire Safety' });
    await user.selectOptions(screen.getByLabelText('Filter by Status'), 'Renewed');
    expect(await screen.findByRole('cell', { name: 'First Aid' })).toBeInTheDocument();
    expect(currentPath()).toBe('/certificates?status=renewed');
    expect(names()).toEqual(['First Aid']);
    expect(lastQuery(api)).toMatchObject({ status: 'renewed' });
  });

  it.each([
    ['Next 7 days', '7', ['Fire Safety']],
    ['Next 30 days', '30', ['Fire Safety', 'First Aid']],
    ['Next 90 days', '90', ['Fire Safety', 'First Aid', 'ISO 9001']],
  ])('filters "%s" through ?expiring_within_days=%s', async (label, days, expected) => {
    const api = serve(certificates);
    const { user, currentPath } = renderCertificates('/certificates');
    await screen.findByRole('cell', { name: 'Forklift' });
    await user.selectOptions(screen.getByLabelText('Expiring Within'), label);
    await waitFor(() => expect(names()).toEqual(expected));
    expect(currentPath()).toBe(`/certificates?expiring_within_days=${days}`);
    expect(lastQuery(api)).toEqual({ limit: '50', offset: '0', expiring_within_days: days });
  });

  it('filters "In reminder window" through ?in_reminder_window=true (the dashboards link there)', async () => {
    const api = serve(certificates);
    const { user, currentPath } = renderCertificates('/certificates');
    await screen.findByRole('cell', { name: 'Forklift' });
    await user.selectOptions(screen.getByLabelText('Reminder Window'), 'In reminder window');
    await waitFor(() => expect(currentPath()).toBe('/certificates?in_reminder_window=true'));
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({ limit: '50', offset: '0', in_reminder_window: 'true' }),
    );
  });

  it('ignores an "expiring within" value the list does not offer', async () => {
    const api = serve(certificates);
    renderCertificates('/certificates?expiring_within_days=12');
    await screen.findByRole('cell', { name: 'Forklift' });
    expect(lastQuery(api)).toEqual({ limit: '50', offset: '0' });
    expect(screen.getByLabelText('Expiring Within')).toHaveValue('');
  });

  it('searches by name through ?q=', async () => {
    const api = serve(certificates);
    const { user, currentPath } = renderCertificates('/certificates');
    await screen.findByRole('cell', { name: 'Fire Safety' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'fir{Enter}');
    await waitFor(() => expect(names()).toEqual(['Fire Safety', 'First Aid']));
    expect(currentPath()).toBe('/certificates?q=fir');
    expect(lastQuery(api)).toMatchObject({ q: 'fir' });
  });

  it('sorts by expiry date, latest first, on a click on its header', async () => {
    const api = serve(certificates);
    const { user, currentPath } = renderCertificates('/certificates');
    await screen.findByRole('cell', { name: 'Fire Safety' });
    await user.click(screen.getByRole('button', { name: /Expiry Date/ }));
    expect(currentPath()).toBe('/certificates?sort=-expiry_date');
    await waitFor(() =>
      expect(names()).toEqual(['ISO 9001', 'First Aid', 'Fire Safety', 'Forklift']),
    );
    expect(lastQuery(api)).toMatchObject({ sort: '-expiry_date' });
  });

  it('restores filters, search, order and page from a shared link', async () => {
    const many = Array.from({ length: 60 }, (_, index) =>
      makeCertificate({
        name: `Permit ${String(index + 1).padStart(2, '0')}`,
        expiry_date: '2026-03-20',
      }),
    );
    const api = serve(many);
    renderCertificates(
      '/certificates?status=active&expiring_within_days=30&q=permit&sort=name&page=2',
    );
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({
      limit: '50',
      offset: '50',
      status: 'active',
      expiring_within_days: '30',
      q: 'permit',
      sort: 'name',
    });
    expect(screen.getByLabelText('Filter by Status')).toHaveValue('active');
    expect(screen.getByLabelText('Expiring Within')).toHaveValue('30');
  });
});

describe('/certificates export', () => {
  it("'Export CSV' and 'Export Excel' download the list with its filters, search and sort", async () => {
    serve([makeCertificate({ name: 'Fire Safety' })]);
    const sent: URL[] = [];
    const authorizations: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/certificates/export'), ({ request }) => {
        sent.push(new URL(request.url));
        authorizations.push(request.headers.get('authorization'));
        return new Response('\uFEFFname\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="certificates-2026-03-10.csv"',
          },
        });
      }),
    );
    const created = jest.fn(() => 'blob:export');
    const revoked = jest.fn();
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    const clicks: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });

    renderCertificates('/certificates?status=expired&sort=-name&q=fire&page=2');
    (await screen.findByRole('button', { name: 'Export CSV' })).click();
    await waitFor(() => expect(clicks).toEqual(['certificates-2026-03-10.csv']));
    screen.getByRole('button', { name: 'Export Excel' }).click();
    await waitFor(() => expect(sent).toHaveLength(2));

    expect(Object.fromEntries(sent[0].searchParams)).toEqual({
      status: 'expired',
      sort: '-name',
      q: 'fire',
      format: 'csv',
    });
    expect(sent[1].searchParams.get('format')).toBe('xlsx');
    expect(authorizations[0]).toMatch(/^Bearer /);
    expect(revoked).toHaveBeenCalledWith('blob:export');
  });
});
