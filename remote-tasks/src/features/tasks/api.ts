/**
 * The task endpoints, injected into the app's one `baseApi` (ARCHITECTURE 3; the tag rules are
 * docs/shared-library.md's). Names start with `tasks`; the assignee list is `tasksAssignees`,
 * not `employees…`, which remote-employees owns.
 */
import {
  allItemsQuery,
  baseApi,
  featureEndpoints,
  itemUrl,
  itemWriteTags,
  resourceEndpoints,
  type Employee,
  type Task,
} from '@duly/shared/core';

/** `PATCH /tasks/{id}` with the status alone (ARCHITECTURE 6). */
const patchStatus = (id: string, status: string) =>
  ({ url: itemUrl('/tasks/', id), method: 'PATCH', data: { status } }) as const;

export const injectTaskEndpoints = featureEndpoints((build) => ({
  ...resourceEndpoints(build, 'tasks', 'Task', '/tasks/'),
  /** Mark as Done: `{ status: 'completed' }`. */
  tasksMarkDone: build.mutation<Task, string>({
    query: (id) => patchStatus(id, 'completed'),
    invalidatesTags: (_task, _error, id) => itemWriteTags('Task', id),
  }),
  /** An employee's Edit of their own task: the status only, all ARCHITECTURE 6 lets them change. */
  tasksSetStatus: build.mutation<Task, { id: string; status: string }>({
    query: ({ id, status }) => patchStatus(id, status),
    invalidatesTags: (_task, _error, { id }) => itemWriteTags('Task', id),
  }),
  /** The people a task can be assigned to, tagged like remote-employees' lists. */
  tasksAssignees: build.query<Employee[], void>(allItemsQuery('Employee', '/employees/')),
}));

export const tasksApi = injectTaskEndpoints(baseApi);

export const {
  useTasksListQuery,
  useTasksGetQuery,
  useTasksCreateMutation,
  useTasksUpdateMutation,
  useTasksMarkDoneMutation,
  useTasksSetStatusMutation,
  useTasksAssigneesQuery,
} = tasksApi;
