import { createTask, listTasks, signUp } from '../support/api';
import { kolkataInputValue } from '../support/kolkata';
import { expect, expectSameDocument, markDocument, openSignedIn, test } from '../support/test';

const DAY_MS = 86_400_000;

test.describe('tasks', () => {
  test('create a task (a past due date is refused), see it in Asia/Kolkata time, open it, Mark as Done', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!, { fullName: 'Asha Verma' });
    await openSignedIn(page, account.token, '/dashboard');
    await expect(page.getByRole('region', { name: 'Total Tasks' })).toContainText('0');
    await markDocument(page);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByText('No tasks found')).toBeVisible();
    await page.getByRole('link', { name: 'New Task' }).click();
    await expect(page).toHaveURL(/\/tasks\/create$/);
    await expect(page.getByRole('heading', { name: 'Create New Task' })).toBeVisible();

    await page.getByLabel('Title').fill('Renew the fire safety certificate');
    await page.getByLabel('Description').fill('Book the inspection first.');
    await page.getByLabel('Due Date').fill(kolkataInputValue(new Date(Date.now() - DAY_MS)));
    await page.getByLabel('Assigned To').selectOption({ label: 'Asha Verma' });
    await page.getByRole('button', { name: 'Create Task' }).click();

    await expect(page.getByText('Due date cannot be in the past')).toBeVisible();
    await expect(page).toHaveURL(/\/tasks\/create$/);
    expect(await listTasks(baseURL!, account), 'nothing was created').toEqual([]);

    // 10:30 in Kolkata is 05:00 UTC, and midnight in New York where this browser thinks it is.
    await page.getByLabel('Due Date').fill('2030-01-05T10:30');
    await page.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText('Task created successfully')).toBeVisible();
    // The new task's page opens (issue 33 item 6); the list has it too.
    await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Task Details' })).toBeVisible();
    await nav.getByRole('link', { name: 'Tasks' }).click();
    await expect(page).toHaveURL(/\/tasks$/);

    const row = page.getByRole('row').filter({ hasText: 'Renew the fire safety certificate' });
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Jan 5, 2030 10:30');
    await expect(row).toContainText('Asha Verma');
    const [stored] = await listTasks(baseURL!, account);
    expect(stored?.due_date).toBe('2030-01-05T05:00:00.000Z');

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${stored?.id}$`));
    await expect(page.getByRole('heading', { name: 'Task Details' })).toBeVisible();
    await expect(page.getByText('January 5, 2030')).toBeVisible();
    await expect(page.getByText('Book the inspection first.')).toBeVisible();

    await page.getByRole('button', { name: 'Mark as Done' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to mark this task as completed?');
    await dialog.getByRole('button', { name: 'Mark as Done' }).click();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Done' })).toHaveCount(0);

    // The shell's dashboard, shown before any of this, counts the new task: one cache, no reload.
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('region', { name: 'Total Tasks' })).toContainText('1');
    await expectSameDocument(page);
  });

  test('edit a task and see the change in the list; marking it done clears the overdue count', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!, { fullName: 'Ravi Kumar' });
    const task = await createTask(baseURL!, account, {
      title: 'Collect the signed NDAs',
      description: 'From the two new joiners.',
      due_date: new Date(Date.now() + 7 * DAY_MS).toISOString(),
    });

    await openSignedIn(page, account.token, '/dashboard');
    await expect(page.getByRole('region', { name: 'Overdue Tasks' })).toContainText(
      'No overdue tasks',
    );
    await markDocument(page);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Tasks' }).click();
    await page.getByRole('link', { name: 'Edit Collect the signed NDAs' }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}/edit$`));
    await expect(page.getByRole('heading', { name: 'Edit Task' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Collect the signed NDAs');

    await page.getByLabel('Title').fill('Collect the signed NDAs and IDs');
    await page.getByLabel('Status').selectOption({ label: 'Overdue' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Task updated successfully')).toBeVisible();

    await nav.getByRole('link', { name: 'Tasks' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Collect the signed NDAs and IDs' });
    await expect(row).toContainText('Overdue');

    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('region', { name: 'Overdue Tasks' })).toContainText(
      '1 overdue tasks',
    );

    await nav.getByRole('link', { name: 'Tasks' }).click();
    await page.getByRole('row').filter({ hasText: 'Collect the signed NDAs and IDs' }).click();
    await page.getByRole('button', { name: 'Mark as Done' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as Done' }).click();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();

    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('region', { name: 'Overdue Tasks' })).toContainText(
      'No overdue tasks',
    );
    await expectSameDocument(page);
  });
});
