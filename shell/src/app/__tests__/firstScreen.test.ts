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
    // Each case injects it as its remote would (the same definition).
    overrideExisting: true,
  });
}

type Answer = { status: number; headers: Record<string, string>; data: unknown } | null;

/**
 * The page as the server writes it for /tasks (api/src/web/boot.ts) and what its boot script
 * leaves on `window`; `older`: as a server of the first round wrote it (one request, its
 * endpoint in the page's JSON).
 */
function servePage(token: string, older = false) {
  const boot = document.createElement('script');
  boot.type = 'application/json';
  boot.id = 'duly-boot';
  const declared = { request: LIST_URL, endpoint: 'firstScreenTestList' };
  boot.textContent = JSON.stringify(
    older
      ? { firstRequest: LIST_URL, firstEndpoint: 'firstScreenTestList' }
      : { firstRequests: [declared] },
  );
  document.head.append(boot);
  let answer: (value: Answer) => void = () => undefined;
  const prefetch = {
    url: LIST_URL,
    token,
    response: new Promise<Answer>((resolve) => (answer = resolve)),
  };
  window.dulyPrefetch = older ? prefetch : [{ ...prefetch, endpoint: declared.endpoint }];
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
  it.each([
    ['', false],
    [' (a page written by an older server)', true],
  ])(
    "resolves once the remote has loaded and the prefetched answer is in the screen's cache entry%s",
    async (_case, older) => {
      const token = makeToken();
      localStorage.setItem(TOKEN_STORAGE_KEY, token);
      let loaded: (module: unknown) => void = () => undefined;
      jest.mocked(loadRemote).mockReturnValue(new Promise((resolve) => (loaded = resolve)));
      const page = servePage(token, older);
      await startEarly('/tasks');
      const store = createAppStore();
      store.dispatch(sessionRestored());

      let ready = false;
      const waiting = screenReady(store, '/tasks').then((seeded) => (ready = seeded));
      page.answer();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ready).toBe(false); // the remote is still loading

      const api = injectListEndpoint();
      loaded({ default: () => null });
      await expect(waiting).resolves.toBe(true);
      expect(window.dulyPrefetch).toBeUndefined();
      expect(
        api.endpoints.firstScreenTestList.select({ limit: 50, offset: 0 })(store.getState()),
      ).toMatchObject({
        status: 'fulfilled',
        data: { items: rows, total: 1 },
      });
    },
  );

  it('on a shell page without first requests waits for nothing, and never longer than its limit', async () => {
    const store = createAppStore();
    await expect(screenReady(store, '/profile')).resolves.toBe(false);
    const started = Date.now();
    await expect(atMost(new Promise<boolean>(() => undefined), 50, false)).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
