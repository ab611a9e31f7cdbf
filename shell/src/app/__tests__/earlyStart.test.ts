import { http, HttpResponse } from 'msw';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { TOKEN_STORAGE_KEY } from '@duly/shared';
import { makeToken, setupApiServer } from '@duly/shared/test-utils';
import { resetLoadedRemotes, takeStartupLoad } from '../../features/remotes/loadRemoteRoutes';
import { configuredRemotes } from '../../testing/remotes';
import { SESSION_TOKEN_KEY, startEarly } from '../earlyStart';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const server = setupApiServer();
const TASKS_ENTRY = '/remotes/remote-tasks/mf-manifest.json';
const TEAM_ENTRY = '/remotes/remote-team/mf-manifest.json';
const routesModule = { default: () => null };

beforeEach(() => {
  server.use(
    http.get('http://localhost/config.json', () =>
      HttpResponse.json({
        apiBaseUrl: '/api/v1',
        remotes: configuredRemotes({ remote_tasks: TASKS_ENTRY, remote_team: TEAM_ENTRY }),
      }),
    ),
  );
  jest.mocked(loadRemote).mockResolvedValue(routesModule);
});

afterEach(() => {
  resetLoadedRemotes();
  jest.mocked(loadRemote).mockReset();
  jest.mocked(registerRemotes).mockReset();
});

describe('early start-up (before the shell has rendered)', () => {
  it('reads the token under the key @duly/shared stores it under', () => {
    expect(SESSION_TOKEN_KEY).toBe(TOKEN_STORAGE_KEY);
  });

  it("registers the remotes and starts loading the page's remote for a signed-in visitor", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    const config = await startEarly('/tasks/42');
    expect(config.remotes.remote_tasks.entry).toBe(TASKS_ENTRY);
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'remote_tasks', entry: TASKS_ENTRY },
      { name: 'remote_team', entry: TEAM_ENTRY },
    ]);
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(loadRemote).toHaveBeenCalledWith('remote_tasks/routes');
    // The page's first render takes this very load over.
    await expect(takeStartupLoad('remote_tasks')).resolves.toBe(routesModule);
  });

  it('picks the owner React Router would pick', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    await startEarly('/tasks/dashboard');
    expect(loadRemote).toHaveBeenCalledWith('remote_team/routes');
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no session', '/tasks', null],
    ['an expired session', '/tasks', makeToken({ exp: Math.floor(Date.now() / 1000) - 60 })],
    ['a garbled token', '/tasks', 'garbled'],
    ["a page of the shell's own", '/dashboard', makeToken()],
    ['a remote missing from config.json', '/certificates', makeToken()],
  ])(
    'loads no remote, and gives the runtime nothing to register, for %s',
    async (_case, path, token) => {
      if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
      await startEarly(path);
      expect(registerRemotes).not.toHaveBeenCalled();
      expect(loadRemote).not.toHaveBeenCalled();
      expect(takeStartupLoad('remote_tasks')).toBeUndefined();
    },
  );
});
