/**
 * An in-memory stand-in of the Duly API for front-end tests (CONVENTIONS 11), with MSW handlers
 * per resource: tasks, certificates, employees, manager/*, employee/*, dashboard, organizations
 * and auth. Lists behave like the API's: `limit` (default 50, 1 to 200) and `offset`, the total
 * in `X-Total-Count`, the same filters, `q` (contains, any case) and `sort` (a column, `-` first
 * for descending; an unknown one is a 400), with the row id as the last tie-breaker. Writes
 * change the data, so a test sees a list change after a save; every request is logged for
 * assertions on what the client sent. What it does not copy: permissions (every caller is
 * the test user, a manager's view) and the API's input validation.
 *
 *   const api = mockApi({ tasks: [makeTask()], employees: [priya, rahul] });
 *   server.use(...api.handlers('tasks', 'employees'));   // or api.handlers() for all
 *   expect(api.sent('PUT', `/tasks/${id}`)[0].body).toEqual({ … });
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, TOTAL_COUNT_HEADER } from '../contract/constants';
import { isInReminderWindow, kolkataToday } from '../contract/dates';
import type {
  ActivityEntry,
  AuthUser,
  Certificate,
  CertificateType,
  DashboardResponse,
  Employee,
  Organization,
  PersonRef,
  Task,
  TeamMember,
} from '../contract/types';
import type { CertificateDocument } from '../api/documents';
import { personRef, uuid } from './fixtures';
import { apiUrl } from './server';
import { makeToken, TEST_USER_CLAIMS } from './tokens';

export interface LoggedRequest {
  method: string;
  /** The path under the API base: `/tasks/`, `/tasks/<id>`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A login the auth handlers accept. */
export interface MockAccount {
  email: string;
  password: string;
  user: AuthUser;
}

export interface MockApiData {
  tasks?: Task[];
  /** The history GET /activity answers from (newest first, filtered by entity_id). */
  activity?: ActivityEntry[];
  certificates?: Certificate[];
  /** Documents of the certificates (issue 26): GET/POST /certificates/{id}/documents/ and /documents/*. */
  documents?: CertificateDocument[];
  /** The catalogue GET /certificate-types/ answers (issue 28). */
  certificateTypes?: CertificateType[];
  employees?: Employee[];
  organizations?: Organization[];
  /** A fixed dashboard answer; without it the counts are computed from the data. */
  dashboard?: DashboardResponse;
  /** Logins POST /auth/login accepts. Default: the test user with password `correct-password`. */
  accounts?: MockAccount[];
  /** Whose "my" lists /employee/* answer. Default: the test user. */
  userId?: string;
}

export type MockResource =
  | 'tasks'
  | 'certificates'
  | 'employees'
  | 'manager'
  | 'employee'
  | 'dashboard'
  | 'organizations'
  | 'auth'
  | 'activity';

/** The sort keys each list accepts, mapped to the fields ordered by (api/src/db/repositories). */
export const MOCK_SORTS = {
  tasks: {
    due_date: ['due_date'],
    created_at: ['created_at'],
    title: ['title'],
    status: ['status', 'due_date'],
    // Most urgent first: open tasks (completed = 0) by due date, then completed ones.
    urgency: ['completed', 'due_date'],
  },
  certificates: {
    expiry_date: ['expiry_date'],
    created_at: ['created_at'],
    name: ['name'],
    status: ['status', 'expiry_date'],
  },
  employees: { full_name: ['full_name'], email: ['email'], created_at: ['created_at'] },
} as const;

const DEFAULT_SORT = { tasks: 'due_date', certificates: 'expiry_date', employees: 'full_name' };

export const TEST_PASSWORD = 'correct-password';

type Row = object;

class BadRequest extends Error {}

function errorAnswer(status: number, message: string, code: string) {
  return HttpResponse.json({ message, code }, { status });
}

const notFound = (what: string) => errorAnswer(404, `${what} not found`, 'NOT_FOUND');

/** Sort keys the API computes rather than reads: `completed` is `(status = 'completed')`. */
const COMPUTED_FIELDS: Record<string, (row: Record<string, unknown>) => unknown> = {
  completed: (row) => (row.status === 'completed' ? 1 : 0),
};

function field(row: Row, name: string): unknown {
  const record = row as Record<string, unknown>;
  return COMPUTED_FIELDS[name]?.(record) ?? record[name];
}

/** SQL's order: nulls first when ascending (SQLite and the API's PostgreSQL index agree on it). */
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [left, right] = [String(a), String(b)];
  return left < right ? -1 : left > right ? 1 : 0;
}

function pageOf(query: URLSearchParams): { limit: number; offset: number } {
  const limit = query.get('limit') === null ? PAGE_SIZE_DEFAULT : Number(query.get('limit'));
  const offset = query.get('offset') === null ? 0 : Number(query.get('offset'));
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE_MAX) {
    throw new BadRequest('limit');
  }
  if (!Number.isInteger(offset) || offset < 0) throw new BadRequest('offset');
  return { limit, offset };
}

function sorted<T extends Row>(
  rows: T[],
  query: URLSearchParams,
  sorts: Record<string, readonly string[]>,
  fallback: string,
): T[] {
  const sort = query.get('sort') ?? fallback;
  const descending = sort.startsWith('-');
  const columns = sorts[descending ? sort.slice(1) : sort];
  if (!columns) throw new BadRequest('sort');
  const sign = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    for (const column of [...columns, 'id']) {
      const order = compare(field(a, column), field(b, column));
      if (order !== 0) return sign * order;
    }
    return 0;
  });
}

function contains(text: unknown, q: string): boolean {
  return typeof text === 'string' && text.toLowerCase().includes(q.toLowerCase());
}

/** One page of `rows` as the API answers it: the array, the total in X-Total-Count. */
function listAnswer<T>(rows: T[], query: URLSearchParams) {
  const { limit, offset } = pageOf(query);
  return HttpResponse.json(rows.slice(offset, offset + limit), {
    headers: { [TOTAL_COUNT_HEADER]: String(rows.length) },
  });
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

export function mockApi(data: MockApiData = {}) {
  const tasks = new Map((data.tasks ?? []).map((task) => [task.id, { ...task }]));
  const certificates = new Map((data.certificates ?? []).map((item) => [item.id, { ...item }]));
  const employees = new Map((data.employees ?? []).map((person) => [person.id, { ...person }]));
  const organizations = new Map((data.organizations ?? []).map((org) => [org.id, { ...org }]));
  const accounts: MockAccount[] = data.accounts ?? [
    {
      email: TEST_USER_CLAIMS.email,
      password: TEST_PASSWORD,
      user: { ...TEST_USER_CLAIMS, id: TEST_USER_CLAIMS.sub, role: 'admin' },
    },
  ];
  const userId = data.userId ?? TEST_USER_CLAIMS.sub;
  const requests: LoggedRequest[] = [];

  /** Logs the request, then answers it; a BadRequest becomes the API's 400. */
  function answer(
    resolve: (
      request: LoggedRequest,
      params: Record<string, string>,
    ) => Response | Promise<Response>,
  ) {
    return async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
      const url = new URL(request.url);
      const logged: LoggedRequest = {
        method: request.method,
        path: url.pathname.replace(new URL(apiUrl('')).pathname, ''),
        query: url.searchParams,
        body: await readBody(request),
      };
      requests.push(logged);
      try {
        return await resolve(logged, params as Record<string, string>);
      } catch (caught) {
        if (!(caught instanceof BadRequest)) throw caught;
        return errorAnswer(400, `Invalid ${caught.message}`, 'VALIDATION_ERROR');
      }
    };
  }

  function personOf(id: string | null | undefined): PersonRef | undefined {
    if (!id) return undefined;
    const person = employees.get(id);
    return person ? personRef(person) : undefined;
  }

  // --- tasks -------------------------------------------------------------------------------

  function listTasks(
    query: URLSearchParams,
    scope: { assignedTo?: string; statusFilter?: (task: Task) => boolean } = {},
  ) {
    const status = query.get('status');
    const assignee = scope.assignedTo ?? query.get('assigned_to_user_id');
    const q = query.get('q');
    const matching = [...tasks.values()].filter(
      (task) =>
        (scope.statusFilter ? scope.statusFilter(task) : !status || task.status === status) &&
        (!assignee || task.assigned_to_user_id === assignee) &&
        (!q || contains(task.title, q)),
    );
    return listAnswer(sorted(matching, query, MOCK_SORTS.tasks, DEFAULT_SORT.tasks), query);
  }

  /** A task's changes as the API applies them: `assigned_to_employee_id` names the assignee. */
  function applyTaskChanges(task: Task, body: Record<string, unknown>): Task {
    const { assigned_to_employee_id: employeeId, ...changes } = body;
    const next = { ...task, ...changes } as Task;
    if (employeeId !== undefined) next.assigned_to_user_id = employeeId as string | null;
    if ('assigned_to_user_id' in changes || employeeId !== undefined) {
      const assignee = next.assigned_to_user_id;
      const known = personOf(assignee);
      if (!assignee) delete next.assigned_to;
      else if (known) next.assigned_to = known;
      else if (next.assigned_to?.id !== assignee)
        next.assigned_to = { id: assignee, full_name: null };
    }
    return next;
  }

  const activity = [...(data.activity ?? [])].sort((a, b) => b.id - a.id);
  const activityHandlers = [
    http.get(
      apiUrl('/activity'),
      answer(({ query }) => {
        const entityId = query.get('entity_id');
        const before = query.get('before');
        const rows = activity.filter(
          (entry) =>
            (entityId === null || entry.entity_id === entityId) &&
            (before === null || entry.id < Number(before)),
        );
        return listAnswer(rows, query);
      }),
    ),
  ];

  const taskHandlers = [
    http.get(
      apiUrl('/tasks/'),
      answer(({ query }) => listTasks(query)),
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
          created_by_user_id: userId,
          assigner_id: userId,
          created_at: now,
          updated_at: now,
        } as unknown as Task;
        const task = { ...applyTaskChanges(base, body as Record<string, unknown>), id: uuid() };
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
          const updated = applyTaskChanges(task, body as Record<string, unknown>);
          updated.updated_at = new Date().toISOString();
          tasks.set(id, updated);
          return HttpResponse.json(updated);
        }),
      ),
    ),
  ];

  // --- certificates --------------------------------------------------------------------------

  /** A team member's counts, as the API tells them (open, overdue, in the reminder window). */
  function workOf(personId: string) {
    const now = new Date().toISOString();
    const today = kolkataToday();
    const open = [...tasks.values()].filter(
      (task) => task.assigned_to_user_id === personId && task.status !== 'completed',
    );
    return {
      open_tasks: open.length,
      overdue_tasks: open.filter((task) => task.status === 'overdue' || task.due_date < now).length,
      expiring_certificates: [...certificates.values()].filter(
        (item) => item.incharge_person_id === personId && isInReminderWindow(item, today),
      ).length,
    };
  }

  function listCertificates(query: URLSearchParams, inchargeScope?: string) {
    const status = query.get('status');
    const incharge = inchargeScope ?? query.get('incharge_person_id');
    const q = query.get('q');
    const within = query.get('expiring_within_days');
    const inWindow = query.get('in_reminder_window') === 'true';
    const today = kolkataToday();
    const until = within === null ? null : addDays(today, Number(within));
    const matching = [...certificates.values()].filter(
      (item) =>
        (!status || item.status === status) &&
        (!incharge || item.incharge_person_id === incharge) &&
        (!q || contains(item.name, q)) &&
        (until === null || (item.expiry_date >= today && item.expiry_date <= until)) &&
        (!inWindow || isInReminderWindow(item, today)),
    );
    return listAnswer(
      sorted(matching, query, MOCK_SORTS.certificates, DEFAULT_SORT.certificates),
      query,
    );
  }

  /** `YYYY-MM-DD` + days, as a calendar date. */
  function addDays(date: string, days: number): string {
    if (!Number.isInteger(days) || days < 0) throw new BadRequest('expiring_within_days');
    return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  }

  function applyCertificateChanges(item: Certificate, body: Record<string, unknown>): Certificate {
    const next = { ...item, ...body } as Certificate;
    if ('incharge_person_id' in body) {
      const known = personOf(next.incharge_person_id);
      if (!next.incharge_person_id) delete next.assigned_to;
      else if (known) next.assigned_to = known;
    }
    return next;
  }

  const certificateHandlers = [
    http.get(
      apiUrl('/certificate-types/'),
      answer(() => {
        const types = data.certificateTypes ?? [];
        return HttpResponse.json(types, {
          headers: { 'X-Total-Count': String(types.length) },
        });
      }),
    ),
    http.get(
      apiUrl('/certificates/'),
      answer(({ query }) => listCertificates(query)),
    ),
    http.get(
      apiUrl('/certificates/:id/'),
      answer((_request, { id }) => {
        const item = certificates.get(id);
        return item ? HttpResponse.json(item) : notFound('Certificate');
      }),
    ),
    http.post(
      apiUrl('/certificates/'),
      answer(({ body }) => {
        const now = new Date().toISOString();
        const base = {
          description: null,
          issue_date: null,
          department: null,
          incharge_person_id: null,
          organization_id: TEST_USER_CLAIMS.organization_id,
          created_by_user_id: userId,
          status: 'active',
          created_at: now,
          updated_at: now,
        } as unknown as Certificate;
        const item = {
          ...applyCertificateChanges(base, body as Record<string, unknown>),
          id: uuid(),
        };
        certificates.set(item.id, item);
        return HttpResponse.json(item, { status: 201 });
      }),
    ),
    http.put(
      apiUrl('/certificates/:id/'),
      answer(({ body }, { id }) => {
        const item = certificates.get(id);
        if (!item) return notFound('Certificate');
        const updated = applyCertificateChanges(item, body as Record<string, unknown>);
        // The API's renewal (ARCHITECTURE 6): a lapsed certificate saved with an expiry date of
        // today or later becomes renewed.
        const lapsed = updated.status === 'expired' || updated.status === 'escalated';
        if (lapsed && updated.expiry_date >= kolkataToday()) updated.status = 'renewed';
        updated.updated_at = new Date().toISOString();
        certificates.set(id, updated);
        return HttpResponse.json(updated);
      }),
    ),
  ];

  // --- employees -----------------------------------------------------------------------------

  function withFullName(person: Employee): Employee {
    const joined = [person.firstName, person.lastName].filter(Boolean).join(' ');
    return { ...person, full_name: joined || null };
  }

  const employeeHandlers = [
    http.get(
      apiUrl('/employees/'),
      answer(({ query }) => {
        const status = query.get('status');
        const role = query.get('role');
        const department = query.get('department');
        const q = query.get('q');
        const matching = [...employees.values()].filter(
          (person) =>
            (!status || person.status === status) &&
            (!role || person.role === role) &&
            (!department || person.department === department) &&
            (!q || contains(person.full_name, q) || contains(person.email, q)),
        );
        return listAnswer(
          sorted(matching, query, MOCK_SORTS.employees, DEFAULT_SORT.employees),
          query,
        );
      }),
    ),
    http.get(
      apiUrl('/employees/:id'),
      answer((_request, { id }) => {
        const person = employees.get(id);
        return person ? HttpResponse.json(person) : notFound('Employee');
      }),
    ),
    http.post(
      apiUrl('/employees/'),
      answer(({ body }) => {
        const input = body as Partial<Employee>;
        if ([...employees.values()].some((person) => person.email === input.email)) {
          return errorAnswer(409, 'Email already exists', 'CONFLICT');
        }
        const person = withFullName({
          firstName: null,
          lastName: null,
          phone: null,
          department: null,
          role: 'employee',
          status: 'active',
          organization_id: TEST_USER_CLAIMS.organization_id,
          ...input,
          id: uuid(),
          // A new person has no password until they accept the invitation the API mails.
          invitation_pending: true,
          pending_email: null,
        } as Employee);
        employees.set(person.id, person);
        return HttpResponse.json(person, { status: 201 });
      }),
    ),
    http.put(
      apiUrl('/employees/:id'),
      answer(({ body }, { id }) => {
        const person = employees.get(id);
        if (!person) return notFound('Employee');
        const changes = body as Partial<Employee>;
        // As the API: emails are kept lower-cased, and someone with a password keeps theirs
        // until they confirm the new one (pending_email).
        const email = changes.email?.trim().toLowerCase() ?? person.email;
        let updated = withFullName({ ...person, ...changes, email });
        if (email !== person.email && !person.invitation_pending) {
          updated = { ...updated, email: person.email, pending_email: email };
        }
        employees.set(id, updated);
        return HttpResponse.json(updated);
      }),
    ),
  ];

  // --- manager/* and employee/* ------------------------------------------------------------------

  const managerHandlers = [
    http.get(
      apiUrl('/manager/team'),
      answer(({ query }) => {
        const team: TeamMember[] = [...employees.values()]
          .filter((person) => person.status === 'active')
          .map(({ id, full_name, email }) => ({ id, full_name, email, ...workOf(id) }));
        return listAnswer(sorted(team, query, { full_name: ['full_name'] }, 'full_name'), query);
      }),
    ),
    http.get(
      apiUrl('/manager/tasks'),
      answer(({ query }) => listTasks(query)),
    ),
    http.get(
      apiUrl('/manager/certificates'),
      answer(({ query }) => listCertificates(query)),
    ),
    http.post(
      apiUrl('/manager/tasks/assign'),
      answer(({ body }) => {
        const { task_id, employee_id } = body as { task_id: string; employee_id: string };
        const task = tasks.get(task_id);
        if (!task) return notFound('Task');
        if (!employees.has(employee_id)) return notFound('Employee');
        const updated = {
          ...applyTaskChanges(task, { assigned_to_user_id: employee_id }),
          assigner_id: userId,
          assigner: personOf(userId) ?? { id: userId, full_name: TEST_USER_CLAIMS.full_name },
          updated_at: new Date().toISOString(),
        };
        tasks.set(task_id, updated);
        return HttpResponse.json(updated);
      }),
    ),
    http.post(
      apiUrl('/manager/certificates/assign'),
      answer(({ body }) => {
        const { certificate_id, employee_id } = body as {
          certificate_id: string;
          employee_id: string;
        };
        const item = certificates.get(certificate_id);
        if (!item) return notFound('Certificate');
        if (!employees.has(employee_id)) return notFound('Employee');
        const updated = {
          ...applyCertificateChanges(item, { incharge_person_id: employee_id }),
          updated_at: new Date().toISOString(),
        };
        certificates.set(certificate_id, updated);
        return HttpResponse.json(updated);
      }),
    ),
  ];

  const myHandlers = [
    http.get(
      apiUrl('/employee/tasks'),
      answer(({ query }) => {
        // ARCHITECTURE 6: pending = every status but completed; done = completed.
        const filter = query.get('status');
        if (filter !== null && filter !== 'pending' && filter !== 'done') {
          throw new BadRequest('status');
        }
        return listTasks(query, {
          assignedTo: userId,
          statusFilter: (task) =>
            filter === 'done'
              ? task.status === 'completed'
              : filter === 'pending'
                ? task.status !== 'completed'
                : true,
        });
      }),
    ),
    http.get(
      apiUrl('/employee/certificates'),
      answer(({ query }) => listCertificates(query, userId)),
    ),
  ];

  // --- dashboard, organizations, auth ------------------------------------------------------------

  function dashboard(): DashboardResponse {
    if (data.dashboard) return data.dashboard;
    const now = new Date().toISOString();
    const today = kolkataToday();
    const allTasks = [...tasks.values()];
    const allCertificates = [...certificates.values()];
    return {
      tasks: {
        total_tasks: allTasks.length,
        overdue_tasks: allTasks.filter(
          (task) =>
            task.status === 'overdue' || (task.status !== 'completed' && task.due_date < now),
        ).length,
      },
      certificates: {
        total_certificates: allCertificates.length,
        expired_certificates: allCertificates.filter(
          (item) =>
            item.status === 'expired' || (item.status !== 'renewed' && item.expiry_date < today),
        ).length,
      },
      employee_count: employees.size,
    };
  }

  const dashboardHandlers = [
    http.get(
      apiUrl('/dashboard/'),
      answer(() => HttpResponse.json(dashboard())),
    ),
  ];

  const organizationHandlers = [
    http.get(
      apiUrl('/organizations/:id'),
      answer((_request, { id }) => {
        const organization = organizations.get(id);
        return organization ? HttpResponse.json(organization) : notFound('Organization');
      }),
    ),
  ];

  const authHandlers = [
    http.post(
      apiUrl('/auth/login'),
      answer(({ body }) => {
        const { email, password } = (body ?? {}) as { email?: string; password?: string };
        const account = accounts.find(
          (candidate) =>
            candidate.email.toLowerCase() === email?.trim().toLowerCase() &&
            candidate.password === password,
        );
        if (!account) return errorAnswer(401, 'Invalid email or password', 'UNAUTHORIZED');
        const { user } = account;
        const token = makeToken({ ...user, sub: user.id });
        return HttpResponse.json({ token, user });
      }),
    ),
    http.post(
      apiUrl('/auth/signup'),
      answer(({ body }) => {
        const input = body as {
          email: string;
          password: string;
          name: string;
          organization_name: string;
        };
        if (accounts.some((account) => account.email.toLowerCase() === input.email.toLowerCase())) {
          return errorAnswer(409, 'Email already registered', 'CONFLICT');
        }
        const organization = {
          id: uuid(),
          name: input.organization_name,
          created_at: new Date().toISOString(),
        };
        organizations.set(organization.id, organization);
        const user: AuthUser = {
          id: uuid(),
          email: input.email,
          full_name: input.name,
          role: 'admin',
          organization_id: organization.id,
        };
        accounts.push({ email: input.email, password: input.password, user });
        const token = makeToken({ ...user, sub: user.id });
        return HttpResponse.json({ token, user }, { status: 201 });
      }),
    ),
  ];

  // --- documents (issue 26) ----------------------------------------------------------------

  const documents = new Map((data.documents ?? []).map((item) => [item.id, { ...item }]));
  function decided(id: string, changes: Partial<CertificateDocument>) {
    const document = documents.get(id);
    if (!document) return notFound('Document');
    if (document.status !== 'pending') {
      return errorAnswer(409, `This document is already ${document.status}`, 'conflict');
    }
    const next = { ...document, ...changes };
    documents.set(id, next);
    return HttpResponse.json(next);
  }
  const documentHandlers = [
    http.get(
      apiUrl('/certificates/:id/documents/'),
      answer((_request, { id }) => {
        const items = [...documents.values()].filter((item) => item.certificate_id === id);
        return HttpResponse.json(items, {
          headers: { [TOTAL_COUNT_HEADER]: String(items.length) },
        });
      }),
    ),
    // Multipart: logged with its fields and the file's name and size, not through answer().
    http.post(apiUrl('/certificates/:id/documents/'), async ({ request, params }) => {
      const id = String(params.id);
      const form = await request.formData();
      const file = form.get('file') as File | null;
      const fields = Object.fromEntries(
        [...form.entries()]
          .filter(([name]) => name !== 'file')
          .map(([name, value]) => [name, String(value)]),
      );
      requests.push({
        method: 'POST',
        path: `/certificates/${id}/documents/`,
        query: new URL(request.url).searchParams,
        body: { ...fields, file: file ? { name: file.name, size: file.size } : null },
      });
      const certificate = certificates.get(id);
      if (!certificate) return notFound('Certificate');
      if (!file)
        return errorAnswer(400, 'A file is required in the field "file"', 'validation_failed');
      const employee = employees.get(userId);
      const item: CertificateDocument = {
        id: uuid(),
        certificate_id: id,
        certificate_name: certificate.name,
        filename: file.name,
        content_type: file.type || 'application/pdf',
        size: file.size,
        sha256: '0'.repeat(64),
        status: 'approved',
        rejection_reason: null,
        uploaded_by: employee ? personRef(employee) : { id: userId, full_name: null },
        created_at: new Date().toISOString(),
        valid_until: fields.expiry_date ?? certificate.expiry_date,
        proposed_issue_date: fields.issue_date ?? null,
        proposed_expiry_date: fields.expiry_date ?? null,
      };
      documents.set(item.id, item);
      return HttpResponse.json(item, { status: 201 });
    }),
    http.get(
      apiUrl('/documents/:id/content'),
      answer((_request, { id }) => {
        const document = documents.get(id);
        if (!document) return notFound('Document');
        return new HttpResponse(new Uint8Array([1, 2, 3]), {
          headers: { 'Content-Type': document.content_type },
        });
      }),
    ),
    http.post(
      apiUrl('/documents/:id/approve'),
      answer((_request, { id }) => decided(id, { status: 'approved' })),
    ),
    http.post(
      apiUrl('/documents/:id/reject'),
      answer(({ body }, { id }) =>
        decided(id, {
          status: 'rejected',
          rejection_reason: (body as { reason: string }).reason,
        }),
      ),
    ),
    http.delete(
      apiUrl('/documents/:id/'),
      answer((_request, { id }) => {
        if (!documents.delete(id)) return notFound('Document');
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];

  const byResource: Record<MockResource, RequestHandler[]> = {
    // An item's page shows its history: each item resource answers GET /activity too.
    tasks: [...taskHandlers, ...activityHandlers],
    certificates: [...certificateHandlers, ...documentHandlers, ...activityHandlers],
    employees: [...employeeHandlers, ...activityHandlers],
    activity: activityHandlers,
    manager: managerHandlers,
    employee: myHandlers,
    dashboard: dashboardHandlers,
    organizations: organizationHandlers,
    auth: authHandlers,
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

const ITEM_PATHS = {
  tasks: ['/tasks/', '/tasks/:id'],
  certificates: ['/certificates/', '/certificates/:id/'],
  employees: ['/employees/', '/employees/:id'],
} as const;

/**
 * Answers every request of one resource with the same failure, for error states. The handlers
 * come in this order: list GET, item GET, POST, PUT, PATCH (`.slice(3, 4)` fails only the PUT).
 */
export function failingResource(
  resource: keyof typeof ITEM_PATHS,
  status = 500,
  message = 'Something went wrong',
): RequestHandler[] {
  const failure = () => errorAnswer(status, message, status >= 500 ? 'INTERNAL' : 'ERROR');
  const [list, item] = ITEM_PATHS[resource];
  return [
    http.get(apiUrl(list), failure),
    http.get(apiUrl(item), failure),
    http.post(apiUrl(list), failure),
    http.put(apiUrl(item), failure),
    http.patch(apiUrl(item), failure),
  ];
}
