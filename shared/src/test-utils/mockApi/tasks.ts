import { http, HttpResponse } from 'msw';
import type { Task } from '../../contract/types';
import { uuid } from '../fixtures';
import { apiUrl } from '../server';
import { TEST_USER_CLAIMS } from '../tokens';
import { answerer, listAnswer, notFound } from './answers';
import { contains, DEFAULT_SORT, MOCK_SORTS, sorted } from './ordering';
import { personOf, type MockStore } from './store';

/** A page of tasks: the filters of GET /tasks/, or a scope the /employee and /manager lists set. */
export function listTasks(
  store: MockStore,
  query: URLSearchParams,
  scope: { assignedTo?: string; statusFilter?: (task: Task) => boolean } = {},
) {
  const status = query.get('status');
  const assignee = scope.assignedTo ?? query.get('assigned_to_user_id');
  const q = query.get('q');
  const matching = [...store.tasks.values()].filter(
    (task) =>
      (scope.statusFilter ? scope.statusFilter(task) : !status || task.status === status) &&
      (!assignee || task.assigned_to_user_id === assignee) &&
      (!q || contains(task.title, q)),
  );
  return listAnswer(sorted(matching, query, MOCK_SORTS.tasks, DEFAULT_SORT.tasks), query);
}

/** A task's changes as the API applies them: `assigned_to_employee_id` names the assignee. */
export function applyTaskChanges(
  store: MockStore,
  task: Task,
  body: Record<string, unknown>,
): Task {
  const { assigned_to_employee_id: employeeId, ...changes } = body;
  const next = { ...task, ...changes } as Task;
  if (employeeId !== undefined) next.assigned_to_user_id = employeeId as string | null;
  if ('assigned_to_user_id' in changes || employeeId !== undefined) {
    const assignee = next.assigned_to_user_id;
    const known = personOf(store, assignee);
    if (!assignee) delete next.assigned_to;
    else if (known) next.assigned_to = known;
    else if (next.assigned_to?.id !== assignee)
      next.assigned_to = { id: assignee, full_name: null };
  }
  return next;
}

export function taskHandlers(store: MockStore) {
  const answer = answerer(store);
  const { tasks } = store;
  return [
    http.get(
      apiUrl('/tasks/'),
      answer(({ query }) => listTasks(store, query)),
    ),
    http.get(
      apiUrl('/tasks/:id'),
      answer((_request, { id }) => {
        const task = tasks.get(id);
        return task ? HttpResponse.json(task) : notFound('Task');
      }),
    ),
    http.post(
      apiUrl('/tasks/'),
      answer(({ body }) => {
        const now = new Date().toISOString();
        const base = {
          description: null,
          status: 'pending',
          assigned_to_user_id: null,
          organization_id: TEST_USER_CLAIMS.organization_id,
          created_by_user_id: store.userId,
          assigner_id: store.userId,
          created_at: now,
          updated_at: now,
        } as unknown as Task;
        const changes = body as Record<string, unknown>;
        const task = { ...applyTaskChanges(store, base, changes), id: uuid() };
        tasks.set(task.id, task);
        return HttpResponse.json(task, { status: 201 });
      }),
    ),
    ...(['put', 'patch'] as const).map((method) =>
      http[method](
        apiUrl('/tasks/:id'),
        answer(({ body }, { id }) => {
          const task = tasks.get(id);
          if (!task) return notFound('Task');
          const updated = applyTaskChanges(store, task, body as Record<string, unknown>);
          updated.updated_at = new Date().toISOString();
          tasks.set(id, updated);
          return HttpResponse.json(updated);
        }),
      ),
    ),
  ];
}
