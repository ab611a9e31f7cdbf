/**
 * The last admin cannot lock the organisation out (issue 24, item 9): a change that would leave
 * no admin able to sign in is refused with 409, also when two admins step down at once.
 */
import {
  call,
  createOrganization,
  createUser,
  setupTestApp,
  snapshot,
  testDatabases,
} from './helper';

describe.each(testDatabases())('the last admin on %s', (kind) => {
  const context = setupTestApp(kind);

  test.each([{ role: 'employee' }, { role: 'manager' }, { status: 'inactive' }])(
    'the only admin cannot step down with %j: 409, nothing changes',
    async (body) => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const before = await snapshot(db);
      const response = await call(app, 'PUT', `/employees/${org.admin.id}`, {
        token: org.admin.token,
        body,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'conflict',
        message:
          'Your organisation would have no active admin left. Make someone else an admin first.',
      });
      expect(await snapshot(db)).toEqual(before);
    },
  );

  test('going on leave, or a change that keeps the role, is allowed', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const leave = await call(app, 'PUT', `/employees/${org.admin.id}`, {
      token: org.admin.token,
      body: { status: 'on_leave', role: 'admin', lastName: 'Away' },
    });
    expect(leave.statusCode).toBe(200);
    expect(leave.json()).toMatchObject({ status: 'on_leave', role: 'admin' });
  });

  test('with a second admin one may step down; then the other may not', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const second = await createUser(db, org.id, { role: 'admin' });
    const stepDown = await call(app, 'PUT', `/employees/${second.id}`, {
      token: second.token,
      body: { role: 'manager' },
    });
    expect(stepDown.statusCode).toBe(200);
    const last = await call(app, 'PUT', `/employees/${org.admin.id}`, {
      token: org.admin.token,
      body: { status: 'inactive' },
    });
    expect(last.statusCode).toBe(409);
  });

  test('an inactive admin does not count', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    await createUser(db, org.id, { role: 'admin', status: 'inactive' });
    const response = await call(app, 'PUT', `/employees/${org.admin.id}`, {
      token: org.admin.token,
      body: { role: 'employee' },
    });
    expect(response.statusCode).toBe(409);
  });

  test('two admins stepping down at the same moment: exactly one succeeds', async () => {
    const { app, db } = context();
    for (let round = 0; round < 5; round += 1) {
      const org = await createOrganization(db);
      const second = await createUser(db, org.id, { role: 'admin' });
      const answers = await Promise.all(
        [org.admin, second].map((admin, index) =>
          call(app, 'PUT', `/employees/${admin.id}`, {
            token: admin.token,
            body: index === 0 ? { role: 'employee' } : { status: 'inactive' },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const admins = await db
        .selectFrom('users')
        .select('id')
        .where('organization_id', '=', org.id)
        .where('role', '=', 'admin')
        .where('status', '<>', 'inactive')
        .execute();
      expect(admins).toHaveLength(1);
    }
  });
});
