/**
 * A resource's four standard endpoints in one line (issue 25):
 *
 *     ...resourceEndpoints(build, 'tasks', 'Task', '/tasks/'),
 *
 * is `tasksList` (GET /tasks/ with the list's query, a `Page<Task>`), `tasksGet` (GET
 * /tasks/{id}), `tasksCreate` (POST /tasks/) and `tasksUpdate` (PUT /tasks/{id} with
 * `{ id, changes }`): RTK Query names the hooks after them (`useTasksListQuery`, …) and keys the
 * cache by them, so the shell's seeded first list (remotes.json `firstRequests`) lands under the
 * same key. The types come from the contract through `ResourceShapes`; the tags are those of
 * `pageQuery`, `itemQuery`, `createMutation` and `updateMutation`.
 */
import type {
  Certificate,
  CertificateListParams,
  CreateCertificatePayload,
  CreateEmployeePayload,
  CreateTaskPayload,
  Employee,
  EmployeeListParams,
  Page,
  Task,
  TaskListParams,
  UpdateCertificatePayload,
  UpdateEmployeePayload,
  UpdateTaskPayload,
} from '../contract/types';
import type { ApiEndpointBuilder } from './baseApi';
import {
  checkedUpdateMutation,
  createMutation,
  itemQuery,
  pageQuery,
  updateMutation,
  type UpdateArgs,
} from './endpoints';

/** What each resource's standard endpoints read and send, by its tag type. */
export interface ResourceShapes {
  Task: { item: Task; list: TaskListParams; create: CreateTaskPayload; update: UpdateTaskPayload };
  Certificate: {
    item: Certificate;
    list: CertificateListParams;
    create: CreateCertificatePayload;
    update: UpdateCertificatePayload;
  };
  Employee: {
    item: Employee;
    list: EmployeeListParams;
    create: CreateEmployeePayload;
    update: UpdateEmployeePayload;
  };
}

/**
 * `{prefix}List`, `{prefix}Get`, `{prefix}Create` and `{prefix}Update` of the resource `type`
 * at `base`. `suffix` ends an item's URL (`'/'`: /certificates/{id}/); `missingId` is the
 * update's message for an empty id (see `checkedUpdateMutation`).
 */
export function resourceEndpoints<P extends string, R extends keyof ResourceShapes>(
  build: ApiEndpointBuilder,
  prefix: P,
  type: R,
  base: string,
  { suffix = '', missingId }: { suffix?: string; missingId?: string } = {},
) {
  type Shapes = ResourceShapes[R];
  type Item = Shapes['item'];
  type Changes = UpdateArgs<Shapes['update']>;
  const endpoints = {
    List: build.query<Page<Item>, Shapes['list']>(pageQuery<Item, Shapes['list']>(type, base)),
    Get: build.query<Item, string>(itemQuery(type, base, suffix)),
    Create: build.mutation<Item, Shapes['create']>(createMutation(type, base)),
    Update:
      missingId === undefined
        ? build.mutation<Item, Changes>(updateMutation(type, base, { suffix }))
        : build.mutation<Item, Changes>(
            checkedUpdateMutation<Shapes['update'], Item>(type, base, missingId, { suffix }),
          ),
  };
  type Endpoints = typeof endpoints;
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, definition]) => [`${prefix}${name}`, definition]),
  ) as { [N in keyof Endpoints as `${P}${N}`]: Endpoints[N] };
}
