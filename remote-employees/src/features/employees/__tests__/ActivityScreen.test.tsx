import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  apiUrl,
  makeToken,
  mockApi,
  pinClock,
  priya,
  rahul,
  setupApiServer,
  unpinClock,
  uuid,
} from '@duly/shared/test-utils';
import type { ActivityEntry, ActivityVerification } from '@duly/shared';
import { renderEmployees } from '../../../testing/render';

const server = setupApiServer();

/** 15:30 in Asia/Kolkata on 12 Mar 2026. */
const NOW = '2026-03-12T10:00:00.000Z';
const certificateId = uuid();

/** Entry `id`, one minute older than entry `id + 1`. */
function entry(id: number, fields: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id,
    at: new Date(Date.parse(NOW) - (1000 - id) * 60_000).toISOString(),
    actor: { id: rahul.id, full_name: rahul.full_name },
    actor_kind: 'user',
    entity_type: 'certificate',
    entity_id: certificateId,
    action: 'updated',
    changes: { name: [`Name ${id - 1}`, `Name ${id}`] },
    ...fields,
  };
}

/** Serves GET /activity as the API does (newest first, `before=`, 50 a page), noting each query. */
function serveActivity(entries: ActivityEntry[]) {
  const queries: URLSearchParams[] = [];
  const newestFirst = [...entries].sort((a, b) => b.id - a.id);
  // The people first: their mock answers GET /activity too, and the later use() wins.
  server.use(...mockApi({ employees: [priya, rahul] }).handlers('employees'));
  server.use(
    http.get(apiUrl('/activity'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const before = query.get('before');
      const rows = newestFirst.filter(
        (row) =>
          (before === null || row.id < Number(before)) &&
          (query.get('action') === null || row.action === query.get('action')),
      );
      const limit = Number(query.get('limit') ?? 50);
      return HttpResponse.json(rows.slice(0, limit), {
        headers: { 'X-Total-Count': String(rows.length) },
      });
    }),
  );
  return queries;
}

const sentences = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

beforeEach(() => pinClock(NOW));
afterEach(() => unpinClock());

describe('/employees/activity', () => {
  it('shows the organisation’s entries newest first, each as a sentence from old to new', async () => {
    serveActivity([entry(1), entry(2, { action: 'created', changes: {} }), entry(3)]);
    renderEmployees('/employees/activity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    await screen.findByRole('table');
    const rows = sentences();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/Rahul Verma .*Name 2.*Name 3/);
    expect(rows[2]).toMatch(/Rahul Verma .*Name 0.*Name 1/);
    const link = within(screen.getByRole('table')).getAllByRole('link', { name: 'Certificate' })[0];
    expect(link).toHaveAttribute('href', `/certificates/${certificateId}`);
  });

  it('sends the filters to the API and starts again from the newest page', async () => {
    const user = userEvent.setup();
    const queries = serveActivity([entry(1), entry(2, { action: 'renewed' })]);
    renderEmployees('/employees/activity');
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Action'), 'renewed');
    await waitFor(() => expect(sentences()).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Kind of item'), 'certificate');
    await user.selectOptions(
      await screen
        .findByRole('option', { name: priya.full_name! })
        .then(() => screen.getByLabelText('Person')),
      priya.id,
    );
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-12');
    await waitFor(() => {
      const last = queries[queries.length - 1]!;
      expect(last.get('action')).toBe('renewed');
      expect(last.get('entity_type')).toBe('certificate');
      expect(last.get('actor_id')).toBe(priya.id);
      // Days in Asia/Kolkata: from its midnight (UTC 18:30 the day before) to the end of "To".
      expect(last.get('since')).toBe('2026-02-28T18:30:00.000Z');
      expect(last.get('until')).toBe('2026-03-12T18:29:59.999Z');
      expect(last.get('before')).toBeNull();
    });
  });

  it('pages by key: Older asks for the entries before the last one shown, Newer goes back', async () => {
    const user = userEvent.setup();
    const queries = serveActivity(Array.from({ length: 60 }, (_, index) => entry(index + 1)));
    renderEmployees('/employees/activity');
    await screen.findByRole('table');
    const paging = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(paging).getByRole('button', { name: 'Newer' })).toBeDisabled();
    expect(sentences()).toHaveLength(50);
    expect(sentences()[0]).toMatch(/Name 60$/);

    await user.click(within(paging).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(sentences()).toHaveLength(10));
    expect(sentences()[0]).toMatch(/Name 10$/);
    expect(queries[queries.length - 1]!.get('before')).toBe('11');
    expect(within(paging).getByRole('button', { name: 'Older' })).toBeDisabled();

    await user.click(within(paging).getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(sentences()[0]).toMatch(/Name 60$/));
    expect(within(paging).getByRole('button', { name: 'Newer' })).toBeDisabled();
  });

  it('exports the filtered entries as CSV with the caller’s token', async () => {
    const user = userEvent.setup();
    serveActivity([entry(1)]);
    const exports: { url: URL; authorization: string | null }[] = [];
    server.use(
      http.get(apiUrl('/activity/export'), ({ request }) => {
        exports.push({
          url: new URL(request.url),
          authorization: request.headers.get('authorization'),
        });
        return new HttpResponse('id,at\n1,x\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const createObjectURL = jest.fn(() => 'blob:activity');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const token = makeToken();
    renderEmployees('/employees/activity', token);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Action'), 'updated');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(exports).toHaveLength(1);
    expect(exports[0]!.url.searchParams.get('format')).toBe('csv');
    expect(exports[0]!.url.searchParams.get('action')).toBe('updated');
    expect(exports[0]!.url.searchParams.get('limit')).toBeNull();
    expect(exports[0]!.authorization).toBe(`Bearer ${token}`);
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('activity.csv');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:activity');
    click.mockRestore();
  });

  it('says the history is intact, or names the first altered entry', async () => {
    const user = userEvent.setup();
    serveActivity([entry(1)]);
    let answer: ActivityVerification = { ok: true, checked: 1234 };
    server.use(http.get(apiUrl('/activity/verify'), () => HttpResponse.json(answer)));
    renderEmployees('/employees/activity');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Verify history' }));
    expect(
      await screen.findByText('The history is intact: 1,234 entries checked.'),
    ).toBeInTheDocument();

    answer = { ok: true, checked: 1234, unsealed: 3 };
    await user.click(screen.getByRole('button', { name: 'Verify history' }));
    expect(
      await screen.findByText(
        'The history is intact: 1,234 entries checked. 3 newer entries are not sealed yet: verify again in a moment to include them.',
      ),
    ).toBeInTheDocument();

    answer = { ok: false, checked: 41, first_broken_id: 42 };
    await user.click(screen.getByRole('button', { name: 'Verify history' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The history was altered: entry #42 does not match the chain (41 entries checked before it).',
    );
  });

  it('tells a manager that only admins see it, and asks the API nothing', async () => {
    const queries = serveActivity([entry(1)]);
    renderEmployees('/employees/activity', makeToken({ role: 'manager' }));
    expect(
      await screen.findByText("Only admins can see the organisation's activity."),
    ).toBeInTheDocument();
    expect(queries).toHaveLength(0);
  });
});
