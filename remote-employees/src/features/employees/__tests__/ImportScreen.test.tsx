import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, makeToken, mockApi, setupApiServer } from '@duly/shared/test-utils';
import type { ImportJob, ImportRowResult } from '@duly/shared';
import { renderEmployees } from '../../../testing/render';

const server = setupApiServer();
jest.setTimeout(15_000);

function job(fields: Partial<ImportJob>): ImportJob {
  return {
    id: 'preview-1',
    kind: 'employees',
    mode: 'upsert',
    dry_run: true,
    status: 'done',
    total_rows: 3,
    processed_rows: 3,
    created: 2,
    updated: 0,
    unchanged: 0,
    failed: 1,
    file_name: 'people.csv',
    headers: ['Email', 'First name'],
    mapping: { Email: 'email', 'First name': 'first_name' },
    sheet: null,
    date_order: null,
    preview_id: null,
    ...fields,
  };
}

const PREVIEW_ROWS: ImportRowResult[] = [
  {
    row: 1,
    outcome: 'create',
    changes: { email: [null, 'a@example.test'], first_name: [null, 'Jürgen'] },
  },
  { row: 2, outcome: 'create', changes: { email: [null, 'b@example.test'] } },
  {
    row: 3,
    outcome: 'error',
    errors: [{ column: 'Email', message: 'must be a valid email address' }],
  },
];

/** The API of one preview and one apply; what each upload sent. */
function serveImports() {
  const uploads: Record<string, string>[] = [];
  let polls = 0;
  server.use(
    http.post(apiUrl('/imports'), async ({ request }) => {
      const form = await request.formData();
      const fields = Object.fromEntries(
        [...form.entries()].map(([name, value]) => [
          name,
          typeof value === 'string' ? value : value.name,
        ]),
      );
      uploads.push(fields);
      const id = fields.dry_run === 'true' ? 'preview-1' : 'apply-1';
      return HttpResponse.json(job({ id, status: 'queued', dry_run: fields.dry_run === 'true' }), {
        status: 202,
      });
    }),
    http.get(apiUrl('/imports/:id'), ({ params }) => {
      if (params.id === 'preview-1') return HttpResponse.json(job({}));
      polls += 1;
      // The apply is seen running once, then done.
      return HttpResponse.json(
        polls < 2
          ? job({
              id: 'apply-1',
              dry_run: false,
              status: 'running',
              processed_rows: 1,
              created: 0,
              failed: 0,
            })
          : job({ id: 'apply-1', dry_run: false, preview_id: 'preview-1' }),
      );
    }),
    http.get(apiUrl('/imports/:id/rows'), ({ request }) => {
      const outcome = new URL(request.url).searchParams.get('outcome');
      const rows = outcome ? PREVIEW_ROWS.filter((row) => row.outcome === outcome) : PREVIEW_ROWS;
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }),
  );
  return uploads;
}

describe('/employees/import', () => {
  it('says the rows are loading, never that there are none, and offers a retry when they cannot be read', async () => {
    serveImports();
    let rowsAnswer: 'held' | 'fail' | 'serve' = 'held';
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(apiUrl('/imports/:id/rows'), async () => {
        if (rowsAnswer === 'held') await held;
        if (rowsAnswer !== 'serve') return new HttpResponse(null, { status: 500 });
        return HttpResponse.json(PREVIEW_ROWS, {
          headers: { 'X-Total-Count': String(PREVIEW_ROWS.length) },
        });
      }),
    );
    const user = userEvent.setup();
    renderEmployees('/employees/import');
    await screen.findByRole('heading', { level: 1, name: 'Import users' });
    const file = new File(['Email,First name\r\n'], 'people.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText(/^File/), file);
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Loading the rows...')).toBeInTheDocument();
    expect(within(preview).queryByText('No rows to show')).not.toBeInTheDocument();

    rowsAnswer = 'fail';
    release?.();
    expect(await within(preview).findByText('The rows could not be loaded.')).toBeInTheDocument();
    expect(within(preview).queryByText('No rows to show')).not.toBeInTheDocument();

    rowsAnswer = 'serve';
    await user.click(within(preview).getByRole('button', { name: 'Retry' }));
    expect(
      await within(preview).findByText('Email: must be a valid email address'),
    ).toBeInTheDocument();
  });

  it('previews a file (nothing changed), shows each row and its errors, then imports exactly that preview', async () => {
    const uploads = serveImports();
    const user = userEvent.setup();
    renderEmployees('/employees/import');
    // The import screen loads when it is opened (issue 32: not part of the list's module).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import users' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();

    const file = new File(['Email,First name\r\n'], 'people.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText(/^File/), file);
    await user.selectOptions(screen.getByLabelText('Mode'), 'insert');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(
      await within(preview).findByText(/2 would be created, 0 would be updated/),
    ).toBeInTheDocument();
    // The rows are a query of their own: they follow the summary.
    expect(
      await within(preview).findByText('Email: must be a valid email address'),
    ).toBeInTheDocument();
    expect(
      within(preview).getByText('email: a@example.test; first_name: Jürgen'),
    ).toBeInTheDocument();
    expect(within(preview).getByLabelText('Column "Email"')).toHaveValue('email');
    expect(uploads[0]).toMatchObject({
      kind: 'employees',
      mode: 'insert',
      dry_run: 'true',
      file: 'people.csv',
    });
    expect(uploads[0].send_invitations).toBeUndefined();

    await user.click(within(preview).getByRole('button', { name: 'Import' }));
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(
      await within(result).findByText(/2 created, 0 updated, 0 unchanged, 1 with errors/),
    ).toBeInTheDocument();
    expect(uploads[1]).toMatchObject({ dry_run: 'false', preview_id: 'preview-1' });
    expect(
      within(result).getByRole('button', { name: 'Download rows with errors (CSV)' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(result).getAllByRole('row')).toHaveLength(2));
  });

  it('sends invitations only when ticked, and says what is wrong with a refused file', async () => {
    const uploads: Record<string, string>[] = [];
    server.use(
      http.post(apiUrl('/imports'), async ({ request }) => {
        const form = await request.formData();
        uploads.push(
          Object.fromEntries(
            [...form.entries()].map(([k, v]) => [k, String(typeof v === 'string' ? v : v.name)]),
          ),
        );
        return HttpResponse.json(
          {
            message: 'File is empty.',
            code: 'validation_failed',
            errors: [{ path: 'file', message: 'is empty' }],
          },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    renderEmployees('/employees/import');
    await user.upload(screen.getByLabelText(/^File/), new File([''], 'empty.csv'));
    await user.click(screen.getByLabelText('Send invitations'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File is empty.');
    expect(uploads[0].send_invitations).toBe('true');
  });

  it('opens the result of the import the bell links to (?import=<id>)', async () => {
    serveImports();
    renderEmployees('/employees/import?import=apply-1');
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(
      await within(result).findByText(
        /2 created, 0 updated, 0 unchanged, 1 with errors/,
        undefined,
        {
          timeout: 5000,
        },
      ),
    ).toBeInTheDocument();
  });

  it('offers Import on the list to admins and managers (they may add people), not to employees', async () => {
    server.use(...mockApi({ employees: [] }).handlers('employees'));
    const { unmount } = renderEmployees('/employees');
    expect(await screen.findByRole('link', { name: 'Import' })).toHaveAttribute(
      'href',
      '/employees/import',
    );
    unmount();
    const manager = renderEmployees('/employees', makeToken({ role: 'manager' }));
    expect(await screen.findByRole('link', { name: 'Import' })).toHaveAttribute(
      'href',
      '/employees/import',
    );
    manager.unmount();
    renderEmployees('/employees', makeToken({ role: 'employee' }));
    await screen.findByText('No employees found');
    expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
  });
});
