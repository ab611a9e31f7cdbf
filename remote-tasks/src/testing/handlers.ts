/**
 * MSW handlers per resource for this remote's tests (CONVENTIONS 11). `tasksBackend` keeps the
 * tasks in memory, so a test sees the data change after a save, the way the real API behaves;
 * every request it answers is logged for assertions on what the client sent.
 */
import { delay, http, HttpResponse } from 'msw';
import { TOTAL_COUNT_HEADER, type Employee, type Task } from '@duly/shared';
import { apiUrl } from '@duly/shared/test-utils';
import { uuid } from './fixtures';

export interface LoggedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const notFound = () =>
  HttpResponse.json({ message: 'Task not found', code: 'NOT_FOUND' }, { status: 404 });

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

export function tasksBackend(initial: Task[] = []) {
  const tasks = new Map(initial.map((task) => [task.id, { ...task }]));
  const requests: LoggedRequest[] = [];

  async function log(request: Request): Promise<LoggedRequest> {
    const url = new URL(request.url);
    const entry = {
      method: request.method,
      path: url.pathname.replace('/api/v1', ''),
      query: url.searchParams,
      body: await readBody(request),
    };
    requests.push(entry);
    return entry;
  }

  const handlers = [
    http.get(apiUrl('/tasks/'), async ({ request }) => {
      const { query } = await log(request);
      const status = query.get('status');
      const matching = [...tasks.values()].filter((task) => !status || task.status === status);
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 50);
      return HttpResponse.json(matching.slice(offset, offset + limit), {
        headers: { [TOTAL_COUNT_HEADER]: String(matching.length) },
      });
    }),
    http.get(apiUrl('/tasks/:id'), async ({ request, params }) => {
      await log(request);
      const task = tasks.get(String(params.id));
      return task ? HttpResponse.json(task) : notFound();
    }),
    http.post(apiUrl('/tasks/'), async ({ request }) => {
      const { body } = await log(request);
      const now = new Date().toISOString();
      const task = {
        status: 'pending',
        created_at: now,
        updated_at: now,
        ...(body as Partial<Task>),
        id: uuid(),
      } as Task;
      tasks.set(task.id, task);
      return HttpResponse.json(task, { status: 201 });
    }),
    ...(['put', 'patch'] as const).map((method) =>
      http[method](apiUrl('/tasks/:id'), async ({ request, params }) => {
        const { body } = await log(request);
        const task = tasks.get(String(params.id));
        if (!task) return notFound();
        const updated = {
          ...task,
          ...(body as Partial<Task>),
          updated_at: new Date().toISOString(),
        };
        tasks.set(task.id, updated);
        return HttpResponse.json(updated);
      }),
    ),
  ];

  return {
    handlers,
    requests,
    /** The requests of one method and path, e.g. `sent('GET', '/tasks/')`. */
    sent: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
    task: (id: string) => tasks.get(id),
  };
}

export const employeesHandlers = {
  ok: (employees: Employee[]) =>
    http.get(apiUrl('/employees/'), () =>
      HttpResponse.json(employees, {
        headers: { [TOTAL_COUNT_HEADER]: String(employees.length) },
      }),
    ),
  /** Never answers: the select stays in its loading state. */
  pending: () =>
    http.get(apiUrl('/employees/'), async () => {
      await delay('infinite');
      return HttpResponse.json([]);
    }),
  error: () =>
    http.get(apiUrl('/employees/'), () =>
      HttpResponse.json({ message: 'Database unavailable', code: 'INTERNAL' }, { status: 500 }),
    ),
};

/** Answers every task request with the same failure. */
export function tasksFailing(status = 500, message = 'Something went wrong') {
  const answer = () => HttpResponse.json({ message, code: 'ERROR' }, { status });
  return [
    http.get(apiUrl('/tasks/'), answer),
    http.get(apiUrl('/tasks/:id'), answer),
    http.post(apiUrl('/tasks/'), answer),
    http.put(apiUrl('/tasks/:id'), answer),
    http.patch(apiUrl('/tasks/:id'), answer),
  ];
}

/**
 * Holds the requests of one method and path until `release()`; then they go on to the next
 * handler (MSW falls through when a resolver returns nothing). For loading and pending states.
 */
export function holdRequests(method: 'get' | 'post' | 'put' | 'patch', path: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    handler: http[method](apiUrl(path), async () => {
      await gate;
    }),
    release: () => release(),
  };
}
