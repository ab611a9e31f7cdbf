import { createEmployee, createTask, signUp, uniqueEmail } from '../support/api';
import { startDuly, type DulyServer } from '../support/duly-server';
import { givePassword } from '../support/passwords';
import { expect, expectSameDocument, markDocument, openSignedIn, test } from '../support/test';

const PASSWORD = 'correct-horse-battery';
const DAY_MS = 86_400_000;

async function signInThroughApi(baseURL: string, email: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

test.describe('live screens (issue 31)', () => {
  test("an employee marks a task done and the admin's open task list shows it without a reload (on PostgreSQL, from another instance)", async ({
    browser,
    duly,
    database,
  }) => {
    // On PostgreSQL the employee works on a second instance sharing the database, as behind a
    // load balancer; SQLite is one instance by design.
    let second: DulyServer | undefined;
    if (database === 'postgres' && duly.database.dialect === 'postgres') {
      second = await startDuly({ env: { DATABASE_URL: duly.database.connectionString } });
    }
    const employeeOrigin = second?.baseURL ?? duly.baseURL;
    try {
      const admin = await signUp(duly.baseURL, { fullName: 'Asha Verma' });
      const email = uniqueEmail('arjun');
      const arjun = await createEmployee(duly.baseURL, admin, {
        email,
        firstName: 'Arjun',
        lastName: 'Mehta',
        role: 'employee',
      });
      await givePassword(duly, email, PASSWORD);
      const task = await createTask(duly.baseURL, admin, {
        title: 'Check the fire extinguishers',
        due_date: new Date(Date.now() + 3 * DAY_MS).toISOString(),
        assigned_to_user_id: arjun.id,
      });

      const adminContext = await browser.newContext();
      const adminPage = await adminContext.newPage();
      await openSignedIn(adminPage, admin.token, '/tasks');
      const row = adminPage.getByRole('row').filter({ hasText: 'Check the fire extinguishers' });
      await expect(row).toContainText('Pending');
      await markDocument(adminPage);

      const employeeContext = await browser.newContext();
      const employeePage = await employeeContext.newPage();
      await openSignedIn(
        employeePage,
        await signInThroughApi(employeeOrigin, email),
        `/tasks/${task.id}`,
        employeeOrigin,
      );
      await employeePage.getByRole('button', { name: 'Mark as Done' }).click();
      await employeePage.getByRole('dialog').getByRole('button', { name: 'Mark as Done' }).click();
      await expect(employeePage.getByText('Completed', { exact: true })).toBeVisible();
      const doneAt = Date.now();

      // The admin did nothing, and lists do not poll: only the change stream explains a refetch.
      await expect(row).toContainText('Completed');
      test.info().annotations.push({
        type: 'seen on the other screen after',
        description: `${Date.now() - doneAt} ms`,
      });
      await expectSameDocument(adminPage);
      await adminContext.close();
      await employeeContext.close();
    } finally {
      await second?.stop();
    }
  });

  test("a manager's team dashboard shows within 2 s, without a reload, a task an employee marks done from their own dashboard on another instance; the employee's open tab, deactivated, is signed out at its next request", async ({
    browser,
    duly,
    database,
  }) => {
    // Two instances on one PostgreSQL, as behind a load balancer (SQLite is one instance by
    // design, so there both people use the one).
    let second: DulyServer | undefined;
    if (database === 'postgres') {
      if (duly.database.dialect !== 'postgres')
        throw new Error('The postgres project runs on SQLite');
      second = await startDuly({ env: { DATABASE_URL: duly.database.connectionString } });
    }
    const employeeOrigin = second?.baseURL ?? duly.baseURL;
    try {
      const admin = await signUp(duly.baseURL, { fullName: 'Asha Verma' });
      const people = { manager: uniqueEmail('rahul'), employee: uniqueEmail('arjun') };
      await createEmployee(duly.baseURL, admin, {
        email: people.manager,
        firstName: 'Rahul',
        lastName: 'Verma',
        role: 'manager',
      });
      const arjun = await createEmployee(duly.baseURL, admin, {
        email: people.employee,
        firstName: 'Arjun',
        lastName: 'Mehta',
        role: 'employee',
      });
      for (const email of Object.values(people)) await givePassword(duly, email, PASSWORD);
      const title = 'Inspect the emergency exits';
      await createTask(duly.baseURL, admin, {
        title,
        due_date: new Date(Date.now() + 3 * DAY_MS).toISOString(),
        assigned_to_user_id: arjun.id,
      });

      const managerContext = await browser.newContext();
      const managerPage = await managerContext.newPage();
      await openSignedIn(
        managerPage,
        await signInThroughApi(duly.baseURL, people.manager),
        '/tasks/dashboard',
      );
      const teamRow = managerPage
        .getByRole('table', { name: 'Team Tasks' })
        .getByRole('row')
        .filter({ hasText: title });
      await expect(teamRow).toContainText('Pending');
      await markDocument(managerPage);

      const employeeContext = await browser.newContext();
      const employeePage = await employeeContext.newPage();
      await openSignedIn(
        employeePage,
        await signInThroughApi(employeeOrigin, people.employee),
        '/employee/dashboard',
        employeeOrigin,
      );
      const myRow = employeePage
        .getByRole('region', { name: 'My Tasks' })
        .getByRole('row')
        .filter({ hasText: title });
      await expect(myRow).toContainText('Pending');
      await myRow.click();
      await employeePage.getByRole('button', { name: 'Mark as Done' }).click();
      const saved = employeePage.waitForResponse(
        (response) => response.request().method() !== 'GET' && /\/tasks\//.test(response.url()),
      );
      await employeePage.getByRole('dialog').getByRole('button', { name: 'Mark as Done' }).click();
      expect((await saved).ok()).toBe(true);
      const doneAt = Date.now();

      // The manager did nothing and the dashboard does not poll: only the stream (from the
      // other instance, through PostgreSQL) explains the refetch, within 2 s of the save.
      await expect(teamRow).toContainText('Completed', { timeout: 2000 });
      test.info().annotations.push({
        type: 'seen on the other instance after',
        description: `${Date.now() - doneAt} ms`,
      });
      await expectSameDocument(managerPage);

      // The admin deactivates the employee on the first instance; the employee's tab, open on
      // the other, is signed out at its next request (the refetch its stream asks for).
      const deactivated = await fetch(`${duly.baseURL}/api/v1/employees/${arjun.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ status: 'inactive' }),
      });
      expect(deactivated.status).toBe(200);
      await expect(employeePage).toHaveURL(/\/login$/);
      await expect(employeePage.getByText('Your session has ended.')).toBeVisible();
      await managerContext.close();
      await employeeContext.close();
    } finally {
      await second?.stop();
    }
  });

  test("two tabs of one person share one stream: one /events request, and a change reaches both; closing the leader's tab hands the stream over", async ({
    browser,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { fullName: 'Asha Verma' });
    const context = await browser.newContext();
    const streams: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/events') streams.push(request.url());
    });
    const first = await context.newPage();
    await openSignedIn(first, admin.token, '/tasks');
    await expect(first.getByRole('heading', { name: 'Tasks' })).toBeVisible();
    const second = await context.newPage();
    await second.goto('/tasks');
    await expect(second.getByRole('heading', { name: 'Tasks' })).toBeVisible();
    // Long enough for the second tab to have claimed a stream of its own, had it not heard the first.
    await second.waitForTimeout(1500);
    expect(streams).toHaveLength(1);

    await createTask(duly.baseURL, admin, {
      title: 'Refill the first-aid kit',
      due_date: new Date(Date.now() + 3 * DAY_MS).toISOString(),
    });
    for (const page of [first, second]) {
      await expect(
        page.getByRole('row').filter({ hasText: 'Refill the first-aid kit' }),
      ).toBeVisible();
    }

    // The leader's tab closes: the other opens the one stream now, and still hears changes.
    await first.close();
    await expect.poll(() => streams.length).toBe(2);
    await createTask(duly.baseURL, admin, {
      title: 'Test the smoke alarms',
      due_date: new Date(Date.now() + 3 * DAY_MS).toISOString(),
    });
    await expect(
      second.getByRole('row').filter({ hasText: 'Test the smoke alarms' }),
    ).toBeVisible();
    await context.close();
  });
});
