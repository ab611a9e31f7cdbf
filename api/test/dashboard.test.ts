import {
  call,
  createCertificate,
  createOrganization,
  createTask,
  createUser,
  daysFromNow,
  kolkataDateIn,
  setupTestApp,
  testDatabases,
  type TestOrganization,
} from './helper';

describe.each(testDatabases())('GET /dashboard/ on %s', (kind) => {
  const context = setupTestApp(kind);
  let org: TestOrganization;

  beforeAll(async () => {
    const { db } = context();
    org = await createOrganization(db);
    await createUser(db, org.id, { status: 'inactive' });
    const colleague = { assigned_to_user_id: org.colleague.id };

    // Overdue: status overdue, or not completed and past due.
    await createTask(db, org, { status: 'overdue', due_date: daysFromNow(2) });
    await createTask(db, org, { status: 'pending', due_date: daysFromNow(-1) });
    await createTask(db, org, { status: 'escalated', due_date: daysFromNow(-5), ...colleague });
    // Not overdue.
    await createTask(db, org, { status: 'completed', due_date: daysFromNow(-3) });
    await createTask(db, org, { status: 'in_progress', due_date: daysFromNow(1), ...colleague });

    // Expired: status expired, or not renewed and past its expiry date (Kolkata).
    await createCertificate(db, org, { status: 'expired', expiry_date: kolkataDateIn(10) });
    await createCertificate(db, org, { status: 'active', expiry_date: kolkataDateIn(-1) });
    await createCertificate(db, org, {
      status: 'escalated',
      expiry_date: kolkataDateIn(-20),
      ...{ incharge_person_id: org.colleague.id },
    });
    // Not expired: renewed, or still valid today.
    await createCertificate(db, org, { status: 'renewed', expiry_date: kolkataDateIn(-2) });
    await createCertificate(db, org, { status: 'active', expiry_date: kolkataDateIn(0) });

    // Another organisation's rows count for nobody here.
    const other = await createOrganization(db);
    await createTask(db, other, { status: 'overdue' });
    await createCertificate(db, other, { status: 'expired' });
  });

  test('a manager sees the whole organisation, exactly in the spec’s shape', async () => {
    const response = await call(context().app, 'GET', '/dashboard/', { token: org.manager.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tasks: { total_tasks: 5, overdue_tasks: 3 },
      certificates: { total_certificates: 5, expired_certificates: 3 },
      employee_count: 5,
    });
  });

  test('an admin sees the same, with or without the trailing slash', async () => {
    const response = await call(context().app, 'GET', '/dashboard', { token: org.admin.token });
    expect(response.json().tasks.total_tasks).toBe(5);
  });

  test('an employee counts only their own tasks and certificates', async () => {
    const response = await call(context().app, 'GET', '/dashboard/', {
      token: org.colleague.token,
    });
    expect(response.json()).toEqual({
      tasks: { total_tasks: 2, overdue_tasks: 1 },
      certificates: { total_certificates: 1, expired_certificates: 1 },
      employee_count: 5,
    });
  });

  test('an organisation with nothing yet answers zeros', async () => {
    const { app, db } = context();
    const empty = await createOrganization(db);
    const response = await call(app, 'GET', '/dashboard/', { token: empty.admin.token });
    expect(response.json()).toEqual({
      tasks: { total_tasks: 0, overdue_tasks: 0 },
      certificates: { total_certificates: 0, expired_certificates: 0 },
      employee_count: 4,
    });
  });
});
