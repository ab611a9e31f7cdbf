import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Profile } from '@duly/shared';
import { TEST_USER_CLAIMS, apiUrl, makeToken, setupApiServer } from '@duly/shared/test-utils';
import {
  dashboardHandlers,
  organizationHandlers,
  TEST_ORGANIZATION,
} from '../../../testing/handlers';
import { notificationsBackend } from '../../../testing/notifications';
import { renderShell } from '../../../testing/renderShell';
import type { ApiToken } from '../api';
import { subscribeLinks } from '../CalendarSection';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => new Promise(() => {})),
}));

jest.setTimeout(20_000);

function profileOf(role: Profile['role']): Profile {
  return {
    id: TEST_USER_CLAIMS.sub,
    email: TEST_USER_CLAIMS.email,
    full_name: 'Asha Rao',
    role,
    organization_id: TEST_USER_CLAIMS.organization_id,
    organization_name: TEST_ORGANIZATION.name,
  };
}

const FEED = 'https://duly.test/api/v1/calendar/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.ics';
const SECRET_TOKEN = 'duly_pat_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

/** An in-memory /profile/api-tokens and /profile/calendar-url; records what was sent. */
function backend(role: Profile['role'] = 'employee') {
  const tokens: ApiToken[] = [
    {
      id: 't-old',
      name: 'Old script',
      scope: 'read',
      created_at: '2026-10-01T04:00:00.000Z',
      expires_at: '2026-12-30T04:00:00.000Z',
      last_used_at: null,
    },
  ];
  const sent: unknown[] = [];
  let calendarScope: string | null = null;
  /** What GET answers as the URL once one is made (null: made before a key change). */
  let shownUrl: string | null = FEED;
  const handlers = [
    http.get(apiUrl('/profile/'), () => HttpResponse.json(profileOf(role))),
    http.get(apiUrl('/profile/api-tokens'), () => HttpResponse.json(tokens)),
    http.post(apiUrl('/profile/api-tokens'), async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      sent.push(body);
      const token = {
        id: 't-new',
        name: body.name,
        scope: body.scope as ApiToken['scope'],
        created_at: '2026-11-26T04:00:00.000Z',
        expires_at: body.expires_at,
        last_used_at: null,
      };
      tokens.unshift(token);
      return HttpResponse.json({ ...token, token: SECRET_TOKEN }, { status: 201 });
    }),
    http.delete(apiUrl('/profile/api-tokens/:id'), ({ params }) => {
      sent.push({ revoked: params.id });
      tokens.splice(
        tokens.findIndex((token) => token.id === params.id),
        1,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/profile/calendar-url'), () =>
      HttpResponse.json({ url: calendarScope ? shownUrl : null, scope: calendarScope }),
    ),
    http.post(apiUrl('/profile/calendar-url'), async ({ request }) => {
      const body = (await request.json()) as { scope: string };
      sent.push(body);
      calendarScope = body.scope;
      return HttpResponse.json({ url: FEED, scope: body.scope });
    }),
  ];
  return {
    handlers,
    sent,
    tokens,
    madeBeforeKeyChange() {
      calendarScope = 'mine';
      shownUrl = null;
    },
    madeWithScope(scope: string) {
      calendarScope = scope;
    },
  };
}

const server = setupApiServer(dashboardHandlers.ok(), organizationHandlers.ok());

beforeEach(() => {
  server.use(...notificationsBackend([], {}).handlers);
});

describe('profile → API tokens', () => {
  it('creates a token, shows it once, lists it without it, and revokes one', async () => {
    const api = backend('employee');
    server.use(...api.handlers);
    const { user } = renderShell({ route: '/profile', token: makeToken() });

    const section = await screen.findByRole('region', { name: 'API tokens' });
    const table = await within(section).findByRole('table', { name: 'Your API tokens' });
    expect(within(table).getByText('Old script')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    // Only admins may make tokens that never expire.
    expect(
      within(within(section).getByLabelText('Expires after')).queryByRole('option', {
        name: 'Never',
      }),
    ).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Create token' }));
    expect(await within(section).findByText('Name is required')).toBeInTheDocument();

    await user.type(within(section).getByLabelText(/Token name/), 'Nightly export');
    await user.selectOptions(within(section).getByLabelText('Access'), 'read-write');
    await user.click(within(section).getByRole('button', { name: 'Create token' }));

    const shown = await within(section).findByLabelText('New token “Nightly export”');
    expect(shown).toHaveValue(SECRET_TOKEN);
    expect(api.sent[0]).toMatchObject({ name: 'Nightly export', scope: 'read-write' });
    const days =
      (Date.parse((api.sent[0] as { expires_at: string }).expires_at) - Date.now()) / 864e5;
    expect(Math.round(days)).toBe(90);
    expect(await within(table).findByText('Nightly export')).toBeInTheDocument();

    // Done: the secret is gone from the screen for good.
    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(SECRET_TOKEN)).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Revoke Old script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.sent).toContainEqual({ revoked: 't-old' }));
    await waitFor(() => expect(within(table).queryByText('Old script')).toBeNull());
  });

  it('offers admins tokens that never expire', async () => {
    server.use(...backend('admin').handlers);
    renderShell({ route: '/profile', token: makeToken({ role: 'admin' }) });
    const section = await screen.findByRole('region', { name: 'API tokens' });
    expect(
      await within(within(section).getByLabelText('Expires after')).findByRole('option', {
        name: 'Never',
      }),
    ).toBeInTheDocument();
  });
});

describe('profile → Calendar', () => {
  it('makes the URL, shows it with copy and subscribe links', async () => {
    const api = backend('employee');
    server.use(...api.handlers);
    const { user } = renderShell({ route: '/profile', token: makeToken() });

    const section = await screen.findByRole('region', { name: 'Calendar' });
    // Employees subscribe to their own deadlines only: no choice offered.
    expect(within(section).queryByLabelText('Show')).toBeNull();
    await user.click(await within(section).findByRole('button', { name: 'Create calendar URL' }));
    expect(await within(section).findByLabelText('Calendar URL')).toHaveValue(FEED);
    expect(api.sent).toEqual([{ scope: 'mine' }]);
    const links = subscribeLinks(FEED);
    expect(within(section).getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
      'href',
      links.google,
    );
    expect(links.google).toContain(encodeURIComponent('webcal://duly.test/api/v1/calendar/'));
    expect(within(section).getByRole('link', { name: 'Add to Outlook' })).toHaveAttribute(
      'href',
      links.outlook,
    );
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(section).getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith(FEED);
  });

  it('lets a manager subscribe to the organisation', async () => {
    const api = backend('manager');
    server.use(...api.handlers);
    const { user } = renderShell({ route: '/profile', token: makeToken({ role: 'manager' }) });
    const section = await screen.findByRole('region', { name: 'Calendar' });
    await user.selectOptions(await within(section).findByLabelText('Show'), 'organization');
    await user.click(within(section).getByRole('button', { name: 'Create calendar URL' }));
    await waitFor(() => expect(api.sent).toEqual([{ scope: 'organization' }]));
  });

  it('after a reload the URL is shown again, with its copy and subscribe links', async () => {
    const api = backend('employee');
    server.use(...api.handlers);
    const first = renderShell({ route: '/profile', token: makeToken() });
    let section = await screen.findByRole('region', { name: 'Calendar' });
    await first.user.click(
      await within(section).findByRole('button', { name: 'Create calendar URL' }),
    );
    await within(section).findByLabelText('Calendar URL');
    first.unmount();

    renderShell({ route: '/profile', token: makeToken() });
    section = await screen.findByRole('region', { name: 'Calendar' });
    expect(await within(section).findByLabelText('Calendar URL')).toHaveValue(FEED);
    expect(within(section).getByRole('button', { name: 'Copy URL' })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Add to Outlook' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Regenerate URL' })).toBeInTheDocument();
  });

  it('the choice of what to show starts at what the current URL shows', async () => {
    const api = backend('manager');
    api.madeWithScope('organization');
    server.use(...api.handlers);
    const { user } = renderShell({ route: '/profile', token: makeToken({ role: 'manager' }) });
    const section = await screen.findByRole('region', { name: 'Calendar' });
    await waitFor(() => expect(within(section).getByLabelText('Show')).toHaveValue('organization'));
    await user.click(within(section).getByRole('button', { name: 'Regenerate URL' }));
    await waitFor(() => expect(api.sent).toEqual([{ scope: 'organization' }]));
  });

  it('a URL that cannot be shown (made before a key change) says why and offers to regenerate it', async () => {
    const api = backend('employee');
    api.madeBeforeKeyChange();
    server.use(...api.handlers);
    const { user } = renderShell({ route: '/profile', token: makeToken() });
    const section = await screen.findByRole('region', { name: 'Calendar' });
    expect(await within(section).findByText(/cannot be shown/)).toBeInTheDocument();
    expect(within(section).queryByLabelText('Calendar URL')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Regenerate URL' }));
    expect(await within(section).findByLabelText('Calendar URL')).toHaveValue(FEED);
    await waitFor(() => expect(api.sent).toHaveLength(1));
  });
});
