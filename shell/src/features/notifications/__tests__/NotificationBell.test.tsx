import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, makeToken, setupApiServer } from '@duly/shared/test-utils';
import { dashboardHandlers, organizationHandlers } from '../../../testing/handlers';
import { makeNotice, notificationsBackend } from '../../../testing/notifications';
import { renderShell } from '../../../testing/renderShell';
import { chromeDefaults } from '../../../testing/chromeDefaults';
import { resetFirstPaintForTests } from '../../first-paint';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => new Promise(() => {})),
}));

const server = setupApiServer(
  dashboardHandlers.ok(),
  organizationHandlers.ok(),
  ...chromeDefaults(),
);

function useBackend(...args: Parameters<typeof notificationsBackend>) {
  const backend = notificationsBackend(...args);
  server.use(...backend.handlers);
  return backend;
}

function renderWithBell() {
  return renderShell({ route: '/dashboard', token: makeToken() });
}

async function openPanel(user: ReturnType<typeof renderShell>['user']) {
  await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  // The panel's module loads on the first opening: it appears once it is in.
  return screen.findByRole('dialog', { name: 'Notifications' });
}

afterEach(() => jest.restoreAllMocks());

describe('the notification bell', () => {
  it("asks for the unread count only once the chrome's first frame is painted (issue 32)", async () => {
    useBackend([makeNotice()]);
    resetFirstPaintForTests();
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', record);
    try {
      renderWithBell();
      const bell = await screen.findByRole('button', { name: 'Notifications' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(asked.filter((url) => url.endsWith('/notifications/unread-count'))).toEqual([]);
      expect(bell).toHaveAccessibleName('Notifications');
      act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
      expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
      expect(asked.filter((url) => url.endsWith('/notifications/unread-count'))).toHaveLength(1);
    } finally {
      server.events.removeListener('request:start', record);
    }
  });

  it('shows the unread count on the bell and names it for screen readers', async () => {
    useBackend([makeNotice(), makeNotice(), makeNotice({ read_at: '2026-11-24T04:00:00.000Z' })]);
    renderWithBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveTextContent('2');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows no count when everything is read, and 99+ beyond 99', async () => {
    const backend = useBackend([makeNotice({ read_at: '2026-11-24T04:00:00.000Z' })]);
    const { unmount } = renderWithBell();
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(bell).toHaveTextContent('');
    unmount();

    backend.notices.push(...Array.from({ length: 120 }, () => makeNotice()));
    renderWithBell();
    expect(
      await screen.findByRole('button', { name: 'Notifications, 99+ unread' }),
    ).toHaveTextContent('99+');
  });

  it('lists what each notice is, its item with a link to the item’s page, and when', async () => {
    useBackend([
      makeNotice({
        kind: 'task_overdue',
        item_id: 'task-7',
        item_title: 'File the GST return',
        item_date: '2026-11-20T12:30:00.000Z',
        created_at: '2026-11-24T03:30:00.000Z',
      }),
      makeNotice({
        kind: 'certificate_reminder',
        item_id: 'cert-9',
        item_title: 'Fire safety licence',
        item_date: '2026-12-01',
        created_at: '2026-11-24T04:30:00.000Z',
      }),
    ]);
    const { user } = renderWithBell();
    const panel = await openPanel(user);

    const items = await within(panel).findAllByRole('listitem');
    // Newest first.
    expect(items[0]).toHaveTextContent('Certificate reminder · Nov 24, 2026 10:00');
    expect(items[0]).toHaveTextContent('Expires Dec 1, 2026');
    expect(within(items[0]).getByRole('link', { name: 'Fire safety licence' })).toHaveAttribute(
      'href',
      '/certificates/cert-9',
    );
    expect(items[1]).toHaveTextContent('Task overdue · Nov 24, 2026 09:00');
    // Asia/Kolkata: 12:30 UTC is 18:00 there.
    expect(items[1]).toHaveTextContent('Due Nov 20, 2026 18:00');
    expect(within(items[1]).getByRole('link', { name: 'File the GST return' })).toHaveAttribute(
      'href',
      '/tasks/task-7',
    );
    // Unread is said in words too, not only by the dot and the bold type.
    expect(items[0]).toHaveTextContent('Unread: Certificate reminder');
  });

  it('says when the item was renewed or moved since, instead of showing the old date as current (issue 33)', async () => {
    useBackend([
      makeNotice({
        kind: 'certificate_expired',
        item_type: 'certificate',
        item_title: 'Fire safety licence',
        item_date: '2026-12-01',
        item_current_date: '2027-12-01',
        created_at: '2026-11-24T04:30:00.000Z',
      }),
      makeNotice({
        kind: 'task_overdue',
        item_type: 'task',
        item_title: 'File the GST return',
        item_date: '2026-11-20T12:30:00.000Z',
        item_current_date: '2026-11-27T12:30:00.000Z',
        created_at: '2026-11-24T03:30:00.000Z',
      }),
      makeNotice({
        kind: 'certificate_reminder',
        item_type: 'certificate',
        item_title: 'First aid',
        item_date: '2026-12-05',
        item_current_date: '2026-12-05',
        created_at: '2026-11-24T02:30:00.000Z',
      }),
    ]);
    const { user } = renderWithBell();
    const panel = await openPanel(user);
    const items = await within(panel).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Renewed since: now expires Dec 1, 2027 (was Dec 1, 2026)');
    expect(items[1]).toHaveTextContent(
      'Due date changed since: now due Nov 27, 2026 18:00 (was Nov 20, 2026 18:00)',
    );
    // Unchanged: the date as before.
    expect(items[2]).toHaveTextContent('Expires Dec 5, 2026');
    expect(items[2]).not.toHaveTextContent('since');
  });

  it('tells an admin that a webhook was disabled, with a link to the webhook', async () => {
    useBackend([
      makeNotice({
        kind: 'webhook_disabled',
        item_type: 'webhook',
        item_id: 'hook-3',
        item_title: 'https://hooks.example.com/duly',
        item_date: '2026-11-24T04:30:00.000Z',
        created_at: '2026-11-24T04:30:00.000Z',
      }),
    ]);
    const { user } = renderWithBell();
    const panel = await openPanel(user);
    const [item] = await within(panel).findAllByRole('listitem');
    expect(item).toHaveTextContent('Webhook disabled · Nov 24, 2026 10:00');
    expect(item).toHaveTextContent('Failing for 24 hours; disabled Nov 24, 2026 10:00');
    expect(
      within(item).getByRole('link', { name: 'https://hooks.example.com/duly' }),
    ).toHaveAttribute('href', '/settings/webhooks/hook-3');
  });

  it('tells whoever started an import that it ended, with a link to its result', async () => {
    useBackend([
      makeNotice({
        kind: 'import_failed',
        item_type: 'certificates_import',
        item_id: 'import-2',
        item_title: 'certs.csv',
        item_date: '2026-11-24T05:00:00.000Z',
        created_at: '2026-11-24T05:00:00.000Z',
      }),
      makeNotice({
        kind: 'import_done',
        item_type: 'employees_import',
        item_id: 'import-1',
        item_title: 'people.csv: 40 created, 1 not imported',
        item_date: '2026-11-24T04:30:00.000Z',
        created_at: '2026-11-24T04:30:00.000Z',
      }),
    ]);
    const { user } = renderWithBell();
    const panel = await openPanel(user);
    const [failed, done] = await within(panel).findAllByRole('listitem');
    expect(failed).toHaveTextContent('Import failed · Nov 24, 2026 10:30');
    expect(within(failed).getByRole('link', { name: 'certs.csv' })).toHaveAttribute(
      'href',
      '/certificates/import?import=import-2',
    );
    expect(done).toHaveTextContent('Import finished · Nov 24, 2026 10:00');
    expect(done).toHaveTextContent('Ended Nov 24, 2026 10:00');
    expect(
      within(done).getByRole('link', { name: 'people.csv: 40 created, 1 not imported' }),
    ).toHaveAttribute('href', '/employees/import?import=import-1');
  });

  it('marks one notice read, which lowers the count', async () => {
    const backend = useBackend([makeNotice({ item_title: 'Fire safety licence' }), makeNotice()]);
    const { user } = renderWithBell();
    const panel = await openPanel(user);

    await user.click(
      await within(panel).findByRole('button', { name: 'Mark as read: Fire safety licence' }),
    );

    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
    expect(backend.writes).toEqual([
      { method: 'PATCH', path: `/notifications/${backend.notices[0].id}`, body: { read: true } },
    ]);
    await waitFor(() =>
      expect(
        within(panel).queryByRole('button', { name: 'Mark as read: Fire safety licence' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('following a link opens the item’s page, closes the panel and marks the notice read', async () => {
    const backend = useBackend([
      makeNotice({ kind: 'task_escalated', item_id: 'task-3', item_title: 'Renew the lease' }),
    ]);
    // No remote is deployed in these tests: the task page's failed load is only logged.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user, currentPath } = renderWithBell();
    const panel = await openPanel(user);

    await user.click(await within(panel).findByRole('link', { name: 'Renew the lease' }));

    expect(currentPath()).toBe('/tasks/task-3');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(backend.notices[0].read_at).not.toBeNull();
  });

  it('marks all as read; the button is off when nothing is unread', async () => {
    const backend = useBackend([makeNotice(), makeNotice(), makeNotice()]);
    const { user } = renderWithBell();
    const panel = await openPanel(user);
    await within(panel).findAllByRole('listitem');

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(backend.writes.map((write) => write.path)).toEqual(['/notifications/read-all']);
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled(),
    );
    expect(within(panel).queryByText(/^Unread:/)).not.toBeInTheDocument();
    // The disabled button cannot hold focus: the panel keeps it, and Escape still closes.
    await waitFor(() => expect(panel).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('says so when there is nothing to show', async () => {
    useBackend([]);
    const { user } = renderWithBell();
    const panel = await openPanel(user);
    expect(await within(panel).findByText('You have no notifications.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says so when the notices cannot be loaded, and tries again on Retry', async () => {
    const backend = useBackend([makeNotice({ item_title: 'Back again' })]);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(apiUrl('/notifications/'), () =>
        HttpResponse.json({ message: 'Boom', code: 'internal' }, { status: 500 }),
      ),
    );
    const { user } = renderWithBell();
    const panel = await openPanel(user);
    expect(
      await within(panel).findByText('Could not load your notifications.'),
    ).toBeInTheDocument();

    server.use(...backend.handlers);
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });

  it('pages with Show more when there are more notices than shown', async () => {
    useBackend(
      Array.from({ length: 25 }, (_, index) =>
        makeNotice({ created_at: new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString() }),
      ),
    );
    const { user } = renderWithBell();
    const panel = await openPanel(user);
    expect(await within(panel).findAllByRole('listitem')).toHaveLength(20);
    await user.click(within(panel).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(25));
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('moves focus into the panel; Escape closes it and gives focus back to the bell', async () => {
    useBackend([makeNotice()]);
    const { user } = renderWithBell();
    const panel = await openPanel(user);
    expect(panel).toHaveFocus();
    const bell = screen.getByRole('button', { name: /^Notifications/ });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(bell).toHaveAttribute('aria-controls', panel.id);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a press outside', async () => {
    useBackend([makeNotice()]);
    const { user } = renderWithBell();
    await openPanel(user);
    await user.click(screen.getByText('Duly'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('asks for the count again when the person comes back to the window', async () => {
    const backend = useBackend([makeNotice()]);
    renderWithBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    backend.notices.push(makeNotice(), makeNotice());
    // Focus and visibility both fire on a return; one refresh is enough, and not at once.
    const later = Date.now() + 5000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      expect(
        await screen.findByRole('button', { name: 'Notifications, 3 unread' }),
      ).toBeInTheDocument();
    } finally {
      jest.restoreAllMocks();
    }
  });
});
