/**
 * Issue 33 items 1 and 7: at 390 px every screen fits the phone. No page scrolls sideways and
 * no card, cell or section is wider than its box (a cut-off date, a spilled button); a list's
 * filters fold behind "Filters" with the count of those set.
 */
import type { Page } from '@playwright/test';

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

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PASSWORD = 'correct-horse-battery';
const DAY_MS = 86_400_000;
const isoIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const dateIn = (days: number) => isoIn(days).slice(0, 10);

/** A user of the admin's organisation with `role`, signed in through the API. */
async function addUser(
  duly: DulyServer,
  admin: Account,
  role: 'manager' | 'employee',
  firstName: string,
): Promise<{ id: string; token: string }> {
  const email = uniqueEmail(`${role}-with-a-rather-long-address`);
  const user = await createEmployee(duly.baseURL, admin, {
    email,
    firstName,
    lastName: 'Venkataraghavan-Subramanian',
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

/**
 * What sticks out at the current page: the document wider than the viewport, or a cell,
 * section, form or list item whose content is wider than its box (visually hidden headers,
 * 1 px boxes, are left out). Each as "tag: text".
 */
async function overflowing(page: Page, scope = 'main'): Promise<string[]> {
  return page.evaluate((scope) => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      found.push(`page: ${root.scrollWidth} > ${root.clientWidth}`);
    }
    const boxes = [
      'td',
      'section',
      'article',
      'form',
      'li',
      '[role="region"]',
      '[data-testid="form-notice"]',
    ]
      .map((selector) => `${scope} ${selector}`)
      .join(', ');
    for (const element of document.querySelectorAll<HTMLElement>(`${boxes}, header`)) {
      if (element.clientWidth <= 1) continue;
      if (element.scrollWidth > element.clientWidth) {
        const text = (element.textContent ?? '').trim().slice(0, 40);
        found.push(`${element.tagName.toLowerCase()}: ${text}`);
      }
    }
    return found;
  }, scope);
}

async function expectFits(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  // Loaded: no spinner, no "Loading …" text, no list dimmed while it fetches.
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('main').getByText(/^Loading/)).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  expect(await overflowing(page), path).toEqual([]);
}

/** The people and items of the organisation whose every screen is looked at. */
async function organisationWithLongNames(duly: DulyServer) {
  const admin = await signUp(duly.baseURL, {
    fullName: 'Sreenivasaraghavan Ramachandran',
    organizationName: 'Thiruvananthapuram Precision Engineering',
  });
  const manager = await addUser(duly, admin, 'manager', 'Manjunatha');
  const employee = await addUser(duly, admin, 'employee', 'Ekaterina');
  const task = await createTask(duly.baseURL, admin, {
    title: 'Recalibrate the pressure-vessel safety valves in the north boiler house',
    description: 'Follow the manufacturer procedure; record every reading.',
    due_date: isoIn(-2),
    assigned_to_user_id: employee.id,
  });
  await createTask(duly.baseURL, admin, {
    title: 'Fire drill',
    due_date: isoIn(5),
    assigned_to_user_id: employee.id,
  });
  const certificate = await createCertificate(duly.baseURL, admin, {
    name: 'Factory licence under the Kerala Factories Rules (Form 2, renewal)',
    expiry_date: dateIn(12),
    reminder_days_before: 30,
    department: 'Operations and Maintenance',
    incharge_person_id: employee.id,
  });
  // Every route opens for every signed-in person (spec 6): each role sees each screen, the
  // ones their role cannot act on read-only with the reason at the top (issue 33 item 4).
  const screens = [
    '/dashboard',
    '/tasks/dashboard',
    '/employee/dashboard',
    '/team/documents',
    '/tasks',
    '/tasks/create',
    `/tasks/${task.id}`,
    `/tasks/${task.id}/edit`,
    '/certificates',
    '/certificates/create',
    '/certificates/import',
    `/certificates/${certificate.id}`,
    `/certificates/${certificate.id}/edit`,
    '/certificate-types',
    '/compliance',
    '/employees',
    '/employees/create',
    '/employees/import',
    '/employees/activity',
    `/employees/${employee.id}`,
    `/employees/${employee.id}/edit`,
    '/settings/organization',
    '/settings/webhooks',
    '/profile',
    '/no-such-page',
  ];
  return {
    tokens: { admin: admin.token, manager: manager.token, employee: employee.token },
    screens,
    renewable: `/certificates/${certificate.id}`,
  };
}

for (const role of ['admin', 'manager', 'employee'] as const) {
  test(`every screen fits 390 px for ${{ admin: 'the admin', manager: 'a manager', employee: 'an employee' }[role]}`, async ({
    page,
    duly,
  }) => {
    test.setTimeout(240_000);
    const { tokens, screens, renewable } = await organisationWithLongNames(duly);
    await openSignedIn(page, tokens[role], '/dashboard');
    for (const path of screens) {
      await expectFits(page, path);
    }
    // The Renew dialog of the certificate in its reminder window.
    await page.goto(renewable);
    await page.getByRole('button', { name: 'Renew', exact: true }).click();
    await page.getByRole('dialog', { name: 'Renew Certificate' }).waitFor();
    expect(await overflowing(page, '[role="dialog"]'), 'Renew dialog').toEqual([]);
  });
}

test('on a phone the list filters fold behind "Filters", which counts those set', async ({
  page,
  baseURL,
}) => {
  const admin = await signUp(baseURL!, { organizationName: 'Pocket Filters' });
  await createTask(baseURL!, admin, { title: 'Fire drill', due_date: isoIn(3) });
  await openSignedIn(page, admin.token, '/tasks');
  await expect(page.getByRole('cell', { name: 'Fire drill', exact: true })).toBeVisible();

  const status = page.getByLabel('Filter by Status');
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(status).toBeHidden();
  await expect(page.getByRole('searchbox', { name: 'Search by title' })).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(status).toBeVisible();
  // Full width: the drop-down spans the list's card, as the search field does.
  const searchBox = await page.getByRole('searchbox', { name: 'Search by title' }).boundingBox();
  const statusBox = await status.boundingBox();
  expect(statusBox!.width).toBeCloseTo(searchBox!.width, 0);
  await expectAccessible(page, 'task list filters unfolded at 390 px');

  await status.selectOption('pending');
  await expect(page).toHaveURL(/\/tasks\?status=pending$/);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  // The row is a card: its title, then its fields with their labels, none cut off.
  const card = page.getByRole('row').filter({ hasText: 'Fire drill' });
  await expect(card.locator('td[data-label="Due Date"]')).toBeVisible();
  await expect(card.locator('td[data-label="Assigned To"]')).toBeVisible();
  expect(await overflowing(page)).toEqual([]);
});
