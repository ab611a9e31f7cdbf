import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SESSION_ENDED_KEY, TOKEN_STORAGE_KEY, type AuthResponse } from '@duly/shared';
import {
  TEST_USER_CLAIMS,
  apiUrl,
  loginRedirect,
  makeToken,
  setupApiServer,
} from '@duly/shared/test-utils';
import { dashboardHandlers, organizationHandlers } from '../../../testing/handlers';
import { noNotifications } from '../../../testing/notifications';
import { renderShell } from '../../../testing/renderShell';
import { useAuth } from '../AuthProvider';
import { chromeDefaults } from '../../../testing/chromeDefaults';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => new Promise(() => {})),
}));

const server = setupApiServer(
  dashboardHandlers.ok(),
  organizationHandlers.ok(),
  ...noNotifications(),
  ...chromeDefaults(),
);

function authAnswer(role = 'admin'): AuthResponse {
  const { sub, email, full_name, organization_id } = TEST_USER_CLAIMS;
  return {
    token: makeToken({ role }),
    user: {
      id: sub,
      email,
      full_name,
      role: role as AuthResponse['user']['role'],
      organization_id,
    },
  };
}

describe('login', () => {
  it('has the fields and texts of the spec', () => {
    renderShell({ route: '/login' });
    expect(screen.getByRole('heading', { name: 'Sign in to the product' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'create a new account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    const email = screen.getByLabelText(/Email address/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText(/Password/)).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('does not call the API while a field is empty', async () => {
    let called = false;
    server.use(
      http.post(apiUrl('/auth/login'), () => {
        called = true;
        return HttpResponse.json(authAnswer());
      }),
    );
    const { user } = renderShell({ route: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('signs in, toasts, stores the token and goes to the role home', async () => {
    const answer = authAnswer('employee');
    let body: unknown;
    server.use(
      http.post(apiUrl('/auth/login'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(answer);
      }),
    );
    const { user, currentPath, store } = renderShell({ route: '/login' });
    await user.type(screen.getByLabelText(/Email address/), 'asha.rao@example.com');
    await user.type(screen.getByLabelText(/Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(body).toEqual({ email: 'asha.rao@example.com', password: 'correct horse' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(answer.token);
    expect(store.getState().auth.user?.email).toBe('asha.rao@example.com');
    await waitFor(() => expect(currentPath()).toBe('/employee/dashboard'));
  });

  it("says 'Signing in…' on the disabled button while the sign-in is under way", async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.post(
        apiUrl('/auth/login'),
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(HttpResponse.json(authAnswer('employee')));
          }),
      ),
    );
    const { user } = renderShell({ route: '/login' });
    await user.type(screen.getByLabelText(/Email address/), 'asha.rao@example.com');
    await user.type(screen.getByLabelText(/Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeDisabled();
    answer?.();
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
  });

  it("shows 'Invalid email or password' as a toast and on the form", async () => {
    server.use(
      http.post(apiUrl('/auth/login'), () =>
        HttpResponse.json({ message: 'Wrong credentials', code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );
    const { user, currentPath } = renderShell({ route: '/login' });
    await user.type(screen.getByLabelText(/Email address/), 'asha.rao@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getAllByText('Invalid email or password')).toHaveLength(2));
    expect(
      within(screen.getByRole('form', { name: 'Sign in' })).getByRole('alert'),
    ).toHaveTextContent('Invalid email or password');
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // A failed sign-in is not an ended session: no redirect.
    expect(loginRedirect).not.toHaveBeenCalled();
  });
});

describe('signup', () => {
  async function fillSignup(user: ReturnType<typeof renderShell>['user']) {
    await user.type(screen.getByLabelText(/Full Name/), 'Asha Rao');
    await user.type(screen.getByLabelText(/Email address/), 'asha.rao@example.com');
    await user.type(screen.getByLabelText(/Password/), 'correct horse');
    await user.type(screen.getByLabelText(/Organization Name/), 'Acme Industries');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
  }

  it('has the fields and texts of the spec', () => {
    renderShell({ route: '/signup' });
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sign in instead' })).toHaveAttribute('href', '/login');
    for (const label of [/Full Name/, /Email address/, /Password/, /Organization Name/]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText(/Email address/)).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('signs up, signs in and goes to /dashboard', async () => {
    const answer = authAnswer('admin');
    let body: unknown;
    server.use(
      http.post(apiUrl('/auth/signup'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(answer, { status: 201 });
      }),
    );
    const { user, currentPath } = renderShell({ route: '/signup' });
    await fillSignup(user);

    expect(await screen.findByText('Signup successful')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Asha Rao',
      email: 'asha.rao@example.com',
      password: 'correct horse',
      organization_name: 'Acme Industries',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(answer.token);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });

  it("toasts the server's message when signup fails", async () => {
    server.use(
      http.post(apiUrl('/auth/signup'), () =>
        HttpResponse.json(
          { message: 'This email is already registered', code: 'CONFLICT' },
          { status: 409 },
        ),
      ),
    );
    const { user, currentPath } = renderShell({ route: '/signup' });
    await fillSignup(user);
    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
    expect(currentPath()).toBe('/signup');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("toasts 'Failed to sign up' when the server gives no message", async () => {
    server.use(http.post(apiUrl('/auth/signup'), () => HttpResponse.error()));
    const { user } = renderShell({ route: '/signup' });
    await fillSignup(user);
    expect(await screen.findByText('Failed to sign up')).toBeInTheDocument();
  });
});

describe('ending the session', () => {
  it('logout removes the token, toasts and goes to /login', async () => {
    const { user, currentPath, store } = renderShell({ route: '/dashboard', token: makeToken() });
    await user.click(await screen.findByRole('button', { name: /Account menu$/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to the product' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('a 401 from any call removes the token and reloads /login', async () => {
    server.use(
      http.get(apiUrl('/dashboard/'), () =>
        HttpResponse.json({ message: 'Token expired', code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );
    renderShell({ route: '/dashboard', token: makeToken() });
    await waitFor(() => expect(loginRedirect).toHaveBeenCalled());
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("says 'Your session has ended.' on the /login a 401 loaded, once", async () => {
    sessionStorage.setItem(SESSION_ENDED_KEY, '1');
    const first = renderShell({ route: '/login' });
    expect(await screen.findByRole('status')).toHaveTextContent('Your session has ended.');
    expect(sessionStorage.getItem(SESSION_ENDED_KEY)).toBeNull();
    first.unmount();

    renderShell({ route: '/login' });
    await screen.findByRole('heading', { name: 'Sign in to the product' });
    expect(screen.queryByText('Your session has ended.')).not.toBeInTheDocument();
  });

  it('a 401 from the organisation call does the same', async () => {
    server.use(
      http.get(apiUrl('/organizations/:id'), () =>
        HttpResponse.json({ message: 'Token expired', code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );
    renderShell({ route: '/dashboard', token: makeToken() });
    await waitFor(() => expect(loginRedirect).toHaveBeenCalled());
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('useAuth', () => {
  it('throws outside its provider', () => {
    function Orphan() {
      useAuth();
      return null;
    }
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow('useAuth must be used within an AuthProvider');
    quiet.mockRestore();
  });
});
