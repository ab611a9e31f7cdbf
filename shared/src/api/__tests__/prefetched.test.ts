import type { Page, Task } from '../../contract/types';
import { createAppStore } from '../../store/store';
import { baseApi } from '../baseApi';
import { pageQuery } from '../endpoints';
import { listArgsOfUrl, seedPrefetchedList, takePrefetched } from '../prefetched';

/** A list endpoint as a remote injects it (remote-tasks' tasksList), under a name of its own. */
const seededApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    prefetchTestList: build.query<Page<Task>, { limit: number; offset: number; status?: string }>(
      pageQuery('Task', '/tasks/'),
    ),
  }),
});

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
