import { createTask, signUp, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { expect, expectSameDocument, markDocument, openSignedIn, test } from '../support/test';

const DAY_MS = 86_400_000;

test.describe('employees', () => {
  test('add a person, find them by search, open their page from the list link, see their task, edit them', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!, { fullName: 'Asha Verma' });
    await openSignedIn(page, account.token, '/dashboard');
    await markDocument(page);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Employees' }).click();
    await expect(page).toHaveURL(/\/employees$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Asha Verma', exact: true })).toBeVisible();
    await expectAccessible(page, 'the Users list');

    // New User: the API's rule on the email shows before anything is sent.
    await page.getByRole('link', { name: 'New User' }).click();
    await expect(page).toHaveURL(/\/employees\/create$/);
    await expect(page.getByRole('heading', { name: 'New User' })).toBeVisible();
    await expect(page.getByLabel('Role')).toHaveValue('employee');
    await expect(page.getByLabel('Department')).toHaveValue('Engineering');
    await page.getByLabel('Email').fill('meera@');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page).toHaveURL(/\/employees\/create$/);
    await expectAccessible(page, 'the New User form with an error');

    const email = uniqueEmail('meera');
    await page.getByLabel('First Name').fill('Meera');
    await page.getByLabel('Last Name').fill('Iyer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone Number').fill('+91 98765 43210');
    await page.getByLabel('Role').selectOption({ label: 'Manager' });
    await page.getByLabel('Department').selectOption('Sales');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('User created successfully')).toBeVisible();
    // The new person's page opens (issue 33 item 6); the list has them too.
    await expect(page).toHaveURL(/\/employees\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Meera Iyer' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Employees' })
      .click();
    await expect(page).toHaveURL(/\/employees$/);

    // Find them by search; the search stays in the URL.
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('meera');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/employees\?q=meera$/);
    const row = page.getByRole('row').filter({ hasText: 'Meera Iyer' });
    await expect(row).toContainText(email);
    await expect(row).toContainText('+91 98765 43210');
    await expect(row).toContainText('Active');
    await expect(page.getByRole('link', { name: 'Asha Verma', exact: true })).toHaveCount(0);

    // A task assigned to them (through the API), then their page from the list's /users link.
    const nameLink = row.getByRole('link', { name: 'Meera Iyer', exact: true });
    const personId = (await nameLink.getAttribute('href'))!.replace('/users/', '');
    const task = await createTask(baseURL!, account, {
      title: 'Renew the fire safety certificate',
      due_date: new Date(Date.now() + 7 * DAY_MS).toISOString(),
      assigned_to_user_id: personId,
    });
    await nameLink.click();
    await expect(page).toHaveURL(new RegExp(`/employees/${personId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Meera Iyer' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Sales')).toBeVisible();
    const tasks = page.getByRole('table', { name: 'Assigned Tasks' });
    await expect(tasks.getByRole('row').filter({ hasText: task.title })).toContainText('Pending');
    const summary = page.getByRole('list', { name: 'Work summary' });
    await expect(summary.getByRole('listitem').filter({ hasText: 'Open tasks' })).toContainText(
      '1',
    );
    await expect(page.getByText('Not in charge of any certificate')).toBeVisible();
    await expectAccessible(page, 'the employee page');

    // The task links to its page in the tasks remote.
    await tasks.getByRole('link', { name: task.title }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
    await expect(page.getByRole('heading', { name: 'Task Details' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Meera Iyer' })).toBeVisible();

    await page.getByRole('link', { name: 'Edit Employee' }).click();
    await expect(page).toHaveURL(new RegExp(`/employees/${personId}/edit$`));
    await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
    await expect(page.getByLabel('Role')).toHaveValue('manager');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/employees$/);

    // Edit through the list's /users/{id}/edit link.
    await page
      .getByRole('row')
      .filter({ hasText: 'Meera Iyer' })
      .getByRole('link', { name: 'Edit Meera Iyer' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/employees/${personId}/edit$`));
    await expect(page.getByLabel('First Name')).toHaveValue('Meera');
    await expectAccessible(page, 'the Edit User form');
    await page.getByLabel('Last Name').fill('Menon');
    await page.getByLabel('Status').selectOption({ label: 'On Leave' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('User updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/employees$/);
    await expect(page.getByRole('row').filter({ hasText: 'Meera Menon' })).toContainText(
      'On Leave',
    );

    // Filters live in the URL too.
    await page.getByLabel('Filter by Status').selectOption({ label: 'On Leave' });
    await expect(page).toHaveURL(/\/employees\?status=on_leave$/);
    await expect(page.getByRole('link', { name: 'Meera Menon', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Asha Verma', exact: true })).toHaveCount(0);
    await expectSameDocument(page);
  });

  test('a /users/{id} address opens the employee page at its /employees address', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!, { fullName: 'Ravi Kumar' });
    await openSignedIn(page, account.token, `/users/${account.user.id}`);
    await expect(page).toHaveURL(new RegExp(`/employees/${account.user.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible();
    await expect(page.getByText('No tasks assigned')).toBeVisible();
  });
});
