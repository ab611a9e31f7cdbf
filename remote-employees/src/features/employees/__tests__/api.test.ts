import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { baseApi, createAppStore, type DashboardResponse } from '@duly/shared';
import {
  apiUrl,
  makeDashboard,
  makeEmployee,
  makeTask,
  mockApi,
  setupApiServer,
} from '@duly/shared/test-utils';
import { employeesApi, injectEmployeeEndpoints } from '../api';

const server = setupApiServer();

/** What the tasks remote and the shell inject into the same api, knowing nothing of this remote. */
const otherApps = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    probeAssignees: build.query<unknown[], void>({
      query: () => ({ url: '/employees/', params: { limit: 200 } }),
      providesTags: [{ type: 'Employee', id: 'LIST' }],
    }),
    probeDashboard: build.query<DashboardResponse, void>({
      query: () => ({ url: '/dashboard/' }),
      providesTags: ['Dashboard'],
    }),
    probeMarkDone: build.mutation<unknown, string>({
      query: (id) => ({ url: `/tasks/${id}`, method: 'PATCH', data: { status: 'completed' } }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Task', id }],
    }),
  }),
});

describe('endpoint names', () => {
  it('throw when the people endpoints are injected a second time', () => {
    expect(() => injectEmployeeEndpoints(baseApi)).toThrow(/employeesList/);
  });

  it("are the eight 'employees…' names", () => {
    const ours = Object.keys(employeesApi.endpoints).filter((name) => !name.startsWith('probe'));
    expect(ours.filter((name) => name.startsWith('employees')).sort()).toEqual([
      'employeesActivityVerify',
      'employeesAssignedTasks',
      'employeesCreate',
      'employeesGet',
      'employeesInChargeCertificates',
      'employeesList',
      'employeesResendInvitation',
      'employeesUpdate',
    ]);
  });
});

describe('saving a person refreshes every screen that shows people', () => {
  it('a save refetches the person, every list of people (the assignee list too) and the dashboard', async () => {
    const person = makeEmployee({ firstName: 'Meera', lastName: 'Iyer' });
    const api = mockApi({ employees: [person] });
    let dashboardCalls = 0;
    server.use(
      ...api.handlers('employees'),
      http.get(apiUrl('/dashboard/'), () => {
        dashboardCalls += 1;
        return HttpResponse.json(makeDashboard());
      }),
    );
    const store = createAppStore();
    await Promise.all([
      store.dispatch(employeesApi.endpoints.employeesList.initiate({ limit: 50, offset: 0 })),
      store.dispatch(employeesApi.endpoints.employeesGet.initiate(person.id)),
      store.dispatch(otherApps.endpoints.probeAssignees.initiate()),
      store.dispatch(otherApps.endpoints.probeDashboard.initiate()),
    ]);
    expect(api.sent('GET', '/employees/')).toHaveLength(2);

    await store
      .dispatch(
        employeesApi.endpoints.employeesUpdate.initiate({
          id: person.id,
          changes: { lastName: 'Menon' },
        }),
      )
      .unwrap();

    await waitFor(() => expect(api.sent('GET', '/employees/')).toHaveLength(4));
    await waitFor(() => expect(api.sent('GET', `/employees/${person.id}`)).toHaveLength(2));
    await waitFor(() => expect(dashboardCalls).toBe(2));
  });

  it("completing a task in another remote refetches the person's task list", async () => {
    const person = makeEmployee();
    const task = makeTask({ assigned_to_user_id: person.id });
    const api = mockApi({ employees: [person], tasks: [task] });
    server.use(...api.handlers('tasks'));
    const store = createAppStore();
    await store.dispatch(employeesApi.endpoints.employeesAssignedTasks.initiate(person.id));
    expect(api.sent('GET', '/tasks/')).toHaveLength(1);

    await store.dispatch(otherApps.endpoints.probeMarkDone.initiate(task.id)).unwrap();
    await waitFor(() => expect(api.sent('GET', '/tasks/')).toHaveLength(2));
    const { data } = employeesApi.endpoints.employeesAssignedTasks.select(person.id)(
      store.getState(),
    );
    expect(data?.items[0]?.status).toBe('completed');
  });
});
