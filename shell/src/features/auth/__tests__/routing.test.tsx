import { screen } from '@testing-library/react';
import { TOKEN_STORAGE_KEY } from '@duly/shared';
import { makeToken, setupApiServer } from '@duly/shared/test-utils';
import { dashboardHandlers, organizationHandlers } from '../../../testing/handlers';
import { noNotifications } from '../../../testing/notifications';
import { renderShell } from '../../../testing/renderShell';
import { chromeDefaults } from '../../../testing/chromeDefaults';

// Role homes of other remotes render through the remote loader; here a remote simply never loads.
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => new Promise(() => {})),
}));

setupApiServer(
  dashboardHandlers.ok(),
  organizationHandlers.ok(),
  ...noNotifications(),
  ...chromeDefaults(),
);

describe('protected routes', () => {
  it.each(['/', '/dashboard', '/tasks', '/tasks/dashboard', '/employees/42', '/no-such-page'])(
    'send an anonymous visitor of %s to /login',
    async (route) => {
      const { currentPath } = renderShell({ route });
      expect(
        await screen.findByRole('heading', { name: 'Sign in to the product' }),
      ).toBeInTheDocument();
      expect(currentPath()).toBe('/login');
    },
  );

  it("show 'Loading...' while the session is still being read", () => {
    renderShell({ route: '/dashboard', sessionLoading: true });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('let a signed-in user in, inside the chrome', async () => {
    renderShell({ route: '/dashboard', token: makeToken() });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });
});

describe('public routes for a signed-in user', () => {
  it.each([
    ['manager', '/tasks/dashboard'],
    ['MANAGER', '/tasks/dashboard'],
    ['Manager', '/tasks/dashboard'],
    ['employee', '/employee/dashboard'],
    ['Employee', '/employee/dashboard'],
    ['admin', '/dashboard'],
    ['auditor', '/dashboard'],
  ])('send role %s from /login to %s', async (role, home) => {
    const { currentPath } = renderShell({ route: '/login', token: makeToken({ role }) });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(currentPath()).toBe(home);
    expect(screen.queryByRole('heading', { name: 'Sign in to the product' })).toBeNull();
  });

  it('send a manager from /signup to the team dashboard', async () => {
    const { currentPath } = renderShell({
      route: '/signup',
      token: makeToken({ role: 'manager' }),
    });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(currentPath()).toBe('/tasks/dashboard');
  });
});

describe('session start-up', () => {
  it('with no token: anonymous', async () => {
    const { currentPath } = renderShell({ route: '/dashboard' });
    await screen.findByRole('heading', { name: 'Sign in to the product' });
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('with a valid token: signed in, token kept', async () => {
    const token = makeToken();
    const { store } = renderShell({ route: '/dashboard', token });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(store.getState().auth.status).toBe('authenticated');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('with an expired token: token removed, anonymous', async () => {
    const expired = makeToken({ exp: Math.floor(Date.now() / 1000) - 60 });
    const { currentPath, store } = renderShell({ route: '/dashboard', token: expired });
    await screen.findByRole('heading', { name: 'Sign in to the product' });
    expect(currentPath()).toBe('/login');
    expect(store.getState().auth.status).toBe('anonymous');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('with a garbled token: token removed, anonymous', async () => {
    const { currentPath, store } = renderShell({ route: '/dashboard', token: 'this-is.not-a.jwt' });
    await screen.findByRole('heading', { name: 'Sign in to the product' });
    expect(currentPath()).toBe('/login');
    expect(store.getState().auth.status).toBe('anonymous');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
