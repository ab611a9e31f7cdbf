import { http, HttpResponse } from 'msw';
import type { Page } from '../../contract/types';
import { loggedIn } from '../../auth/actions';
import { createAppStore } from '../../store/store';
import { apiUrl, loginRedirect, makeToken, setupApiServer } from '../../test-utils';
import { API_TAG_TYPES, baseApi } from '../baseApi';
import { isApiError } from '../errors';
import { toPage } from '../toPage';

interface Item {
  id: string;
  name: string;
}

const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    testItemsList: build.query<Page<Item>, { status?: string } | void>({
      query: (params) => ({ url: '/items/', params: params ?? undefined }),
      transformResponse: (items: Item[], meta) => toPage(items, meta),
    }),
    testItemsCreate: build.mutation<Item, { name: string }>({
      query: (body) => ({ url: '/items/', method: 'POST', data: body }),
    }),
  }),
  overrideExisting: 'throw',
});

const server = setupApiServer();

/** Answers GET /items/ with the given response and records every request. */
function recordItemsList(respond: () => Response) {
  const requests: Request[] = [];
  server.use(
    http.get(apiUrl('/items/'), ({ request }) => {
      requests.push(request.clone());
      return respond();
    }),
  );
  return requests;
}

/** A store whose session is signed in with `token` (the base query reads the token there). */
function signedInStore(token: string) {
  const store = createAppStore();
  store.dispatch(loggedIn(token));
  return store;
}

function listItems(store = createAppStore(), params?: { status?: string }) {
  return store.dispatch(testApi.endpoints.testItemsList.initiate(params));
}

describe('the base query', () => {
  it("sends the session's token as a bearer header and JSON as content type", async () => {
    const token = makeToken();
    const requests: Request[] = [];
    server.use(
      http.post(apiUrl('/items/'), async ({ request }) => {
        requests.push(request.clone());
        return HttpResponse.json({ id: 'i1', ...((await request.json()) as object) });
      }),
    );

    const created = await signedInStore(token)
      .dispatch(testApi.endpoints.testItemsCreate.initiate({ name: 'Fire safety' }))
      .unwrap();

    expect(created).toEqual({ id: 'i1', name: 'Fire safety' });
    expect(requests[0].headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(requests[0].headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('sends a FormData body with its own multipart type, not as JSON', async () => {
    const formApi = baseApi.injectEndpoints({
      endpoints: (build) => ({
        testItemsUpload: build.mutation<unknown, FormData>({
          query: (form) => ({ url: '/items/', method: 'POST', data: form }),
        }),
      }),
    });
    const requests: Request[] = [];
    server.use(
      http.post(apiUrl('/items/'), ({ request }) => {
        requests.push(request.clone());
        return HttpResponse.json({ ok: true });
      }),
    );
    const form = new FormData();
    form.append('name', 'Fire safety');

    await signedInStore(makeToken())
      .dispatch(formApi.endpoints.testItemsUpload.initiate(form))
      .unwrap();

    expect(requests[0].headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((await requests[0].formData()).get('name')).toBe('Fire safety');
  });

  it('reads the token at request time', async () => {
    const requests = recordItemsList(() => HttpResponse.json([]));
    const store = createAppStore();
    await listItems(store, { status: 'a' });
    const later = makeToken({ full_name: 'Later' });
    store.dispatch(loggedIn(later));
    await listItems(store, { status: 'b' });

    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([
      null,
      `Bearer ${later}`,
    ]);
  });

  it('reads the token from the session, not from local storage', async () => {
    const requests = recordItemsList(() => HttpResponse.json([]));
    localStorage.setItem('token', makeToken());

    await listItems(createAppStore());

    expect(requests[0].headers.has('authorization')).toBe(false);
  });

  it('sends no Authorization header when no token is stored', async () => {
    const requests = recordItemsList(() => HttpResponse.json([]));

    await listItems();

    expect(requests).toHaveLength(1);
    expect(requests[0].headers.has('authorization')).toBe(false);
  });

  it('passes query parameters', async () => {
    const requests = recordItemsList(() => HttpResponse.json([]));

    await listItems(createAppStore(), { status: 'pending' });

    expect(new URL(requests[0].url).searchParams.get('status')).toBe('pending');
  });

  it('on a 401 removes the token and sends the browser to /login', async () => {
    const store = signedInStore(makeToken());
    recordItemsList(() =>
      HttpResponse.json({ message: 'Token expired', code: 'UNAUTHORIZED' }, { status: 401 }),
    );

    const result = await listItems(store);

    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth).toEqual({ status: 'anonymous', user: null });
    expect(loginRedirect).toHaveBeenCalledTimes(1);
    expect(result.error).toMatchObject({ status: 401, message: 'Token expired' });
  });

  it('passes a 401 without a stored token to the caller (a failed sign-in)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const requests = recordItemsList(() =>
      HttpResponse.json(
        { message: 'Invalid email or password', code: 'UNAUTHORIZED' },
        { status: 401 },
      ),
    );

    const result = await listItems();

    expect(loginRedirect).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(result.error).toMatchObject({ status: 401, message: 'Invalid email or password' });
    jest.restoreAllMocks();
  });

  it('logs a 500, retries the query once, then passes the server message to the caller', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const requests = recordItemsList(() =>
      HttpResponse.json({ message: 'Database unavailable', code: 'INTERNAL' }, { status: 500 }),
    );

    const result = await listItems();

    expect(requests).toHaveLength(2);
    expect(result.error).toEqual({
      status: 500,
      message: 'Database unavailable',
      data: { message: 'Database unavailable', code: 'INTERNAL' },
    });
    expect(logged).toHaveBeenCalled();
    expect(loginRedirect).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('succeeds when the one retry succeeds', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    recordItemsList(() => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ message: 'Busy', code: 'INTERNAL' }, { status: 503 })
        : HttpResponse.json([{ id: 'i1', name: 'One' }]);
    });

    const result = await listItems();

    expect(result.data).toEqual({ items: [{ id: 'i1', name: 'One' }], total: 1 });
    jest.restoreAllMocks();
  });

  it('does not retry a 4xx', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const requests = recordItemsList(() =>
      HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 }),
    );

    const result = await listItems();

    expect(requests).toHaveLength(1);
    expect(result.error).toMatchObject({ status: 404, message: 'Not found' });
    jest.restoreAllMocks();
  });

  it('never repeats a mutation', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    server.use(
      http.post(apiUrl('/items/'), () => {
        calls += 1;
        return HttpResponse.json({ message: 'Boom', code: 'INTERNAL' }, { status: 500 });
      }),
    );

    const outcome = createAppStore()
      .dispatch(testApi.endpoints.testItemsCreate.initiate({ name: 'x' }))
      .unwrap();

    await expect(outcome).rejects.toMatchObject({ status: 500, message: 'Boom' });
    expect(calls).toBe(1);
    jest.restoreAllMocks();
  });

  it('reports a network failure as FETCH_ERROR', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    recordItemsList(() => HttpResponse.error());

    const result = await listItems();

    expect(isApiError(result.error)).toBe(true);
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    jest.restoreAllMocks();
  });

  it('hands X-Total-Count to toPage', async () => {
    recordItemsList(() =>
      HttpResponse.json([{ id: 'i1', name: 'One' }], { headers: { 'X-Total-Count': '137' } }),
    );

    const result = await listItems();

    expect(result.data).toEqual({ items: [{ id: 'i1', name: 'One' }], total: 137 });
  });
});

describe('baseApi', () => {
  it('declares one tag type per resource', () => {
    expect([...API_TAG_TYPES].sort()).toEqual(
      [
        'Task',
        'Certificate',
        'CertificateType',
        'Compliance',
        'Document',
        'Employee',
        'Organization',
        'Dashboard',
        'Notification',
        'Document',
      ].sort(),
    );
  });

  it('lives under `api` and does not refetch on window focus', () => {
    const store = createAppStore();
    expect(store.getState().api.config.refetchOnFocus).toBe(false);
    expect(store.getState().api.config.reducerPath).toBe('api');
  });

  it('refuses a second endpoint with an existing name', () => {
    expect(() =>
      baseApi.injectEndpoints({
        endpoints: (build) => ({
          testItemsList: build.query<Item[], void>({ query: () => ({ url: '/other/' }) }),
        }),
        overrideExisting: 'throw',
      }),
    ).toThrow(/testItemsList/);
  });
});
