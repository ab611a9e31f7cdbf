import { http, HttpResponse, type JsonBodyType } from 'msw';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { apiConfig, configureApi, TOKEN_STORAGE_KEY } from '@duly/shared';
import { makeToken, setupApiServer } from '@duly/shared/test-utils';
import { dashboardApi } from '../../features/dashboard/api';
import { loadRemoteRoutes, remoteNavSections, remoteOwningPath } from '../../features/remotes';
import { resetLoadedRemotes } from '../../features/remotes/loadRemoteRoutes';
import { TEST_DASHBOARD } from '../../testing/handlers';
import { configuredRemotes } from '../../testing/remotes';
import { startShell } from '../startShell';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const server = setupApiServer();
const CONFIG_URL = 'http://localhost/config.json';

function serveConfig(config: JsonBodyType) {
  let requests = 0;
  let cacheMode: RequestCache | undefined;
  server.use(
    http.get(CONFIG_URL, ({ request }) => {
      requests += 1;
      cacheMode = request.cache;
      return HttpResponse.json(config);
    }),
  );
  return { requests: () => requests, cacheMode: () => cacheMode };
}

let consoleError: jest.SpyInstance;
let consoleWarn: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  // Somewhere else than the fallback, so each test sees what start-up chose.
  configureApi({ baseUrl: 'http://previous.example.test/api' });
});
afterEach(() => {
  jest.mocked(registerRemotes).mockReset();
  consoleError.mockRestore();
  consoleWarn.mockRestore();
});

describe('start-up', () => {
  it('reads config.json, uncached, and hands the deployed remotes to the runtime only when the first one loads', async () => {
    const remotes = configuredRemotes({
      remote_tasks: 'https://cdn.example.test/tasks/mf-manifest.json',
      remote_team: 'https://cdn.example.test/team/mf-manifest.json',
    });
    const config = serveConfig({ apiBaseUrl: 'https://api.example.test/api/v1', remotes });
    await startShell();
    expect(config.requests()).toBe(1);
    expect(config.cacheMode()).toBe('no-store');
    // Nothing for the runtime yet: a visitor of /login loads no remote and pays nothing for it.
    expect(registerRemotes).not.toHaveBeenCalled();
    expect(loadRemote).not.toHaveBeenCalled();

    jest.mocked(loadRemote).mockResolvedValue({ default: () => null });
    await loadRemoteRoutes('remote_team');
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'remote_tasks', entry: 'https://cdn.example.test/tasks/mf-manifest.json' },
      { name: 'remote_team', entry: 'https://cdn.example.test/team/mf-manifest.json' },
    ]);
    expect(loadRemote).toHaveBeenCalledWith('remote_team/routes');

    // Once: later loads find them registered.
    await loadRemoteRoutes('remote_tasks');
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    resetLoadedRemotes();
  });

  it("takes each remote's paths and navigation entry from config.json, so a remote's routes change without a shell build", async () => {
    serveConfig({
      remotes: {
        remote_reports: {
          entry: 'https://cdn.example.test/reports/mf-manifest.json',
          routes: ['/reports/*'],
          nav: { label: 'Reports', to: '/reports', icon: 'reports', order: 40 },
        },
      },
    });
    await startShell();
    expect(remoteOwningPath('/reports/2026')).toBe('remote_reports');
    expect(remoteOwningPath('/tasks')).toBeNull();
    expect(remoteNavSections()).toEqual([
      {
        label: 'Reports',
        to: '/reports',
        icon: 'reports',
        order: 40,
        isCurrent: expect.any(Function),
      },
    ]);
    expect(remoteNavSections()[0].isCurrent('/reports/2026')).toBe(true);
    expect(remoteNavSections()[0].isCurrent('/tasks')).toBe(false);
  });

  it('sends API calls to the configured apiBaseUrl', async () => {
    serveConfig({ apiBaseUrl: 'https://api.example.test/api/v1', remotes: {} });
    server.use(
      http.get('https://api.example.test/api/v1/dashboard/', () =>
        HttpResponse.json(TEST_DASHBOARD),
      ),
    );
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    const store = await startShell();
    const result = await store.dispatch(dashboardApi.endpoints.dashboardGet.initiate());
    expect(result.data).toEqual(TEST_DASHBOARD);
  });

  it('falls back to /api/v1 on the page host when apiBaseUrl is absent', async () => {
    serveConfig({ remotes: {} });
    server.use(
      http.get('http://localhost/api/v1/dashboard/', () => HttpResponse.json(TEST_DASHBOARD)),
    );
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    const store = await startShell();
    expect(apiConfig().baseUrl).toBe('http://localhost/api/v1');
    const result = await store.dispatch(dashboardApi.endpoints.dashboardGet.initiate());
    expect(result.data).toEqual(TEST_DASHBOARD);
  });

  it('still starts when config.json is missing: fallback API, no remotes', async () => {
    server.use(http.get(CONFIG_URL, () => new HttpResponse('Not found', { status: 404 })));
    await startShell();
    expect(apiConfig().baseUrl).toBe('http://localhost/api/v1');
    expect(registerRemotes).not.toHaveBeenCalled();
  });

  it('ignores remotes without routes, malformed routes and empty URLs', async () => {
    serveConfig({
      remotes: {
        remote_tasks: { entry: ' ', routes: ['/tasks/*'] },
        remote_games: 'https://x.test/mf-manifest.json',
        remote_odd: { entry: 'https://x.test/odd/mf-manifest.json', routes: ['odd', '/ok'] },
      },
    });
    await startShell();
    jest.mocked(loadRemote).mockResolvedValue({ default: () => null });
    await loadRemoteRoutes('remote_odd');
    resetLoadedRemotes();
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'remote_odd', entry: 'https://x.test/odd/mf-manifest.json' },
    ]);
    expect(remoteOwningPath('/tasks')).toBe('remote_tasks');
    expect(remoteOwningPath('/ok')).toBe('remote_odd');
    expect(remoteOwningPath('/odd')).toBeNull();
  });

  describe('session', () => {
    beforeEach(() => serveConfig({ remotes: {} }));

    it('is anonymous without a token', async () => {
      const store = await startShell();
      expect(store.getState().auth.status).toBe('anonymous');
    });

    it('is authenticated with a valid token', async () => {
      const token = makeToken({ full_name: 'Asha Rao' });
      localStorage.setItem(TOKEN_STORAGE_KEY, token);
      const store = await startShell();
      expect(store.getState().auth).toMatchObject({
        status: 'authenticated',
        user: { full_name: 'Asha Rao', token },
      });
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    });

    it('removes an expired token', async () => {
      localStorage.setItem(
        TOKEN_STORAGE_KEY,
        makeToken({ exp: Math.floor(Date.now() / 1000) - 1 }),
      );
      const store = await startShell();
      expect(store.getState().auth.status).toBe('anonymous');
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    });

    it('removes a garbled token', async () => {
      localStorage.setItem(TOKEN_STORAGE_KEY, 'garbled');
      const store = await startShell();
      expect(store.getState().auth.status).toBe('anonymous');
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    });
  });
});
