import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PasswordChangePayload, Profile, ProfileNamePayload } from '@duly/shared';
import { TEST_USER_CLAIMS, apiUrl, makeToken, setupApiServer } from '@duly/shared/test-utils';
import {
  dashboardHandlers,
  organizationHandlers,
  TEST_ORGANIZATION,
} from '../../../testing/handlers';
import { notificationsBackend } from '../../../testing/notifications';
import { renderShell } from '../../../testing/renderShell';
import { chromeDefaults } from '../../../testing/chromeDefaults';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => new Promise(() => {})),
}));

// Typing three passwords takes seconds on a busy machine.
jest.setTimeout(20_000);

const PROFILE: Profile = {
  id: TEST_USER_CLAIMS.sub,
  email: TEST_USER_CLAIMS.email,
  full_name: 'Asha Rao',
  role: 'manager',
  organization_id: TEST_USER_CLAIMS.organization_id,
  organization_name: TEST_ORGANIZATION.name,
};

const server = setupApiServer(
  dashboardHandlers.ok(),
  organizationHandlers.ok(),
  http.get(apiUrl('/profile/'), () => HttpResponse.json(PROFILE)),
  ...chromeDefaults(),
);

function avatarButton(name: RegExp | string) {
  return screen.getByRole('button', { name });
}

/** The answer of PATCH /profile/ and PUT /profile/password: a token of the same person. */
function sessionAnswer(fullName: string, ver = 0) {
  return {
    token: makeToken({ full_name: fullName, role: 'manager', ver }),
    user: { ...PROFILE, full_name: fullName },
  };
}

describe('/profile', () => {
  it('opens from the avatar menu and shows name, email, role and organisation', async () => {
    const { user, currentPath } = renderShell({ route: '/dashboard', token: makeToken() });
    await user.click(avatarButton(/Account menu$/));
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));

    expect(currentPath()).toBe('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    const account = await screen.findByRole('region', { name: 'Account' });
    for (const text of ['Asha Rao', PROFILE.email, 'Manager', TEST_ORGANIZATION.name]) {
      expect(within(account).getByText(text)).toBeInTheDocument();
    }
  });

  it('has the email switches of the reminders: one per kind, saved on a flip', async () => {
    const backend = notificationsBackend([], { task_overdue: false });
    server.use(...backend.handlers);
    const { user } = renderShell({ route: '/profile', token: makeToken() });

    const section = await screen.findByRole('region', { name: 'Email notifications' });
    const overdue = await within(section).findByRole('switch', { name: /Overdue tasks/ });
    expect(overdue).not.toBeChecked();
    await user.click(overdue);
    await waitFor(() =>
      expect(backend.writes).toContainEqual({
        method: 'PUT',
        path: '/profile/email-preferences',
        body: { task_overdue: true },
      }),
    );
    expect(overdue).toBeChecked();
  });

  it('says so when the profile cannot be loaded', async () => {
    server.use(
      http.get(apiUrl('/profile/'), () =>
        HttpResponse.json({ message: 'Boom', code: 'internal_error' }, { status: 500 }),
      ),
    );
    renderShell({ route: '/profile', token: makeToken() });
    expect(await screen.findByText('Error loading profile')).toBeInTheDocument();
  });

  it('changes the full name: the top bar’s initials follow at once', async () => {
    let sent: ProfileNamePayload | undefined;
    server.use(
      http.patch(apiUrl('/profile/'), async ({ request }) => {
        sent = (await request.json()) as ProfileNamePayload;
        return HttpResponse.json(sessionAnswer('Grace Brewster Hopper'));
      }),
    );
    const { user } = renderShell({ route: '/profile', token: makeToken() });
    expect(avatarButton('AR, Account menu')).toBeInTheDocument();

    const field = await screen.findByLabelText(/Full Name/);
    await user.clear(field);
    await user.type(field, 'Grace Brewster Hopper');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText('Name updated')).toBeInTheDocument();
    expect(sent).toEqual({ full_name: 'Grace Brewster Hopper' });
    expect(avatarButton('GBH, Account menu')).toBeInTheDocument();
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('Grace Brewster Hopper')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toContain('.');
  });

  it('does not send a blank name', async () => {
    const { user } = renderShell({ route: '/profile', token: makeToken() });
    const field = await screen.findByLabelText(/Full Name/);
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
  });

  describe('password change', () => {
    async function fill(current: string, next: string, confirmation = next) {
      const rendered = renderShell({ route: '/profile', token: makeToken() });
      const { user } = rendered;
      await user.type(await screen.findByLabelText(/Current password/), current);
      await user.type(screen.getByLabelText(/^New password/), next);
      await user.type(screen.getByLabelText(/Confirm new password/), confirmation);
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      return rendered;
    }

    it('checks the rule and the confirmation before sending anything', async () => {
      let calls = 0;
      server.use(
        http.put(apiUrl('/profile/password'), () => {
          calls += 1;
          return HttpResponse.json(sessionAnswer('Asha Rao', 1));
        }),
      );
      await fill('old-password', 'short', 'shorter');
      expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
      expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
      expect(calls).toBe(0);
    });

    it('refuses a new password of only spaces', async () => {
      await fill('old-password', '         ');
      expect(await screen.findByText('Password must not be only spaces')).toBeInTheDocument();
    });

    it('shows a wrong current password under its field', async () => {
      server.use(
        http.put(apiUrl('/profile/password'), () =>
          HttpResponse.json(
            {
              message: 'Current password is incorrect.',
              code: 'validation_failed',
              errors: [{ path: 'current_password', message: 'is incorrect' }],
            },
            { status: 400 },
          ),
        ),
      );
      await fill('not-my-password', 'a-new-password-1');
      const current = screen.getByLabelText(/Current password/);
      await waitFor(() =>
        expect(current).toHaveAccessibleDescription(/Current password is incorrect/),
      );
      expect(localStorage.getItem('token')).not.toBeNull();
    });

    it('says when there were too many attempts', async () => {
      server.use(
        http.put(apiUrl('/profile/password'), () =>
          HttpResponse.json(
            {
              message: 'Too many wrong passwords. Try again in a minute.',
              code: 'too_many_requests',
            },
            { status: 429 },
          ),
        ),
      );
      await fill('not-my-password', 'a-new-password-1');
      expect(
        await screen.findByText('Too many wrong passwords. Try again in a minute.'),
      ).toBeInTheDocument();
    });

    it('changes the password, keeps this session with the fresh token and empties the form', async () => {
      let sent: PasswordChangePayload | undefined;
      const answer = sessionAnswer('Asha Rao', 1);
      server.use(
        http.put(apiUrl('/profile/password'), async ({ request }) => {
          sent = (await request.json()) as PasswordChangePayload;
          return HttpResponse.json(answer);
        }),
      );
      const { currentPath } = await fill('old-password', 'a-new-password-1');

      expect(
        await screen.findByText('Password changed. You were signed out everywhere else.'),
      ).toBeInTheDocument();
      expect(sent).toEqual({ current_password: 'old-password', new_password: 'a-new-password-1' });
      expect(localStorage.getItem('token')).toBe(answer.token);
      expect(currentPath()).toBe('/profile');
      expect(screen.getByLabelText(/Current password/)).toHaveValue('');
    });
  });
});
