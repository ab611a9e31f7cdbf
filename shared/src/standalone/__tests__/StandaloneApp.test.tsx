import { screen } from '@testing-library/react';
import { createAppStore, sessionRestored, TOKEN_STORAGE_KEY } from '@duly/shared';
import {
  makeToken,
  mockApi,
  renderWithProviders,
  setupApiServer,
  TEST_PASSWORD,
  TEST_USER_CLAIMS,
} from '../../test-utils';
import { StandaloneApp } from '../StandaloneApp';

const server = setupApiServer();

function RemoteRoutes() {
  return <h1>The remote&apos;s screen</h1>;
}

function renderStandalone(route: string, token?: string) {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const store = createAppStore();
  store.dispatch(sessionRestored());
  server.use(...mockApi().handlers('auth'));
  return renderWithProviders(
    <StandaloneApp name="remote_things" routes={RemoteRoutes} home="/things" />,
    { route, store },
  );
}

describe('the standalone page', () => {
  it('sends a visitor without a session to its sign-in form', async () => {
    const { currentPath } = renderStandalone('/things/42');
    expect(await screen.findByRole('heading', { name: 'Sign in to the product' })).toBeVisible();
    expect(screen.getByText('remote_things, standalone')).toBeVisible();
    expect(currentPath()).toBe('/login');
  });

  it('checks the form with the shared login schema', async () => {
    const { user } = renderStandalone('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
  });

  it('says so when the API refuses the login', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderStandalone('/login');
    await user.type(await screen.findByLabelText(/Email address/), TEST_USER_CLAIMS.email);
    await user.type(screen.getByLabelText(/Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    jest.restoreAllMocks();
  });

  it("signs in, shows the remote's routes at home, and signs out", async () => {
    const { user, currentPath, store } = renderStandalone('/login');
    await user.type(await screen.findByLabelText(/Email address/), TEST_USER_CLAIMS.email);
    await user.type(screen.getByLabelText(/Password/), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: "The remote's screen" })).toBeVisible();
    expect(currentPath()).toBe('/things');
    expect(screen.getByText('Duly · remote_things (standalone)')).toBeVisible();
    expect(store.getState().auth.status).toBe('authenticated');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to the product' })).toBeVisible();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('renders the routes at once for a stored session', async () => {
    renderStandalone('/things/42', makeToken());
    expect(await screen.findByRole('heading', { name: "The remote's screen" })).toBeVisible();
  });
});
