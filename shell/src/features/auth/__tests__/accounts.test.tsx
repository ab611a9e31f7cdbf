import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  TOKEN_STORAGE_KEY,
  type AuthResponse,
  type EmailChangeDetails,
  type InvitationDetails,
} from '@duly/shared';
import { TEST_USER_CLAIMS, apiUrl, makeToken, setupApiServer } from '@duly/shared/test-utils';
import { dashboardHandlers, organizationHandlers } from '../../../testing/handlers';
import { renderShell } from '../../../testing/renderShell';
import { chromeDefaults } from '../../../testing/chromeDefaults';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => new Promise(() => {})),
}));

const server = setupApiServer(
  dashboardHandlers.ok(),
  organizationHandlers.ok(),
  ...chromeDefaults(),
);

const INVITATION: InvitationDetails = {
  full_name: 'Meera Iyer',
  email: 'meera@example.com',
  organization_name: 'Acme Labs',
};

function sessionFor(role: AuthResponse['user']['role']): AuthResponse {
  const { sub, email, organization_id } = TEST_USER_CLAIMS;
  return {
    token: makeToken({ role }),
    user: { id: sub, email, full_name: 'Meera Iyer', role, organization_id },
  };
}

function gone(code: 'link_used' | 'link_expired') {
  return HttpResponse.json({ message: 'This link no longer works', code }, { status: 410 });
}

describe('/accept-invite', () => {
  it('greets the person by name and organisation, sets the password, signs in and goes to their home', async () => {
    const answer = sessionFor('employee');
    let body: unknown;
    let askedToken: string | null = null;
    server.use(
      http.get(apiUrl('/auth/invitation'), ({ request }) => {
        askedToken = new URL(request.url).searchParams.get('token');
        return HttpResponse.json(INVITATION);
      }),
      http.post(apiUrl('/auth/accept-invite'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(answer);
      }),
    );
    const { user, currentPath } = renderShell({ route: '/accept-invite?token=abc123' });

    expect(await screen.findByRole('heading', { name: 'Join Acme Labs' })).toBeInTheDocument();
    expect(screen.getByText(/Hello Meera Iyer\./)).toBeInTheDocument();
    expect(screen.getByText('meera@example.com')).toBeInTheDocument();
    expect(askedToken).toBe('abc123');

    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.type(screen.getByLabelText(/Confirm password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));

    expect(await screen.findByText('Welcome to Duly')).toBeInTheDocument();
    expect(body).toEqual({ token: 'abc123', password: 'correct horse' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(answer.token);
    await waitFor(() => expect(currentPath()).toBe('/employee/dashboard'));
  });

  it('an admin lands on /dashboard', async () => {
    server.use(
      http.get(apiUrl('/auth/invitation'), () => HttpResponse.json(INVITATION)),
      http.post(apiUrl('/auth/accept-invite'), () => HttpResponse.json(sessionFor('admin'))),
    );
    const { user, currentPath } = renderShell({ route: '/accept-invite?token=abc' });
    await user.type(await screen.findByLabelText(/^Password/), 'correct horse');
    await user.type(screen.getByLabelText(/Confirm password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });

  it('checks the password and its confirmation before sending anything', async () => {
    let sent = false;
    server.use(
      http.get(apiUrl('/auth/invitation'), () => HttpResponse.json(INVITATION)),
      http.post(apiUrl('/auth/accept-invite'), () => {
        sent = true;
        return HttpResponse.json(sessionFor('employee'));
      }),
    );
    const { user } = renderShell({ route: '/accept-invite?token=abc' });
    await user.type(await screen.findByLabelText(/^Password/), 'short');
    await user.type(screen.getByLabelText(/Confirm password/), 'different');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(sent).toBe(false);
  });

  it.each([
    ['link_used', /already been used/],
    ['link_expired', /has expired, or a newer invitation was sent/],
  ] as const)('a %s link says so and to ask the manager for a new one', async (code, text) => {
    server.use(http.get(apiUrl('/auth/invitation'), () => gone(code)));
    renderShell({ route: '/accept-invite?token=old' });
    expect(
      await screen.findByRole('heading', { name: 'This invitation no longer works' }),
    ).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveTextContent(/ask your manager for a new invitation/i);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('a link used meanwhile (another tab) turns the form into the same explanation', async () => {
    server.use(
      http.get(apiUrl('/auth/invitation'), () => HttpResponse.json(INVITATION)),
      http.post(apiUrl('/auth/accept-invite'), () => gone('link_used')),
    );
    const { user } = renderShell({ route: '/accept-invite?token=abc' });
    await user.type(await screen.findByLabelText(/^Password/), 'correct horse');
    await user.type(screen.getByLabelText(/Confirm password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/already been used/);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a link without a token is treated as expired, without asking the API', async () => {
    renderShell({ route: '/accept-invite' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/has expired/);
  });
});

describe('/login → /forgot-password', () => {
  it("'Forgot password?' on /login leads to a page that always gives the same answer", async () => {
    const asked: unknown[] = [];
    server.use(
      http.post(apiUrl('/auth/forgot-password'), async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ message: 'whatever the server says' }, { status: 202 });
      }),
    );
    const { user, currentPath } = renderShell({ route: '/login' });
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(currentPath()).toBe('/forgot-password');
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Email address/), ' nobody@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account uses this email, we have sent it a link to choose a new password. The link works for 1 hour.',
    );
    expect(asked).toEqual([{ email: 'nobody@example.com' }]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the limit message when the server refuses (429)', async () => {
    server.use(
      http.post(apiUrl('/auth/forgot-password'), () =>
        HttpResponse.json(
          {
            message: 'Too many requests from your address. Try again in 15 minutes.',
            code: 'too_many_requests',
          },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderShell({ route: '/forgot-password' });
    await user.type(screen.getByLabelText(/Email address/), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests from your address. Try again in 15 minutes.',
    );
  });
});

describe('/reset-password', () => {
  it('sets the new password and goes to /login with a short confirmation', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/auth/reset-password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'changed' });
      }),
    );
    const { user, currentPath } = renderShell({ route: '/reset-password?token=r1' });
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), 'a brand new one');
    await user.type(screen.getByLabelText(/Confirm password/), 'a brand new one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByRole('heading', { name: 'Sign in to the product' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password has been changed. Sign in with your new password.',
    );
    expect(body).toEqual({ token: 'r1', password: 'a brand new one' });
  });

  it.each([
    ['link_used', /already been used/],
    ['link_expired', /has expired/],
  ] as const)('a %s link says so and offers to ask for a new one', async (code, text) => {
    server.use(http.post(apiUrl('/auth/reset-password'), () => gone(code)));
    const { user, currentPath } = renderShell({ route: '/reset-password?token=old' });
    await user.type(screen.getByLabelText(/^Password/), 'a brand new one');
    await user.type(screen.getByLabelText(/Confirm password/), 'a brand new one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByRole('heading', { name: 'This reset link no longer works' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(currentPath()).toBe('/forgot-password');
  });

  it("shows the server's message for other refusals (a password it does not accept)", async () => {
    server.use(
      http.post(apiUrl('/auth/reset-password'), () =>
        HttpResponse.json(
          { message: 'This password cannot be used.', code: 'validation_failed' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderShell({ route: '/reset-password?token=r1' });
    // The form's own rule passes; the server still refuses, and its words are shown.
    await user.type(screen.getByLabelText(/^Password/), 'a long passphrase');
    await user.type(screen.getByLabelText(/Confirm password/), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      within(await screen.findByRole('form', { name: 'Reset password' })).getByRole('alert'),
    ).toHaveTextContent('This password cannot be used.');
  });
});

describe('/confirm-email', () => {
  const CHANGE: EmailChangeDetails = {
    full_name: 'Meera Iyer',
    new_email: 'meera.iyer@new.example.com',
    organization_name: 'Acme Labs',
  };

  it('shows the new address, confirms it with the password, signs in and goes home', async () => {
    const answer = sessionFor('employee');
    let body: unknown;
    let askedToken: string | null = null;
    server.use(
      http.get(apiUrl('/auth/email-change'), ({ request }) => {
        askedToken = new URL(request.url).searchParams.get('token');
        return HttpResponse.json(CHANGE);
      }),
      http.post(apiUrl('/auth/confirm-email'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(answer);
      }),
    );
    const { user, currentPath } = renderShell({ route: '/confirm-email?token=c1' });

    expect(
      await screen.findByRole('heading', { name: 'Confirm your new email' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Hello Meera Iyer\./)).toHaveTextContent(
      'Enter your password to make meera.iyer@new.example.com your email at Acme Labs.',
    );
    expect(askedToken).toBe('c1');
    await user.type(screen.getByLabelText(/^Password/), 'my own password');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));

    expect(await screen.findByText('Your email has been changed')).toBeInTheDocument();
    expect(body).toEqual({ token: 'c1', password: 'my own password' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(answer.token);
    await waitFor(() => expect(currentPath()).toBe('/employee/dashboard'));
  });

  it('asks for the password before sending anything, and shows a refusal from the server', async () => {
    let sent = 0;
    server.use(
      http.get(apiUrl('/auth/email-change'), () => HttpResponse.json(CHANGE)),
      http.post(apiUrl('/auth/confirm-email'), () => {
        sent += 1;
        return HttpResponse.json(
          { message: 'Password is incorrect.', code: 'validation_failed' },
          { status: 400 },
        );
      }),
    );
    const { user, currentPath } = renderShell({ route: '/confirm-email?token=c1' });
    await user.click(await screen.findByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(sent).toBe(0);

    await user.type(screen.getByLabelText(/^Password/), 'a wrong guess');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(
      within(await screen.findByRole('form', { name: 'Confirm new email' })).getByRole('alert'),
    ).toHaveTextContent('Password is incorrect.');
    expect(currentPath()).toBe('/confirm-email?token=c1');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['link_used', /already been used: your email was changed then/],
    ['link_expired', /has expired, or a newer change was asked for/],
  ] as const)('a %s link says so and offers to sign in', async (code, text) => {
    server.use(http.get(apiUrl('/auth/email-change'), () => gone(code)));
    renderShell({ route: '/confirm-email?token=old' });
    expect(
      await screen.findByRole('heading', { name: 'This confirmation link no longer works' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('a link used meanwhile (another tab) turns the form into the same explanation', async () => {
    server.use(
      http.get(apiUrl('/auth/email-change'), () => HttpResponse.json(CHANGE)),
      http.post(apiUrl('/auth/confirm-email'), () => gone('link_used')),
    );
    const { user } = renderShell({ route: '/confirm-email?token=c1' });
    await user.type(await screen.findByLabelText(/^Password/), 'my own password');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/already been used/);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a link without a token is treated as expired, without asking the API', async () => {
    renderShell({ route: '/confirm-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/has expired/);
  });
});

describe('/verify-email', () => {
  it('confirms the address on a click (not on opening), signs in and goes to the dashboard', async () => {
    const answer = sessionFor('admin');
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('/auth/verify-email'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(answer);
      }),
    );
    const { user, currentPath } = renderShell({ route: '/verify-email?token=abc123' });

    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm my email' }));

    expect(await screen.findByText('Your email is confirmed')).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'abc123' }]);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(answer.token);
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('a used link says the email is already confirmed and leads to sign in', async () => {
    server.use(http.post(apiUrl('/auth/verify-email'), () => gone('link_used')));
    const { user } = renderShell({ route: '/verify-email?token=abc' });
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(
      await screen.findByRole('heading', { name: 'This link no longer works' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'It has already been used: your email is confirmed. Sign in with it.',
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('an address that already has an account: the server says so, and the link can be tried again', async () => {
    let calls = 0;
    server.use(
      http.post(apiUrl('/auth/verify-email'), () => {
        calls += 1;
        return HttpResponse.json(
          { message: 'This email address already has a Duly account.', code: 'email_taken' },
          { status: 409 },
        );
      }),
    );
    const { user } = renderShell({ route: '/verify-email?token=abc' });
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This email address already has a Duly account.',
    );
    expect(calls).toBe(1);
    expect(screen.getByRole('button', { name: 'Confirm my email' })).toBeEnabled();
  });
});
