/**
 * Issue 33 items 4 and 5, in the built product: a form the person's role cannot submit says so
 * at the top and is read-only (an employee's Edit of their own task offers its status alone);
 * a save the API refuses with field errors shows them under the fields, focus on the first.
 */
import { expectAccessible } from '../support/accessibility';
import {
  createCertificate,
  createEmployee,
  createTask,
  signUp,
  uniqueEmail,
  type Account,
} from '../support/api';
import type { DulyServer } from '../support/duly-server';
import { givePassword } from '../support/passwords';
import { expect, openSignedIn, test } from '../support/test';

const PASSWORD = 'correct-horse-battery';
const DAY_MS = 86_400_000;
const isoIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** A user of the admin's organisation with `role`, signed in through the API. */
async function addUser(
  duly: DulyServer,
  admin: Account,
  role: 'manager' | 'employee',
): Promise<{ id: string; token: string }> {
  const email = uniqueEmail(role);
  const user = await createEmployee(duly.baseURL, admin, {
    email,
    firstName: role === 'manager' ? 'Rahul' : 'Arjun',
    lastName: 'Menon',
    role,
  });
  await givePassword(duly, email, PASSWORD);
  const response = await fetch(`${duly.baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { token } = (await response.json()) as { token: string };
  return { id: user.id, token };
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an employee sees why a form is read-only, and edits only the status of their task', async ({
      page,
      duly,
    }) => {
      const admin = await signUp(duly.baseURL, { organizationName: 'Read Only Ltd' });
      const employee = await addUser(duly, admin, 'employee');
      const task = await createTask(duly.baseURL, admin, {
        title: 'Fire drill',
        due_date: isoIn(5),
        assigned_to_user_id: employee.id,
      });
      const certificate = await createCertificate(duly.baseURL, admin, {
        name: 'First aid',
        expiry_date: isoIn(60).slice(0, 10),
        reminder_days_before: 30,
        incharge_person_id: employee.id,
      });

      await openSignedIn(page, employee.token, '/tasks/create');
      await expect(page.getByText('Only managers and admins can create tasks.')).toBeVisible();
      await expect(page.getByLabel('Title')).toBeDisabled();
      await expect(page.getByLabel('Assigned To')).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Create Task' })).toHaveCount(0);
      await expectAccessible(page, `create task, read-only for an employee, ${viewport.width}`);

      await page.goto('/certificates/create');
      await expect(
        page.getByText('Only managers and admins can create certificates.'),
      ).toBeVisible();
      await expect(page.getByLabel('Name')).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Create Certificate' })).toHaveCount(0);

      await page.goto(`/certificates/${certificate.id}/edit`);
      await expect(
        page.getByText('Only managers and admins can change certificates.'),
      ).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveValue('First aid');
      await expect(page.getByLabel('Name')).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

      await page.goto('/employees/create');
      await expect(page.getByText('Only managers and admins can add users.')).toBeVisible();
      await expect(page.getByLabel('Email')).toBeDisabled();

      // Their own task: the status alone, saved.
      await page.goto(`/tasks/${task.id}/edit`);
      await expect(
        page.getByText(
          "Only managers and admins can change a task's details. You can change its status.",
        ),
      ).toBeVisible();
      await expect(page.getByLabel('Title')).toBeDisabled();
      await expect(page.getByLabel('Due Date')).toBeDisabled();
      const status = page.getByLabel('Status');
      await expect(status).toBeEnabled();
      await expect(status.locator('option[value="overdue"]')).toHaveCount(0);
      await expectAccessible(page, `edit own task, status only, ${viewport.width}`);
      await status.selectOption('in_progress');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Task updated successfully')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
      await expect(page.getByText('In Progress', { exact: true })).toBeVisible();
    });
  });
}

test('a save the API refuses shows its field errors under the fields, focus on the first', async ({
  page,
  duly,
}) => {
  const admin = await signUp(duly.baseURL, { organizationName: 'Field Errors Ltd' });
  const manager = await addUser(duly, admin, 'manager');
  await openSignedIn(page, manager.token, '/tasks/create');
  await expect(page.getByRole('button', { name: 'Create Task' })).toBeVisible();
  await expect(page.getByText('Only managers and admins can create tasks.')).toHaveCount(0);

  // The API's answer (ARCHITECTURE 6) for rules only the server knows, e.g. a title taken.
  await page.route('**/api/v1/tasks/', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'Invalid input',
            code: 'BAD_REQUEST',
            errors: [
              { path: '/assigned_to_user_id', message: 'is not a user of your organisation' },
              { path: '/title', message: 'is already the title of an open task' },
            ],
          }),
        })
      : route.fallback(),
  );
  await page.getByLabel('Title').fill('Fire drill');
  await page.getByLabel('Due Date').fill(isoIn(3).slice(0, 16));
  await page.getByLabel('Assigned To').selectOption({ label: 'Rahul Menon' });
  await page.getByRole('button', { name: 'Create Task' }).click();

  await expect(page.getByText('Error creating task: Invalid input')).toBeVisible();
  await expect(page.getByText('is already the title of an open task')).toBeVisible();
  await expect(page.getByText('is not a user of your organisation')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Assigned To')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Title')).toBeFocused();
  await expect(page).toHaveURL(/\/tasks\/create$/);
  await expectAccessible(page, 'create task with the API field errors');
});
