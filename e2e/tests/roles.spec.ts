/**
 * Issue 33 item 4, every route for every role: a screen whose action the person's role cannot
 * perform says so at the top ('Only managers and admins can create tasks.') and its form is
 * read-only (no field to fill, no submit); where the role may act, no such sentence. The Renew
 * dialog too: an employee in charge of a certificate in its reminder window sees why it is
 * read-only, a manager renews.
 */
import type { Page } from '@playwright/test';

import { expectAccessible } from '../support/accessibility';
import { createCertificate, createTask, signUp } from '../support/api';
import { addSignedInPerson } from '../support/people';
import { expect, openSignedIn, test } from '../support/test';

const DAY_MS = 86_400_000;
const isoIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

type Role = 'admin' | 'manager' | 'employee';

const ADMINS_ONLY = {
  types: 'Only admins can add or change certificate types.',
  activity: "Only admins can see the organisation's activity.",
  settings: 'Only admins can change the organisation’s settings.',
  webhooks: 'Only admins can manage webhooks.',
};

/** What each route says at its top to each role (absent: nothing, the role may act there). */
function expectations(ids: { task: string; certificate: string; colleague: string }) {
  const employeeOnly: Record<string, string> = {
    '/tasks/create': 'Only managers and admins can create tasks.',
    '/certificates/create': 'Only managers and admins can create certificates.',
    [`/certificates/${ids.certificate}/edit`]: 'Only managers and admins can change certificates.',
    '/certificates/import': 'Only managers and admins can import certificates.',
    '/compliance': 'Only managers and admins can see compliance.',
    '/employees/create': 'Only managers and admins can add users.',
    '/employees/import': 'Only managers and admins can import users.',
    '/team/documents':
      'Only managers and admins can approve documents. Yours are listed on their certificate’s page.',
  };
  const adminOnly: Record<string, string> = {
    '/certificate-types': ADMINS_ONLY.types,
    '/employees/activity': ADMINS_ONLY.activity,
    '/settings/organization': ADMINS_ONLY.settings,
    '/settings/webhooks': ADMINS_ONLY.webhooks,
    '/settings/webhooks/0b1d6c2e-4f4e-4d0a-9a57-3f0f5d1b2c3d': ADMINS_ONLY.webhooks,
  };
  const routes = [
    '/dashboard',
    '/tasks',
    `/tasks/${ids.task}`,
    `/certificates/${ids.certificate}`,
    '/certificates',
    '/employees',
    `/employees/${ids.colleague}`,
    '/profile',
    ...Object.keys(employeeOnly),
    ...Object.keys(adminOnly),
  ];
  const says: Record<Role, Record<string, string>> = {
    admin: {},
    manager: { ...adminOnly },
    employee: { ...employeeOnly, ...adminOnly },
  };
  return { routes, says };
}

async function expectReadOnlyWithReason(page: Page, path: string, reason: string | undefined) {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  const notice = page.getByTestId('form-notice');
  if (!reason) {
    // Loaded (no spinner), and nothing says the role cannot act.
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(notice, path).toHaveCount(0);
    return;
  }
  await expect(notice, path).toHaveText(reason);
  // The notice is the first thing under the title: above any form or table.
  const noticeTop = (await notice.boundingBox())!.y;
  for (const below of await page.locator('main form, main table').all()) {
    if (await below.isVisible())
      expect((await below.boundingBox())!.y, path).toBeGreaterThan(noticeTop);
  }
  // Read-only: nothing to fill in, nothing to submit.
  await expect(
    page.locator('main form :is(input, select, textarea):enabled, main button[type="submit"]'),
    path,
  ).toHaveCount(0);
}

test('every route says at its top what the role cannot do there, for each role', async ({
  page,
  duly,
}) => {
  test.setTimeout(300_000);
  const admin = await signUp(duly.baseURL, { organizationName: 'Every Route Ltd' });
  const manager = await addSignedInPerson(duly, admin, 'manager');
  const employee = await addSignedInPerson(duly, admin, 'employee');
  const task = await createTask(duly.baseURL, admin, {
    title: 'Fire drill',
    due_date: isoIn(5),
    assigned_to_user_id: employee.id,
  });
  const certificate = await createCertificate(duly.baseURL, admin, {
    name: 'First aid',
    expiry_date: isoIn(90).slice(0, 10),
    reminder_days_before: 30,
    incharge_person_id: employee.id,
  });
  const { routes, says } = expectations({
    task: task.id,
    certificate: certificate.id,
    colleague: manager.id,
  });

  for (const [role, token] of [
    ['admin', admin.token],
    ['manager', manager.token],
    ['employee', employee.token],
  ] as const) {
    await openSignedIn(page, token, '/dashboard');
    for (const path of routes) {
      await expectReadOnlyWithReason(page, path, says[role][path]);
    }
  }
  // The notice's colours and structure, once on each kind of screen.
  await openSignedIn(page, employee.token, '/certificates/import');
  await expect(page.getByTestId('form-notice')).toBeVisible();
  await expectAccessible(page, 'import, read-only for an employee');
  await page.goto('/compliance');
  await expect(page.getByTestId('form-notice')).toBeVisible();
  await expectAccessible(page, 'compliance for an employee');
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`Renew is offered from the reminder window; read-only with its reason for an employee at ${viewport.width} px`, async ({
    page,
    duly,
  }) => {
    await page.setViewportSize(viewport);
    const admin = await signUp(duly.baseURL, { organizationName: 'Renew Window Ltd' });
    const manager = await addSignedInPerson(duly, admin, 'manager');
    const employee = await addSignedInPerson(duly, admin, 'employee');
    const soon = await createCertificate(duly.baseURL, admin, {
      name: 'Forklift licence',
      expiry_date: isoIn(12).slice(0, 10),
      reminder_days_before: 30,
      incharge_person_id: employee.id,
    });
    const later = await createCertificate(duly.baseURL, admin, {
      name: 'Boiler permit',
      expiry_date: isoIn(120).slice(0, 10),
      reminder_days_before: 30,
      incharge_person_id: employee.id,
    });

    // Before its reminder window: no Renew, for anyone.
    await openSignedIn(page, manager.token, `/certificates/${later.id}`);
    await expect(page.getByRole('heading', { name: 'Boiler permit' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Renew', exact: true })).toHaveCount(0);

    // In it (12 days left of a 30-day window), not yet expired: Renew is offered.
    await openSignedIn(page, employee.token, `/certificates/${soon.id}`);
    await expect(page.getByRole('heading', { name: 'Forklift licence' })).toBeVisible();
    await page.getByRole('button', { name: 'Renew', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Renew Certificate' });
    await expect(dialog.getByTestId('form-notice')).toHaveText(
      'Only managers and admins can renew certificates. Add the new certificate under Documents and they will renew it.',
    );
    await expect(dialog.getByLabel('New Expiry Date')).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Renew', exact: true })).toHaveCount(0);
    await expectAccessible(page, `Renew dialog, read-only for an employee, ${viewport.width} px`);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();

    await openSignedIn(page, manager.token, `/certificates/${soon.id}`);
    await page.getByRole('button', { name: 'Renew', exact: true }).click();
    await expect(dialog.getByTestId('form-notice')).toHaveCount(0);
    await dialog.getByLabel('New Expiry Date').fill(isoIn(400).slice(0, 10));
    await dialog.getByRole('button', { name: 'Renew', exact: true }).click();
    await expect(page.getByText('Certificate renewed successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Renew', exact: true })).toHaveCount(0);
  });
}
