import { createTask, signUp } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { expect, openSignedIn, test } from '../support/test';

const DAY_MS = 86_400_000;

// Every screen of the product as a user reaches it, checked with axe-core: no serious or
// critical violation. A new screen gets a step here (or calls expectAccessible in its own test).
test.describe('accessibility (axe-core)', () => {
  test('the public screens', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to the product' })).toBeVisible();
    await expectAccessible(page, '/login');

    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expectAccessible(page, '/signup');
  });

  test('every signed-in screen, with its menus and dialogs open', async ({ page, baseURL }) => {
    const account = await signUp(baseURL!, { fullName: 'Meera Iyer' });
    const task = await createTask(baseURL!, account, {
      title: 'File the quarterly safety report',
      due_date: new Date(Date.now() + 3 * DAY_MS).toISOString(),
    });

    await openSignedIn(page, account.token, '/dashboard');
    await expect(page.getByRole('region', { name: 'Total Tasks' })).toContainText('1');
    await expectAccessible(page, '/dashboard');

    // The avatar button's name starts with the initials it shows (axe label-content-name-mismatch).
    await page.getByRole('button', { name: 'MI, Account menu', exact: true }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, 'the avatar menu');
    await page.keyboard.press('Escape');

    await page.goto('/tasks');
    await expect(page.getByRole('row').filter({ hasText: task.title })).toBeVisible();
    await expectAccessible(page, '/tasks');

    await page.goto('/tasks/create');
    await expect(page.getByRole('heading', { name: 'Create New Task' })).toBeVisible();
    await expect(page.getByLabel('Assigned To')).toContainText('Meera Iyer');
    await page.getByRole('button', { name: 'Create Task' }).click(); // shows the field errors
    await expect(page.getByText('Title is required')).toBeVisible();
    await expectAccessible(page, '/tasks/create with its errors');

    await page.goto(`/tasks/${task.id}`);
    await expect(page.getByRole('heading', { name: 'Task Details' })).toBeVisible();
    await expectAccessible(page, '/tasks/{id}');
    await page.getByRole('button', { name: 'Mark as Done' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the Mark as Done confirmation');
    await page.keyboard.press('Escape');

    await page.goto(`/tasks/${task.id}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit Task' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(task.title);
    await expectAccessible(page, '/tasks/{id}/edit');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectAccessible(page, 'Page not found');
  });

  test('the small-screen navigation drawer', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const account = await signUp(baseURL!);
    await openSignedIn(page, account.token, '/dashboard');
    await expect(page.getByRole('region', { name: 'Total Tasks' })).toContainText('0');
    await expectAccessible(page, '/dashboard at 390 px');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    // The open drawer is a modal dialog around the navigation; the page behind it is inert.
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveAttribute('aria-modal', 'true');
    await expect(drawer.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.locator('#main-content')).toHaveAttribute('inert', '');
    await expect(page.locator('header').first()).toHaveAttribute('inert', '');
    await expectAccessible(page, 'the open drawer');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('#main-content')).not.toHaveAttribute('inert');
  });
});
