import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  apiUrl,
  makeToken,
  mockApi,
  pinClock,
  renderWithProviders,
  setupApiServer,
  unpinClock,
  uuid,
} from '../../test-utils';
import type { ActivityEntry } from '../../contract/types';
import { History } from '../screen/History';

const server = setupApiServer();

/** 15:30 in Asia/Kolkata on 12 Mar 2026. */
const NOW = '2026-03-12T10:00:00.000Z';
const certificateId = uuid();
const rahul = { id: uuid(), full_name: 'Rahul Verma' };

function entry(id: number, fields: Partial<ActivityEntry>): ActivityEntry {
  return {
    id,
    at: NOW,
    actor: rahul,
    actor_kind: 'user',
    entity_type: 'certificate',
    entity_id: certificateId,
    action: 'updated',
    changes: {},
    ...fields,
  };
}

function show(activity: ActivityEntry[], pageSize?: number) {
  const api = mockApi({ activity });
  server.use(...api.handlers('activity'));
  const view = renderWithProviders(
    <History entityType="certificate" entityId={certificateId} pageSize={pageSize} />,
    { token: makeToken() },
  );
  return { api, ...view };
}

beforeEach(() => pinClock(NOW));
afterEach(() => unpinClock());

describe('History', () => {
  it('tells who changed what and when, newest first, dates in Asia/Kolkata', async () => {
    show([
      entry(1, {
        at: '2026-03-10T04:30:00.000Z',
        action: 'created',
        changes: { name: [null, 'Fire Safety'] },
      }),
      entry(2, {
        // 3 hours before NOW; an instant late on 11 Mar in UTC that is 12 Mar in Kolkata.
        at: '2026-03-12T07:00:00.000Z',
        changes: { expiry_date: ['2026-03-12', '2027-03-12'] },
      }),
      entry(3, {
        at: '2026-03-12T09:59:40.000Z',
        actor: null,
        actor_kind: 'system',
        action: 'status_changed',
        changes: { status: ['active', 'expired'] },
      }),
    ]);
    const section = await screen.findByRole('region', { name: 'History' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Duly changed the status from Active to Expired · just now',
      'Rahul Verma changed the expiry date from 12 Mar 2026 to 12 Mar 2027 · 3 hours ago',
      'Rahul Verma created this certificate · 2 days ago',
    ]);
    const time = within(items[1] as HTMLElement).getByText('3 hours ago');
    expect(time).toHaveAttribute('dateTime', '2026-03-12T07:00:00.000Z');
    expect(time).toHaveAttribute('title', '12 Mar 2026, 12:30');
  });

  it('names people by name, not id, and says when a value was set or cleared', async () => {
    show([
      entry(1, {
        action: 'assigned',
        changes: {
          incharge_person_id: [uuid(), uuid()],
          assigned_to: ['Priya Shah', 'Asha Rao'],
          description: ['Old text', null],
          department: [null, 'Finance'],
        },
      }),
    ]);
    expect(
      await screen.findByText(
        'Rahul Verma changed the person in charge from Priya Shah to Asha Rao, cleared the description (was Old text) and set the department to Finance',
        { exact: false },
      ),
    ).toBeVisible();
  });

  it('pages through a long history', async () => {
    const many = Array.from({ length: 5 }, (_, i) =>
      entry(i + 1, { changes: { name: [`v${i}`, `v${i + 1}`] } }),
    );
    const { user, api } = show(many, 2);
    const section = await screen.findByRole('region', { name: 'History' });
    expect(await within(section).findByText(/from v4 to v5/)).toBeVisible();
    expect(within(section).getByText('1–2 of 5')).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Next' }));
    expect(await within(section).findByText(/from v2 to v3/)).toBeVisible();
    expect(within(section).queryByText(/from v4 to v5/)).toBeNull();
    const asked = api.sent('GET', '/activity').map((request) => request.query.toString());
    expect(asked).toContain(`entity_type=certificate&entity_id=${certificateId}&limit=2&offset=2`);
  });

  it('says when nothing is recorded yet, and offers Retry on an error', async () => {
    show([]);
    expect(await screen.findByText('No changes recorded yet.')).toBeVisible();
    server.use(
      http.get(apiUrl('/activity'), () =>
        HttpResponse.json({ message: 'boom', code: 'INTERNAL' }, { status: 500 }),
      ),
    );
    renderWithProviders(<History entityType="task" entityId={uuid()} />, { token: makeToken() });
    expect(await screen.findByText('Error loading history. Please try again.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
