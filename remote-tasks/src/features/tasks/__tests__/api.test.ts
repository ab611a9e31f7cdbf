import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { baseApi, createAppStore, type DashboardResponse } from '@duly/shared';
import { apiUrl, makeTask, priya, setupApiServer, tasksBackend } from '@duly/shared/test-utils';
import { injectTaskEndpoints, tasksApi } from '../api';

const server = setupApiServer();

/**
 * Stand-ins for what the shell and remote-team inject into the same api: a dashboard query and
 * a team task list. They only provide their resource's tags (`Task` for a list of tasks,
 * wherever it is shown); they know nothing about this remote.
 */
const otherApps = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    probeDashboard: build.query<DashboardResponse, void>({
      query: () => ({ url: '/dashboard/' }),
      providesTags: ['Dashboard'],
    }),
    probeTeamTasks: build.query<unknown[], void>({
      query: () => ({ url: '/manager/tasks' }),
      providesTags: [{ type: 'Task', id: 'LIST' }],
    }),
    probeMyTasks: build.query<unknown[], void>({
      query: () => ({ url: '/employee/tasks' }),
      providesTags: [{ type: 'Task', id: 'LIST' }],
    }),
  }),
});

const dashboard: DashboardResponse = {
  tasks: { total_tasks: 2, overdue_tasks: 0 },
  certificates: { total_certificates: 0, expired_certificates: 0 },
  employee_count: 1,
};

function setUp() {
  const first = makeTask({ title: 'Prepare the audit' });
  const second = makeTask({ title: 'File the returns' });
  const backend = tasksBackend([first, second]);
  const calls = { dashboard: 0, teamTasks: 0, myTasks: 0 };
  server.use(
    ...backend.handlers,
    http.get(apiUrl('/dashboard/'), () => {
      calls.dashboard += 1;
      return HttpResponse.json(dashboard);
    }),
    http.get(apiUrl('/manager/tasks'), () => {
      calls.teamTasks += 1;
      return HttpResponse.json([]);
    }),
    http.get(apiUrl('/employee/tasks'), () => {
      calls.myTasks += 1;
      return HttpResponse.json([]);
    }),
  );
  const store = createAppStore();
  return { store, backend, calls, first, second };
}

/** Subscribes like mounted screens do: the list, both tasks, the dashboard, the team and my lists. */
async function subscribeEverything({ store, first, second }: ReturnType<typeof setUp>) {
  await Promise.all([
    store.dispatch(tasksApi.endpoints.tasksList.initiate({ limit: 50, offset: 0 })),
    store.dispatch(tasksApi.endpoints.tasksGet.initiate(first.id)),
    store.dispatch(tasksApi.endpoints.tasksGet.initiate(second.id)),
    store.dispatch(otherApps.endpoints.probeDashboard.initiate()),
    store.dispatch(otherApps.endpoints.probeTeamTasks.initiate()),
    store.dispatch(otherApps.endpoints.probeMyTasks.initiate()),
  ]);
}

describe('endpoint names', () => {
  it('throw when the task endpoints are injected a second time', () => {
    expect(() => injectTaskEndpoints(baseApi)).toThrow(/tasksList/);
  });

  it("throw when another remote tries to take a name of this remote's", () => {
    expect(() =>
      baseApi.injectEndpoints({
        overrideExisting: 'throw',
        endpoints: (build) => ({
          tasksMarkDone: build.mutation<void, string>({ query: (id) => ({ url: `/x/${id}` }) }),
        }),
      }),
    ).toThrow(/tasksMarkDone/);
  });

  it("all start with 'tasks', leaving the employees… prefix to remote-employees", () => {
    // `activityList` (the History section) and `imports…` (the Import screen) are the shared
    // kit's own, injected by @duly/shared.
    const ours = Object.keys(tasksApi.endpoints).filter(
      (name) => !name.startsWith('probe') && !name.startsWith('imports') && name !== 'activityList',
    );
    expect(ours.sort()).toEqual([
      'tasksAssignees',
      'tasksCreate',
      'tasksGet',
      'tasksList',
      'tasksMarkDone',
      'tasksSetStatus',
      'tasksUpdate',
    ]);
  });
});

describe('tasksList', () => {
  it('sends the page and the status filter, and reads the total from X-Total-Count', async () => {
    const { store, backend } = setUp();
    const { data } = await store.dispatch(
      tasksApi.endpoints.tasksList.initiate({ limit: 1, offset: 1, status: 'pending' }),
    );
    const [request] = backend.sent('GET', '/tasks/');
    expect(Object.fromEntries(request.query)).toEqual({
      limit: '1',
      offset: '1',
      status: 'pending',
    });
    expect(data?.total).toBe(2);
    expect(data?.items.map((task) => task.title)).toEqual(['File the returns']);
  });
});

describe('tasksAssignees', () => {
  it('asks GET /employees/ for the largest page the API allows', async () => {
    const store = createAppStore();
    let query: URLSearchParams | undefined;
    server.use(
      http.get(apiUrl('/employees/'), ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json([priya]);
      }),
    );
    const { data } = await store.dispatch(tasksApi.endpoints.tasksAssignees.initiate());
    expect(data).toEqual([priya]);
    expect(query?.get('limit')).toBe('200');
  });
});

describe('saving a task refreshes every screen that shows it', () => {
  it('Mark as Done sends PATCH {status: completed} and refetches the task, the lists and the dashboard', async () => {
    const setup = setUp();
    const { store, backend, calls, first, second } = setup;
    await subscribeEverything(setup);

    await store.dispatch(tasksApi.endpoints.tasksMarkDone.initiate(first.id)).unwrap();

    expect(backend.sent('PATCH', `/tasks/${first.id}`).map((request) => request.body)).toEqual([
      { status: 'completed' },
    ]);
    await waitFor(() => expect(calls.dashboard).toBe(2));
    await waitFor(() => expect(calls.teamTasks).toBe(2));
    await waitFor(() => expect(calls.myTasks).toBe(2));
    await waitFor(() => expect(backend.sent('GET', '/tasks/')).toHaveLength(2));
    await waitFor(() => expect(backend.sent('GET', `/tasks/${first.id}`)).toHaveLength(2));
    const refreshed = tasksApi.endpoints.tasksGet.select(first.id)(store.getState());
    expect(refreshed.data?.status).toBe('completed');
    // The other task did not change: it is not fetched again.
    expect(backend.sent('GET', `/tasks/${second.id}`)).toHaveLength(1);
  });

  it('an update sends PUT and refetches the task, the lists and the dashboard', async () => {
    const setup = setUp();
    const { store, backend, calls, first } = setup;
    await subscribeEverything(setup);

    await store
      .dispatch(
        tasksApi.endpoints.tasksUpdate.initiate({ id: first.id, changes: { title: 'Renamed' } }),
      )
      .unwrap();

    expect(backend.sent('PUT', `/tasks/${first.id}`).map((request) => request.body)).toEqual([
      { title: 'Renamed' },
    ]);
    await waitFor(() => expect(calls.dashboard).toBe(2));
    await waitFor(() => expect(calls.teamTasks).toBe(2));
    await waitFor(() => expect(calls.myTasks).toBe(2));
    await waitFor(() => expect(backend.sent('GET', '/tasks/')).toHaveLength(2));
    await waitFor(() => expect(backend.sent('GET', `/tasks/${first.id}`)).toHaveLength(2));
  });

  it('a create refetches the lists and the dashboard, not the tasks already open', async () => {
    const setup = setUp();
    const { store, backend, calls, first } = setup;
    await subscribeEverything(setup);

    await store
      .dispatch(
        tasksApi.endpoints.tasksCreate.initiate({
          title: 'New one',
          due_date: '2099-01-01T00:00:00.000Z',
          assigned_to_user_id: priya.id,
        }),
      )
      .unwrap();

    await waitFor(() => expect(calls.dashboard).toBe(2));
    await waitFor(() => expect(calls.teamTasks).toBe(2));
    await waitFor(() => expect(calls.myTasks).toBe(2));
    await waitFor(() => expect(backend.sent('GET', '/tasks/')).toHaveLength(2));
    expect(backend.sent('GET', `/tasks/${first.id}`)).toHaveLength(1);
  });
});
