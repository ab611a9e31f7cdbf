import { http, HttpResponse } from 'msw';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { baseApi, pageQuery, type Page, type Task, TOKEN_STORAGE_KEY } from '@duly/shared';
import { createAppStore, sessionRestored } from '@duly/shared/core';
import { makeToken, setupApiServer } from '@duly/shared/test-utils';
import { resetLoadedRemotes } from '../../features/remotes/loadRemoteRoutes';
import { configuredRemotes } from '../../testing/remotes';
import { startEarly } from '../earlyStart';
import { atMost, screenReady } from '../firstScreen';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const server = setupApiServer();
const TASKS_ENTRY = '/remotes/remote-tasks/mf-manifest.json';
const LIST_URL = '/api/v1/tasks/?limit=50&offset=0';
const rows = [{ id: 't1', title: 'Renew the fire permit' }];

/** What remote-tasks' module does when it loads: injects its list endpoint into the one api. */
function injectListEndpoint() {
  return baseApi.injectEndpoints({
    endpoints: (build) => ({
      firstScreenTestList: build.query<Page<Task>, { limit: number; offset: number }>(
        pageQuery('Task', '/tasks/'),
      ),
    }),
  });
}

/** The page as the server writes it for /tasks (api/src/web/boot.ts). */
function servePage(token: string) {
  const boot = document.createElement('script');
  boot.type = 'application/json';
  boot.id = 'duly-boot';
  boot.textContent = JSON.stringify({
    firstRequest: LIST_URL,
    firstEndpoint: 'firstScreenTestList',
  });
  document.head.append(boot);
  let answer: (value: Awaited<NonNullable<Window['dulyPrefetch']>['response']>) => void = () =>
    undefined;
  window.dulyPrefetch = {
    url: LIST_URL,
    token,
    response: new Promise((resolve) => (answer = resolve)),
  };
  return { answer: () => answer({ status: 200, headers: { 'x-total-count': '1' }, data: rows }) };
}

beforeEach(() => {
  server.use(
    http.get('http://localhost/config.json', () =>
      HttpResponse.json({
        apiBaseUrl: '/api/v1',
        remotes: configuredRemotes({ remote_tasks: TASKS_ENTRY }),
      }),
    ),
  );
});

afterEach(() => {
  resetLoadedRemotes();
  jest.mocked(loadRemote).mockReset();
  jest.mocked(registerRemotes).mockReset();
  document.getElementById('duly-boot')?.remove();
  delete window.dulyPrefetch;
  localStorage.clear();
});

describe("the first render waits for the page's screen (issue 32, item 4)", () => {
  it("resolves once the remote has loaded and the prefetched answer is in the screen's cache entry", async () => {
    const token = makeToken();
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    let loaded: (module: unknown) => void = () => undefined;
    jest.mocked(loadRemote).mockReturnValue(new Promise((resolve) => (loaded = resolve)));
    const page = servePage(token);
    await startEarly('/tasks');
    const store = createAppStore();
    store.dispatch(sessionRestored());

    let ready = false;
    const waiting = screenReady(store, '/tasks').then(() => (ready = true));
    page.answer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false); // the remote is still loading

    const api = injectListEndpoint();
    loaded({ default: () => null });
    await waiting;
    expect(
      api.endpoints.firstScreenTestList.select({ limit: 50, offset: 0 })(store.getState()),
    ).toMatchObject({
      status: 'fulfilled',
      data: { items: rows, total: 1 },
    });
  });

  it('does not wait on a shell page, and never longer than its limit', async () => {
    const store = createAppStore();
    await expect(screenReady(store, '/dashboard')).resolves.toBeUndefined();
    const started = Date.now();
    await atMost(new Promise<void>(() => undefined), 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
