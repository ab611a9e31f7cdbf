import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl, makeToken, setupApiServer } from '@duly/shared/test-utils';
import { dashboardHandlers, organizationHandlers } from '../../../testing/handlers';
import { renderShell } from '../../../testing/renderShell';
import type { WebhookDelivery, WebhookEndpoint } from '../api';
import { chromeDefaults } from '../../../testing/chromeDefaults';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => new Promise(() => {})),
}));

jest.setTimeout(20_000);

const ENDPOINT: WebhookEndpoint = {
  id: 'hook-1',
  url: 'https://hr.example.com/duly',
  description: 'Our HR system',
  events: ['task.created', 'certificate.expired'],
  format: 'standard',
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-11-20T04:30:00.000Z',
  updated_at: '2026-11-20T04:30:00.000Z',
};

const PING: WebhookDelivery = {
  id: 'msg_1',
  event: 'ping',
  status: 'delivered',
  attempts: 1,
  response_status: 200,
  response_body: 'thanks',
  duration_ms: 42,
  last_error: null,
  last_attempt_at: '2026-11-26T06:00:00.000Z',
  next_attempt_at: null,
  delivered_at: '2026-11-26T06:00:00.000Z',
  created_at: '2026-11-26T06:00:00.000Z',
  payload: '{"type":"ping"}',
};

/** A small in-memory backend of /webhooks. */
function backend() {
  const state = {
    endpoints: [ENDPOINT] as WebhookEndpoint[],
    deliveries: [] as WebhookDelivery[],
    created: [] as unknown[],
    redelivered: [] as string[],
  };
  const handlers = [
    http.get(apiUrl('/webhooks/'), () => HttpResponse.json(state.endpoints)),
    http.post(apiUrl('/webhooks/'), async ({ request }) => {
      const body = (await request.json()) as { url: string; events: string[] };
      state.created.push(body);
      const endpoint = { ...ENDPOINT, id: 'hook-2', url: body.url, description: null };
      state.endpoints.push(endpoint);
      return HttpResponse.json(
        { ...endpoint, secret: 'whsec_c2VjcmV0LXNob3duLW9uY2U=' },
        { status: 201 },
      );
    }),
    http.get(apiUrl('/webhooks/:id'), ({ params }) => {
      const found = state.endpoints.find((endpoint) => endpoint.id === params.id);
      return found
        ? HttpResponse.json(found)
        : HttpResponse.json({ message: 'Webhook not found', code: 'not_found' }, { status: 404 });
    }),
    http.get(apiUrl('/webhooks/:id/deliveries'), () => HttpResponse.json(state.deliveries)),
    http.post(apiUrl('/webhooks/:id/test'), () => {
      state.deliveries.unshift(PING);
      return HttpResponse.json(PING);
    }),
    http.post(apiUrl('/webhooks/:id/deliveries/:deliveryId/redeliver'), ({ params }) => {
      state.redelivered.push(String(params.deliveryId));
      return HttpResponse.json({ ...PING, attempts: 2 });
    }),
  ];
  return { state, handlers };
}

const server = setupApiServer(
  dashboardHandlers.ok(),
  organizationHandlers.ok(),
  ...chromeDefaults(),
);
const admin = () => makeToken({ role: 'admin' });

describe('/settings/webhooks', () => {
  it('opens from the avatar menu of an admin and lists the endpoints', async () => {
    const { handlers } = backend();
    server.use(...handlers);
    const { user, currentPath } = renderShell({ route: '/dashboard', token: admin() });
    await user.click(screen.getByRole('button', { name: /Account menu$/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Webhooks' }));
    expect(currentPath()).toBe('/settings/webhooks');
    expect(await screen.findByRole('heading', { name: 'Webhooks', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    expect(within(table).getByText(ENDPOINT.url)).toBeInTheDocument();
    expect(within(table).getByText('Our HR system')).toBeInTheDocument();
    expect(within(table).getByText('Enabled')).toBeInTheDocument();
  });

  it('is not in the menu of a manager, and tells them it is for admins', async () => {
    const { user } = renderShell({
      route: '/settings/webhooks',
      token: makeToken({ role: 'manager' }),
    });
    expect(await screen.findByText('Only admins can manage webhooks.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Account menu$/ }));
    expect(screen.queryByRole('menuitem', { name: 'Webhooks' })).not.toBeInTheDocument();
  });

  it('adds a webhook with the chosen events and shows its secret once', async () => {
    const { state, handlers } = backend();
    server.use(...handlers);
    const { user, currentPath } = renderShell({ route: '/settings/webhooks', token: admin() });
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = screen.getByRole('form', { name: 'Add webhook' });
    // Refused before it is sent: no URL, no event.
    for (const box of within(form).getAllByRole('checkbox', { checked: true })) {
      await user.click(box);
    }
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(within(form).getByText('Enter an http(s) URL')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one event')).toBeInTheDocument();
    expect(state.created).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Endpoint URL/), 'https://chat.example.com/in');
    await user.click(within(form).getByRole('checkbox', { name: 'Task overdue' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Certificate expired' }));
    await user.selectOptions(within(form).getByLabelText('Format'), 'Slack incoming webhook');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));

    await waitFor(() => expect(state.created).toHaveLength(1));
    expect(state.created[0]).toEqual({
      url: 'https://chat.example.com/in',
      events: ['task.overdue', 'certificate.expired'],
      description: null,
      format: 'slack',
    });
    const secretCard = await screen.findByRole('region', { name: 'Signing secret' });
    expect(within(secretCard).getByText('whsec_c2VjcmV0LXNob3duLW9uY2U=')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(currentPath()).toBe('/settings/webhooks/hook-2');
    expect(screen.queryByText('whsec_c2VjcmV0LXNob3duLW9uY2U=')).not.toBeInTheDocument();
  });

  it('sends a test, shows it in the delivery log and redelivers it', async () => {
    const { state, handlers } = backend();
    server.use(...handlers);
    const { user } = renderShell({ route: '/settings/webhooks/hook-1', token: admin() });
    expect(await screen.findByRole('heading', { name: 'Details' })).toBeInTheDocument();
    expect(
      await screen.findByText('No deliveries yet. Send a test to see one here.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send test' }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    const row = (await within(log).findByText('ping')).closest('tr')!;
    for (const text of ['Delivered', '200', '42 ms', 'thanks']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    await user.click(within(row).getByRole('button', { name: /^Redeliver ping/ }));
    await waitFor(() => expect(state.redelivered).toEqual(['msg_1']));
  });
});
