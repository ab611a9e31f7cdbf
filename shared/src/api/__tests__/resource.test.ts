import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createAppStore } from '../../store/store';
import { apiUrl, makeCertificate, makeTask, mockApi, setupApiServer } from '../../test-utils';
import { baseApi, featureEndpoints } from '../baseApi';
import { resourceEndpoints } from '../resource';

const server = setupApiServer();

/** A feature as a remote declares it, under names of its own. */
const injectKit = featureEndpoints((build) => ({
  ...resourceEndpoints(build, 'kitTasks', 'Task', '/tasks/'),
  ...resourceEndpoints(build, 'kitCertificates', 'Certificate', '/certificates/', {
    suffix: '/',
    missingId: 'Certificate ID is required',
  }),
}));
const kitApi = injectKit(baseApi);

function setUp() {
  const task = makeTask({ title: 'Prepare the audit' });
  const certificate = makeCertificate({ name: 'Fire Safety' });
  const api = mockApi({ tasks: [task], certificates: [certificate] });
  server.use(...api.handlers('tasks', 'certificates'));
  return { store: createAppStore(), api, task, certificate };
}

describe('resourceEndpoints', () => {
  it('names the four endpoints after the prefix, which the hooks and the cache keys follow', () => {
    expect(Object.keys(kitApi.endpoints).filter((name) => name.startsWith('kitTasks'))).toEqual([
      'kitTasksList',
      'kitTasksGet',
      'kitTasksCreate',
      'kitTasksUpdate',
    ]);
    expect(typeof kitApi.useKitTasksListQuery).toBe('function');
    expect(typeof kitApi.useKitCertificatesUpdateMutation).toBe('function');
  });

  it('lists a page with the total, and a list seeded under the arguments is read back as is', async () => {
    const { store } = setUp();
    const { data } = await store.dispatch(
      kitApi.endpoints.kitTasksList.initiate({ limit: 1, offset: 0 }),
    );
    expect(data?.total).toBe(1);
    expect(data?.items.map((task) => task.title)).toEqual(['Prepare the audit']);

    const seeded = { items: [], total: 7 };
    store.dispatch(
      kitApi.util.upsertQueryEntries([
        { endpointName: 'kitTasksList', arg: { limit: 50, offset: 0 }, value: seeded },
      ]),
    );
    expect(
      kitApi.endpoints.kitTasksList.select({ limit: 50, offset: 0 })(store.getState()).data,
    ).toEqual(seeded);
  });

  it('reads, creates and updates at the item URL (with the suffix), refetching the item', async () => {
    const { store, api, certificate } = setUp();
    await store.dispatch(kitApi.endpoints.kitCertificatesGet.initiate(certificate.id));
    expect(api.sent('GET', `/certificates/${certificate.id}/`)).toHaveLength(1);

    await store
      .dispatch(
        kitApi.endpoints.kitCertificatesUpdate.initiate({
          id: certificate.id,
          changes: { name: 'Renamed' },
        }),
      )
      .unwrap();
    expect(api.sent('PUT', `/certificates/${certificate.id}/`).map((r) => r.body)).toEqual([
      { name: 'Renamed' },
    ]);
    // The item still subscribed is refetched: its tag was invalidated.
    await waitFor(() =>
      expect(api.sent('GET', `/certificates/${certificate.id}/`)).toHaveLength(2),
    );
  });

  it('refuses an update without an id when told to, sending nothing', async () => {
    const { store, api } = setUp();
    const result = await store.dispatch(
      kitApi.endpoints.kitCertificatesUpdate.initiate({ id: ' ', changes: { name: 'X' } }),
    );
    expect(result.error).toEqual({ status: 400, message: 'Certificate ID is required' });
    expect(api.sent('PUT', '/certificates/ /')).toHaveLength(0);
  });

  it("passes the server's failure of a checked update through", async () => {
    setUp();
    server.use(
      http.put(apiUrl('/certificates/:id/'), () =>
        HttpResponse.json({ message: 'Name is required' }, { status: 400 }),
      ),
    );
    const store = createAppStore();
    const result = await store.dispatch(
      kitApi.endpoints.kitCertificatesUpdate.initiate({ id: 'c1', changes: { name: '' } }),
    );
    expect(result.error).toMatchObject({ status: 400, message: 'Name is required' });
  });

  it('posts a create to the base URL', async () => {
    const { store, api, task } = setUp();
    const payload = { title: 'New', description: null, due_date: task.due_date };
    await store.dispatch(
      kitApi.endpoints.kitTasksCreate.initiate({ ...payload, assigned_to_user_id: 'u1' }),
    );
    expect(api.sent('POST', '/tasks/').map((r) => r.body)).toEqual([
      { ...payload, assigned_to_user_id: 'u1' },
    ]);
  });
});

describe('featureEndpoints', () => {
  it('throws when a name is injected a second time', () => {
    expect(() => injectKit(baseApi)).toThrow(/kitTasksList/);
  });
});
