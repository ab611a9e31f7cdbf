import type { Page } from '@playwright/test';

import { expectAccessible } from '../support/accessibility';
import {
  completeTask,
  createCertificate,
  createEmployee,
  createTask,
  signUp,
  uniqueEmail,
  updateCertificate,
  type Account,
} from '../support/api';
import type { DulyServer } from '../support/duly-server';
import { kolkataInputValue } from '../support/kolkata';
import { givePassword } from '../support/passwords';
import { expect, expectSameDocument, markDocument, test } from '../support/test';

const DAY_MS = 86_400_000;
const PASSWORD = 'correct-horse-battery';

/** The Asia/Kolkata calendar date `days` from now (`yyyy-MM-dd`). */
const kolkataDateIn = (days: number) =>
  kolkataInputValue(new Date(Date.now() + days * DAY_MS)).slice(0, 10);

/** A user of the admin's organisation with `role`, who can sign in with PASSWORD. */
async function addUser(
  duly: DulyServer,
  admin: Account,
  role: 'manager' | 'employee',
  firstName: string,
  lastName: string,
) {
  const email = uniqueEmail(role);
  const user = await createEmployee(duly.baseURL, admin, { email, firstName, lastName, role });
  await givePassword(duly, email, PASSWORD);
  return { ...user, email };
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
}

test.describe('team dashboards', () => {
  test('a manager signs in, lands on the Team Dashboard, assigns a task and a certificate, and the task list shows it without a reload', async ({
    page,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { fullName: 'Asha Verma' });
    const manager = await addUser(duly, admin, 'manager', 'Rahul', 'Verma');
    await addUser(duly, admin, 'employee', 'Arjun', 'Mehta');
    await createTask(duly.baseURL, admin, {
      title: 'Organise the fire drill',
      due_date: new Date(Date.now() + 3 * DAY_MS).toISOString(),
      assigned_to_user_id: null,
    });
    await createCertificate(duly.baseURL, admin, {
      name: 'Trade License',
      expiry_date: kolkataDateIn(20),
      reminder_days_before: 7,
      incharge_person_id: null,
    });

    await signIn(page, manager.email);
    await expect(page).toHaveURL(/\/tasks\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Dashboard' })).toBeVisible();
    const members = page.getByRole('table', { name: 'Team Members' });
    await expect(members.getByRole('row').filter({ hasText: 'Arjun Mehta' })).toBeVisible();
    const taskRow = page
      .getByRole('table', { name: 'Team Tasks' })
      .getByRole('row')
      .filter({ hasText: 'Organise the fire drill' });
    await expect(taskRow).toContainText('Unassigned');
    const certificateRow = page
      .getByRole('table', { name: 'Team Certificates' })
      .getByRole('row')
      .filter({ hasText: 'Trade License' });
    await expect(certificateRow).toContainText('Unassigned');
    await expectAccessible(page, 'the Team Dashboard');
    await markDocument(page);

    await taskRow.getByRole('button', { name: 'Assign Organise the fire drill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Task' });
    await expect(dialog.getByRole('button', { name: 'Assign' })).toBeDisabled();
    await expect(dialog.getByRole('option', { name: 'Arjun Mehta' })).toBeAttached();
    await expectAccessible(page, 'the Assign Task dialog');
    await dialog.getByLabel('Select Employee').selectOption({ label: 'Arjun Mehta' });
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(dialog).toBeHidden();
    await expect(taskRow).toContainText('Arjun Mehta');

    await certificateRow.getByRole('button', { name: 'Assign Trade License' }).click();
    const certificateDialog = page.getByRole('dialog', { name: 'Assign Certificate' });
    await expect(certificateDialog.getByRole('option', { name: 'Arjun Mehta' })).toBeAttached();
    await expectAccessible(page, 'the Assign Certificate dialog');
    await certificateDialog.getByLabel('Select Employee').selectOption({ label: 'Arjun Mehta' });
    await certificateDialog.getByRole('button', { name: 'Assign' }).click();
    await expect(certificateDialog).toBeHidden();
    await expect(certificateRow).toContainText('Arjun Mehta');

    // The task list (remote-tasks) shows the new assignee, in the same document.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Tasks' })
      .click();
    await expect(
      page.getByRole('row').filter({ hasText: 'Organise the fire drill' }),
    ).toContainText('Arjun Mehta');
    await expectSameDocument(page);
  });

  test('an employee signs in, lands on their dashboard and filters their tasks and certificates', async ({
    page,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { fullName: 'Asha Verma' });
    const employee = await addUser(duly, admin, 'employee', 'Kavya', 'Nair');
    await createTask(duly.baseURL, admin, {
      title: 'Check the first-aid kits',
      due_date: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      assigned_to_user_id: employee.id,
    });
    const done = await createTask(duly.baseURL, admin, {
      title: 'Archive last year’s invoices',
      due_date: new Date(Date.now() + 5 * DAY_MS).toISOString(),
      assigned_to_user_id: employee.id,
    });
    await completeTask(duly.baseURL, admin, done.id);
    await createCertificate(duly.baseURL, admin, {
      name: 'First Aid Training',
      expiry_date: kolkataDateIn(10),
      reminder_days_before: 7,
      incharge_person_id: employee.id,
    });
    const lapsed = await createCertificate(duly.baseURL, admin, {
      name: 'Forklift Operator License',
      expiry_date: kolkataDateIn(-3),
      reminder_days_before: 7,
      incharge_person_id: employee.id,
    });
    await updateCertificate(duly.baseURL, admin, lapsed.id, { status: 'expired' });

    await signIn(page, employee.email);
    await expect(page).toHaveURL(/\/employee\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();

    const tasks = page.getByRole('region', { name: 'My Tasks' });
    const open = tasks.getByRole('row').filter({ hasText: 'Check the first-aid kits' });
    const finished = tasks.getByRole('row').filter({ hasText: 'Archive last year’s invoices' });
    await expect(open).toContainText('Asha Verma');
    await expect(open).toContainText('Pending');
    await expect(finished).toContainText('Completed');

    const certificates = page.getByRole('region', { name: 'My Certificates' });
    const firstAid = certificates.getByRole('row').filter({ hasText: 'First Aid Training' });
    const forklift = certificates.getByRole('row').filter({ hasText: 'Forklift Operator License' });
    await expect(firstAid.getByRole('cell').nth(3)).toHaveText('10');
    await expect(forklift.getByRole('cell').nth(3)).toHaveText('-3');
    await expectAccessible(page, 'the employee dashboard');

    await tasks.getByLabel('Filter by Status').selectOption({ label: 'Done' });
    await expect(open).toBeHidden();
    await expect(finished).toBeVisible();
    await tasks.getByLabel('Filter by Status').selectOption({ label: 'Pending' });
    await expect(finished).toBeHidden();
    await expect(open).toBeVisible();

    await certificates.getByLabel('Filter by Status').selectOption({ label: 'Expired' });
    await expect(firstAid).toBeHidden();
    await expect(forklift).toContainText('Expired');
    await certificates.getByLabel('Filter by Status').selectOption({ label: 'Renewed' });
    await expect(certificates.getByText('No certificates with this status')).toBeVisible();

    // Read-only: a row opens the task page.
    await open.click();
    await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]+$/);
    await expect(page.getByText('Check the first-aid kits').first()).toBeVisible();
  });
});
