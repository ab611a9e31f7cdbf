/**
 * The task endpoints, injected into the app's one `baseApi` (ARCHITECTURE 3).
 *
 * Names start with `tasks` so they cannot collide with another remote's endpoints in the same
 * api; `overrideExisting: 'throw'` turns any collision into an error at start-up instead of one
 * remote silently replacing another's endpoint. The assignee list is `tasksAssignees`, not
 * `employees…`: remote-employees owns that prefix.
 *
 * Tags: one type per resource. Every list of tasks, whichever app shows it (this remote's, a
 * manager's team list, an employee's own), provides `Task` tags; so saving or completing a task
 * invalidates the task, `{ Task, LIST }` and `Dashboard`, and the shell's dashboard and the team
 * screens show fresh data without this remote naming anything of theirs.
 */
import {
  allItemsQuery,
  baseApi,
  createMutation,
  itemQuery,
  itemUrl,
  itemWriteTags,
  pageQuery,
  updateMutation,
  type CreateTaskPayload,
  type Employee,
  type Page,
  type Task,
  type TaskListParams,
  type UpdateArgs,
  type UpdateTaskPayload,
} from '@duly/shared';

export type UpdateTaskArgs = UpdateArgs<UpdateTaskPayload>;

/** Injects the task endpoints into `api`; throws when one of the names is already taken. */
export function injectTaskEndpoints(api: typeof baseApi) {
  return api.injectEndpoints({
    overrideExisting: 'throw',
    endpoints: (build) => ({
      tasksList: build.query<Page<Task>, TaskListParams>(pageQuery('Task', '/tasks/')),
      tasksGet: build.query<Task, string>(itemQuery('Task', '/tasks/')),
      tasksCreate: build.mutation<Task, CreateTaskPayload>(createMutation('Task', '/tasks/')),
      tasksUpdate: build.mutation<Task, UpdateTaskArgs>(updateMutation('Task', '/tasks/')),

      /** Mark as Done: `PATCH /tasks/{id}` with `{ status: 'completed' }` (ARCHITECTURE 6). */
      tasksMarkDone: build.mutation<Task, string>({
        query: (id) => ({
          url: itemUrl('/tasks/', id),
          method: 'PATCH',
          data: { status: 'completed' },
        }),
        invalidatesTags: (_task, _error, id) => itemWriteTags('Task', id),
      }),

      /**
       * An employee's Edit of their own task: `PATCH /tasks/{id}` with the status only, the one
       * change ARCHITECTURE 6 lets them make (issue 33 item 4).
       */
      tasksSetStatus: build.mutation<Task, { id: string; status: string }>({
        query: ({ id, status }) => ({
          url: itemUrl('/tasks/', id),
          method: 'PATCH',
          data: { status },
        }),
        invalidatesTags: (_task, _error, { id }) => itemWriteTags('Task', id),
      }),

      /**
       * The people a task can be assigned to (GET /employees/). One page of the largest size the
       * API allows; tagged like remote-employees' lists, so a new user shows up here too.
       */
      tasksAssignees: build.query<Employee[], void>(allItemsQuery('Employee', '/employees/')),
    }),
  });
}

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
