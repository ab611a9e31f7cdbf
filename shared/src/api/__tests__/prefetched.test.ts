import type { Page, Task } from '../../contract/types';
import { createAppStore } from '../../store/store';
import { baseApi } from '../baseApi';
import { http, HttpResponse } from 'msw';
import { TOKEN_STORAGE_KEY } from '../../contract/constants';
import { sessionRestored } from '../../auth/actions';
import { apiUrl, makeToken, setupApiServer } from '../../test-utils';
import { countQuery, pageQuery } from '../endpoints';
import {
  listArgsOfUrl,
  requestKey,
  seedAnswer,
  seedPrefetched,
  seedPrefetchedList,
  takePrefetched,
} from '../prefetched';

/** A list endpoint as a remote injects it (remote-tasks' tasksList), under a name of its own. */
const seededApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    prefetchTestList: build.query<Page<Task>, { limit: number; offset: number; status?: string }>(
      pageQuery('Task', '/tasks/'),
    ),
  }),
});

/** A dashboard's endpoints: a count (its own transform) and a list with fixed params, by args. */
const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    prefetchTestCount: build.query<number, void>(
      countQuery('/manager/certificates', { in_reminder_window: 'true' }, ['Dashboard']),
    ),
    prefetchTestPage: build.query<Page<Task>, { limit: number; offset: number }>(
      pageQuery('Task', '/manager/tasks', (arg) => ({ ...arg, sort: 'urgency' })),
    ),
  }),
});

const server = setupApiServer();

const upsert = baseApi.util.upsertQueryEntries as Parameters<typeof seedPrefetchedList>[1];

/** The answer the page's boot script (api/src/web/boot.ts) leaves on `window`. */
function prefetch(url: string, token = 'token-1') {
  const answer = { status: 200, headers: { 'x-total-count': '2' }, data: [{ id: 'a' }] };
  window.dulyPrefetch = { url, token, response: Promise.resolve(answer) };
  return answer;
}

describe('the answer to the page’s first request, started by the HTML (issue 32)', () => {
  afterEach(() => {
    delete window.dulyPrefetch;
  });

  it('is taken once by the GET of the same URL, whatever the order of its query, with the same token', async () => {
    const answer = prefetch('/api/v1/tasks/?limit=50&offset=0&status=open');
    const taken = takePrefetched('/api/v1/tasks?status=open&offset=0&limit=50', 'token-1');
    await expect(taken).resolves.toEqual(answer);
    expect(
      takePrefetched('/api/v1/tasks/?limit=50&offset=0&status=open', 'token-1'),
    ).toBeUndefined();
  });

  it('is left alone by another request or another session', () => {
    prefetch('/api/v1/tasks/?limit=50&offset=0');
    expect(takePrefetched('/api/v1/tasks/?limit=50&offset=50', 'token-1')).toBeUndefined();
    expect(takePrefetched('/api/v1/tasks/?limit=50&offset=0', 'token-2')).toBeUndefined();
    expect(takePrefetched('/api/v1/certificates/?limit=50&offset=0', 'token-1')).toBeUndefined();
    expect(window.dulyPrefetch).toBeDefined();
  });
});

describe('the prefetched answer seeded into RTK Query before the first render (issue 32)', () => {
  afterEach(() => {
    delete window.dulyPrefetch;
  });

  it('reads the list arguments a screen sends back from the URL: limit and offset as numbers', () => {
    expect(listArgsOfUrl('/api/v1/tasks/?limit=50&offset=0&status=open&q=audit')).toEqual({
      limit: 50,
      offset: 0,
      status: 'open',
      q: 'audit',
    });
  });

  it("is stored under the key the screen's hook uses (its list params), with the total of X-Total-Count, and taken", async () => {
    const store = createAppStore();
    const answer = prefetch('/api/v1/tasks/?limit=50&offset=0&status=open');
    await expect(
      seedPrefetchedList(store.dispatch, upsert, 'prefetchTestList', 'token-1'),
    ).resolves.toBe(true);
    const cached = seededApi.endpoints.prefetchTestList.select({
      limit: 50,
      offset: 0,
      status: 'open',
    })(store.getState());
    expect(cached).toMatchObject({ status: 'fulfilled', data: { items: answer.data, total: 2 } });
    expect(window.dulyPrefetch).toBeUndefined();
  });

  it('seeds nothing for another session or a failed prefetch', async () => {
    const store = createAppStore();
    prefetch('/api/v1/tasks/?limit=50&offset=0');
    await expect(
      seedPrefetchedList(store.dispatch, upsert, 'prefetchTestList', 'token-2'),
    ).resolves.toBe(false);
    window.dulyPrefetch = {
      url: '/api/v1/tasks/?limit=50&offset=0',
      token: 't',
      response: Promise.resolve(null),
    };
    await expect(seedPrefetchedList(store.dispatch, upsert, 'prefetchTestList', 't')).resolves.toBe(
      false,
    );
    expect(
      seededApi.endpoints.prefetchTestList.select({ limit: 50, offset: 0 })(store.getState())
        .status,
    ).toBe('uninitialized');
  });
});

describe('every prefetched answer of the page seeded into its endpoint (seedPrefetched, issue 32)', () => {
  const answer = (data: unknown, total?: number) => {
    const headers: Record<string, string> =
      total === undefined ? {} : { 'x-total-count': String(total) };
    return Promise.resolve({ status: 200, headers, data });
  };
  /** Every request the test's store sends to the API. */
  function recordRequests(): string[] {
    const requests: string[] = [];
    server.use(
      http.get(apiUrl('/*'), ({ request }) => {
        requests.push(request.url);
        return HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
      }),
    );
    return requests;
  }

  afterEach(() => {
    delete window.dulyPrefetch;
  });

  /** A store signed in with token `t` (the base query sends the store's token). */
  function signedInStore(): { store: ReturnType<typeof createAppStore>; t: string } {
    const t = makeToken();
    localStorage.setItem(TOKEN_STORAGE_KEY, t);
    const store = createAppStore();
    store.dispatch(sessionRestored());
    return { store, t };
  }

  it("runs each endpoint with the screen's arguments, so its own transform shapes the value under the hook's key, without asking the server", async () => {
    const requests = recordRequests();
    const { store, t } = signedInStore();
    window.dulyPrefetch = [
      {
        url: apiUrl('/manager/certificates?in_reminder_window=true&limit=1'),
        endpoint: 'prefetchTestCount',
        args: [],
        token: t,
        response: answer([{ id: 'c' }], 4),
      },
      {
        url: apiUrl('/manager/tasks?limit=10&offset=0&sort=urgency'),
        endpoint: 'prefetchTestPage',
        args: [{ limit: 10, offset: 0 }],
        token: t,
        response: answer([{ id: 'a' }], 12),
      },
      {
        url: apiUrl('/tasks/?limit=50&offset=0&status=open'),
        endpoint: 'prefetchTestList',
        token: t,
        response: answer([{ id: 'b' }], 1),
      },
    ];
    await expect(seedPrefetched(store.dispatch, baseApi, t)).resolves.toBe(true);
    const state = store.getState();
    expect(dashboardApi.endpoints.prefetchTestCount.select()(state)).toMatchObject({
      status: 'fulfilled',
      data: 4,
    });
    expect(
      dashboardApi.endpoints.prefetchTestPage.select({ limit: 10, offset: 0 })(state),
    ).toMatchObject({ status: 'fulfilled', data: { items: [{ id: 'a' }], total: 12 } });
    expect(
      seededApi.endpoints.prefetchTestList.select({ limit: 50, offset: 0, status: 'open' })(state),
    ).toMatchObject({ status: 'fulfilled', data: { items: [{ id: 'b' }], total: 1 } });
    expect(requests).toEqual([]);
    expect(window.dulyPrefetch).toBeUndefined();
  });

  it('never seeds a refused or failed answer (a 403 for this role: null) and asks nothing in its place; another session is left alone', async () => {
    const requests = recordRequests();
    const { store, t } = signedInStore();
    const other = {
      url: apiUrl('/manager/tasks?limit=10&offset=0&sort=urgency'),
      endpoint: 'prefetchTestPage',
      args: [{ limit: 10, offset: 0 }],
      token: 'someone-else',
      response: answer([{ id: 'x' }], 1),
    };
    window.dulyPrefetch = [
      {
        url: apiUrl('/manager/certificates?in_reminder_window=true&limit=1'),
        endpoint: 'prefetchTestCount',
        args: [],
        token: t,
        response: Promise.resolve(null),
      },
      other,
    ];
    await expect(seedPrefetched(store.dispatch, baseApi, t)).resolves.toBe(false);
    expect(dashboardApi.endpoints.prefetchTestCount.select()(store.getState()).status).toBe(
      'uninitialized',
    );
    expect(
      dashboardApi.endpoints.prefetchTestPage.select({ limit: 10, offset: 0 })(store.getState())
        .status,
    ).toBe('uninitialized');
    expect(requests).toEqual([]);
    expect(window.dulyPrefetch).toEqual([other]);
  });

  it('leaves an answer whose endpoint is not injected (its remote failed) to a GET of its URL', async () => {
    const store = createAppStore();
    const prefetch = {
      url: apiUrl('/unknown/?limit=1'),
      endpoint: 'prefetchTestNotInjected',
      args: [],
      token: 't',
      response: answer([], 0),
    };
    window.dulyPrefetch = [prefetch];
    await expect(seedPrefetched(store.dispatch, baseApi, 't')).resolves.toBe(false);
    expect(window.dulyPrefetch).toBeUndefined();
  });
});

describe("a store given the page's answers (a server render's, issue 32)", () => {
  it('answers its GETs from them, by URL whatever the order of the query, and asks the server nothing', async () => {
    const requests: string[] = [];
    server.use(
      http.get(apiUrl('/*'), ({ request }) => {
        requests.push(request.url);
        return HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
      }),
    );
    const answer = { status: 200, headers: { 'x-total-count': '12' }, data: [{ id: 'a' }] };
    const known = new Map([
      [
        requestKey(apiUrl('/manager/tasks?sort=urgency&offset=0&limit=10'), 'http://x.invalid'),
        answer,
      ],
    ]);
    const store = createAppStore(undefined, {
      knownAnswers: (url) => known.get(requestKey(url, 'http://x.invalid')),
    });
    const seeded = await seedAnswer(
      store.dispatch,
      baseApi,
      {
        url: apiUrl('/manager/tasks?limit=10&offset=0&sort=urgency'),
        endpoint: 'prefetchTestPage',
        args: [{ limit: 10, offset: 0 }],
      },
      answer,
    );
    expect(seeded).toBe(true);
    expect(
      dashboardApi.endpoints.prefetchTestPage.select({ limit: 10, offset: 0 })(store.getState()),
    ).toMatchObject({ status: 'fulfilled', data: { items: [{ id: 'a' }], total: 12 } });
    expect(requests).toEqual([]);

    // A GET it does not hold is asked as usual.
    await store.dispatch(
      dashboardApi.endpoints.prefetchTestPage.initiate({ limit: 10, offset: 10 }),
    );
    expect(requests).toHaveLength(1);
  });
});
