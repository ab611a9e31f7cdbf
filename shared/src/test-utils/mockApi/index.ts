/**
 * An in-memory stand-in of the Duly API for front-end tests (CONVENTIONS 11), with MSW handlers
 * per resource, one module each: tasks, certificates (and the catalogue of types), documents,
 * employees, team (manager/* and employee/*), dashboard, organizations, auth and activity, all
 * over one store (store.ts), so a write of one resource shows in another's lists. Lists behave
 * like the API's (answers.ts, ordering.ts): `limit` (default 50, 1 to 200) and `offset`, the total
 * in `X-Total-Count`, the same filters, `q` (contains, any case) and `sort` (a column, `-` first
 * for descending; an unknown one is a 400), with the row id as the last tie-breaker. Every request
 * is logged for assertions on what the client sent. What it does not copy: permissions (every
 * caller is the test user, a manager's view) and the API's input validation.
 *
 *   const api = mockApi({ tasks: [makeTask()], employees: [priya, rahul] });
 *   server.use(...api.handlers('tasks', 'employees'));   // or api.handlers() for all
 *   expect(api.sent('PUT', `/tasks/${id}`)[0].body).toEqual({ … });
 */
import type { RequestHandler } from 'msw';
import type { Task } from '../../contract/types';
import { activityHandlers } from './activity';
import { authHandlers } from './auth';
import { certificateHandlers } from './certificates';
import { dashboardHandlers } from './dashboard';
import { documentHandlers } from './documents';
import { employeeHandlers } from './employees';
import { organizationHandlers } from './organizations';
import { createStore } from './store';
import { taskHandlers } from './tasks';
import { managerHandlers, myHandlers } from './team';
import type { MockApiData, MockResource } from './types';

export { MOCK_SORTS } from './ordering';
export { TEST_PASSWORD } from './store';
export { failingResource } from './failingResource';
export type { LoggedRequest, MockAccount, MockApiData, MockResource } from './types';

export function mockApi(data: MockApiData = {}) {
  const store = createStore(data);
  const { tasks, certificates, employees, organizations, requests } = store;
  const activity = activityHandlers(store);
  const byResource: Record<MockResource, RequestHandler[]> = {
    // An item's page shows its history: each item resource answers GET /activity too.
    tasks: [...taskHandlers(store), ...activity],
    certificates: [...certificateHandlers(store), ...documentHandlers(store), ...activity],
    employees: [...employeeHandlers(store), ...activity],
    activity,
    manager: managerHandlers(store),
    employee: myHandlers(store),
    dashboard: dashboardHandlers(store),
    organizations: organizationHandlers(store),
    auth: authHandlers(store),
  };

  return {
    /** The handlers of the resources named (every resource without an argument). */
    handlers: (...resources: MockResource[]): RequestHandler[] =>
      (resources.length > 0 ? resources : (Object.keys(byResource) as MockResource[])).flatMap(
        (resource) => byResource[resource],
      ),
    requests,
    /** The requests of one method and path, e.g. `sent('GET', '/tasks/')`. */
    sent: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
    /** The data as it is now (after the writes the tests made). */
    db: { tasks, certificates, employees, organizations },
    task: (id: string) => tasks.get(id),
    certificate: (id: string) => certificates.get(id),
    employee: (id: string) => employees.get(id),
  };
}

export type MockApi = ReturnType<typeof mockApi>;

/** The tasks resource alone: `{ handlers, requests, sent, task }` (remote-tasks' tests). */
export function tasksBackend(initial: Task[] = []) {
  const api = mockApi({ tasks: initial });
  return { ...api, handlers: api.handlers('tasks') };
}
