import { TOTAL_COUNT_HEADER } from '../../contract/constants';
import {
  makeCertificate,
  makeEmployee,
  makeMyTaskItem,
  makeOrganization,
  makeSessionUser,
  makeTask,
  makeTeamMember,
  priya,
  rahul,
} from '../fixtures';
import { pinClock, unpinClock } from '../clock';
import { mockApi, TEST_PASSWORD } from '../mockApi';
import { apiUrl, setupApiServer } from '../server';
import { TEST_USER_CLAIMS } from '../tokens';

const server = setupApiServer();

async function get(path: string) {
  const response = await fetch(apiUrl(path));
  const body = await response.json();
  return { status: response.status, body, total: response.headers.get(TOTAL_COUNT_HEADER) };
}

async function send(method: string, path: string, data: unknown) {
  const response = await fetch(apiUrl(path), {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(data),
  });
  return { status: response.status, body: await response.json() };
}

const titles = (items: { title: string }[]) => items.map((item) => item.title);

describe('mockApi lists, as the API answers them', () => {
  const tasks = [
    makeTask({ title: 'bravo report', status: 'pending', due_date: '2025-02-01T00:00:00.000Z' }),
    makeTask({
      title: 'Alpha 100% done',
      status: 'completed',
      due_date: '2025-03-01T00:00:00.000Z',
    }),
    makeTask({ title: 'Charlie REPORT', status: 'overdue', due_date: '2025-01-01T00:00:00.000Z' }),
  ];

  beforeEach(() => server.use(...mockApi({ tasks }).handlers()));

  it('pages with limit and offset and gives the total in X-Total-Count', async () => {
    const { body, total } = await get('/tasks/?limit=1&offset=1');
    expect(titles(body)).toEqual(['bravo report']);
    expect(total).toBe('3');
  });

  it.each([
    ['', ['Charlie REPORT', 'bravo report', 'Alpha 100% done']],
    ['?sort=-due_date', ['Alpha 100% done', 'bravo report', 'Charlie REPORT']],
    ['?sort=title', ['Alpha 100% done', 'Charlie REPORT', 'bravo report']],
    ['?sort=status', ['Alpha 100% done', 'Charlie REPORT', 'bravo report']],
    ['?q=report', ['Charlie REPORT', 'bravo report']],
    ['?q=100%25', ['Alpha 100% done']],
    ['?status=pending', ['bravo report']],
  ])('GET /tasks/%s', async (query, expected) => {
    const { status, body } = await get(`/tasks/${query}`);
    expect(status).toBe(200);
    expect(titles(body)).toEqual(expected);
  });

  it.each(['?sort=password_hash', '?limit=0', '?limit=201', '?offset=-1'])(
    'refuses %s with a 400 like the API',
    async (query) => {
      const { status, body } = await get(`/tasks/${query}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'VALIDATION_ERROR' });
    },
  );
});

describe('mockApi resources', () => {
  it('saves a task and shows the change in the list; embeds the assignee it knows', async () => {
    const task = makeTask();
    const api = mockApi({ tasks: [task], employees: [priya, rahul] });
    server.use(...api.handlers('tasks'));

    const { body } = await send('PUT', `/tasks/${task.id}`, {
      title: 'Renamed',
      assigned_to_employee_id: rahul.id,
    });
    expect(body).toMatchObject({
      title: 'Renamed',
      assigned_to_user_id: rahul.id,
      assigned_to: { id: rahul.id, full_name: 'Rahul Verma' },
    });
    expect(titles((await get('/tasks/')).body)).toEqual(['Renamed']);
    expect(api.sent('PUT', `/tasks/${task.id}`)[0].body).toEqual({
      title: 'Renamed',
      assigned_to_employee_id: rahul.id,
    });
    expect((await get('/tasks/unknown')).status).toBe(404);
  });

  it('lists certificates by expiry date and searches employees by name or email', async () => {
    const ann = makeEmployee({ firstName: 'Ann', lastName: 'Away', status: 'on_leave' });
    server.use(
      ...mockApi({
        certificates: [
          makeCertificate({ name: 'ISO 9001', expiry_date: '2026-01-01' }),
          makeCertificate({ name: 'First Aid', expiry_date: '2025-06-01' }),
        ],
        employees: [priya, rahul, ann],
      }).handlers('certificates', 'employees'),
    );
    expect((await get('/certificates/')).body.map((c: { name: string }) => c.name)).toEqual([
      'First Aid',
      'ISO 9001',
    ]);
    const found = await get('/employees/?q=AWAY&status=on_leave');
    expect(found.body).toEqual([ann]);
  });

  it('filters certificates expiring within days of today and renews a lapsed one on save', async () => {
    pinClock('2026-03-10T06:30:00.000Z'); // noon in Kolkata
    try {
      const lapsed = makeCertificate({
        name: 'Lapsed',
        status: 'expired',
        expiry_date: '2026-03-09',
      });
      const api = mockApi({
        certificates: [
          lapsed,
          makeCertificate({ name: 'Today', expiry_date: '2026-03-10' }),
          makeCertificate({ name: 'Week', expiry_date: '2026-03-17' }),
          makeCertificate({ name: 'Later', expiry_date: '2026-03-18' }),
        ],
      });
      server.use(...api.handlers('certificates'));
      const within = await get('/certificates/?expiring_within_days=7');
      expect(within.body.map((c: { name: string }) => c.name)).toEqual(['Today', 'Week']);
      expect((await get('/certificates/?expiring_within_days=-1')).status).toBe(400);

      const renewed = await send('PUT', `/certificates/${lapsed.id}/`, {
        expiry_date: '2026-03-10',
      });
      expect(renewed.body.status).toBe('renewed');
    } finally {
      unpinClock();
    }
  });

  it('filters employees by role and department, like GET /employees/', async () => {
    const lead = makeEmployee({ firstName: 'Lead', role: 'manager', department: 'Design' });
    const designer = makeEmployee({ firstName: 'Dana', department: 'Design' });
    server.use(...mockApi({ employees: [priya, lead, designer] }).handlers('employees'));
    expect((await get('/employees/?role=manager')).body).toEqual([lead]);
    expect((await get('/employees/?department=Design')).body).toEqual([designer, lead]);
    const designers = await get('/employees/?department=Design&role=employee');
    expect(designers.body).toEqual([designer]);
    expect(designers.total).toBe('1');
  });

  it('answers the team, my lists, the dashboard and the organisation', async () => {
    const mine = makeMyTaskItem({ status: 'completed' });
    const organization = makeOrganization();
    server.use(
      ...mockApi({
        tasks: [mine, makeTask({ status: 'overdue' })],
        employees: [priya, makeEmployee({ firstName: 'Gone', status: 'inactive' })],
        organizations: [organization],
      }).handlers(),
    );
    // The overdue task is Priya's (makeTask's default assignee): open and overdue.
    expect((await get('/manager/team')).body).toEqual([
      makeTeamMember({ open_tasks: 1, overdue_tasks: 1 }, priya),
    ]);
    expect((await get('/manager/tasks')).total).toBe('2');
    expect((await get('/employee/tasks?status=done')).body).toEqual([mine]);
    expect((await get('/employee/tasks?status=pending')).body).toEqual([]);
    expect((await get('/dashboard/')).body).toMatchObject({
      tasks: { total_tasks: 2, overdue_tasks: 1 },
      employee_count: 2,
    });
    expect((await get(`/organizations/${organization.id}`)).body).toEqual(organization);
  });

  it('signs in the test user with the test password only', async () => {
    server.use(...mockApi().handlers('auth'));
    const refused = await send('POST', '/auth/login', {
      email: TEST_USER_CLAIMS.email,
      password: 'nope',
    });
    expect(refused).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } });
    const { status, body } = await send('POST', '/auth/login', {
      email: TEST_USER_CLAIMS.email,
      password: TEST_PASSWORD,
    });
    expect(status).toBe(200);
    expect(body.user.email).toBe(TEST_USER_CLAIMS.email);
    expect(makeSessionUser()).toMatchObject({ id: TEST_USER_CLAIMS.sub, role: 'admin' });
  });
});
