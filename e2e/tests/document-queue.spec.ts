/**
 * Issue 26's approval side in Chromium: employees' uploads (seeded through the API) wait in
 * the manager's queue, the team dashboard counts them, a preview opens through its signed URL,
 * and the manager approves two at once; an admin switches approval off in Organisation
 * settings. Screenshots at 1280 and 390 px go to DOC_QUEUE_SHOTS when set.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import {
  createCertificate,
  createEmployee,
  signUp,
  uniqueEmail,
  type Account,
} from '../support/api';
import type { DulyServer } from '../support/duly-server';
import { kolkataInputValue } from '../support/kolkata';
import { givePassword } from '../support/passwords';
import { expect, openSignedIn, test } from '../support/test';

const DAY_MS = 86_400_000;
const PASSWORD = 'correct-horse-battery';

const kolkataDateIn = (days: number) =>
  kolkataInputValue(new Date(Date.now() + days * DAY_MS)).slice(0, 10);

/** A small, valid PNG (decided by its bytes on the server) of 8 × 8 blue pixels. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQLLuEFTEMLQkATYZYQWqSKR8AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

async function shot(page: Page, name: string) {
  const dir = process.env.DOC_QUEUE_SHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A user of the admin's organisation with `role` and a password; their API token. */
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
  const login = await fetch(`${duly.baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { ...user, email, token };
}

async function upload(
  duly: DulyServer,
  token: string,
  certificateId: string,
  file: { name: string; type: string; bytes: Buffer },
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${duly.baseURL}/api/v1/certificates/${certificateId}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; status: string };
}

async function apiGet<T>(duly: DulyServer, token: string, url: string): Promise<T> {
  const response = await fetch(`${duly.baseURL}/api/v1${url}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

test.describe('the document approval queue', () => {
  test('a manager sees the pending count, previews a document and approves two at once', async ({
    page,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { fullName: 'Asha Verma' });
    const manager = await addUser(duly, admin, 'manager', 'Rahul', 'Verma');
    const employee = await addUser(duly, admin, 'employee', 'Arjun', 'Mehta');
    const forklift = await createCertificate(duly.baseURL, admin, {
      name: 'Forklift Licence',
      expiry_date: kolkataDateIn(10),
      reminder_days_before: 30,
      incharge_person_id: employee.id,
    });
    const firstAid = await createCertificate(duly.baseURL, admin, {
      name: 'First Aid',
      expiry_date: kolkataDateIn(20),
      reminder_days_before: 30,
      incharge_person_id: employee.id,
    });
    const renewedUntil = kolkataDateIn(730);
    const photo = await upload(
      duly,
      employee.token,
      forklift.id,
      { name: 'forklift-renewed.png', type: 'image/png', bytes: PNG },
      { issue_date: kolkataDateIn(0), expiry_date: renewedUntil },
    );
    const scan = await upload(duly, employee.token, firstAid.id, {
      name: 'first-aid.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    expect([photo.status, scan.status]).toEqual(['pending', 'pending']);

    await page.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(page, manager.token, '/tasks/dashboard');
    // The count is a link of the team's summary line (issue 33).
    const count = page.getByTestId('pending-documents');
    await expect(count).toHaveText('2 documents to approve');
    await expect(page.getByTestId('team-summary')).toContainText('· 2 documents to approve');
    await count.click();
    await expect(page).toHaveURL(/\/team\/documents$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Documents to approve' }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
        name: 'Approvals',
      }),
    ).toHaveAttribute('aria-current', 'page');
    const table = page.getByRole('table', { name: 'Pending documents' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').filter({ hasText: 'Forklift Licence' })).toContainText(
      'Arjun Mehta',
    );
    await expectAccessible(page, '/team/documents');
    await shot(page, 'queue-1280');

    // The preview: the image through its signed URL, without the Authorization header.
    await page
      .getByRole('button', { name: 'Preview forklift-renewed.png of Forklift Licence' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'forklift-renewed.png' });
    const image = dialog.getByRole('img', { name: 'forklift-renewed.png of Forklift Licence' });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBe(8);
    expect(await image.getAttribute('src')).toMatch(/\/api\/v1\/document-previews\/[^/]+$/);
    await expectAccessible(page, '/team/documents (preview)');
    await shot(page, 'queue-preview-1280');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    // The side navigation becomes the closed drawer: wait until it has slid out.
    await expect(page.locator('#side-navigation')).toBeHidden();
    await shot(page, 'queue-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: 'Approve selected (2)' }).click();
    await expect(page.getByText('Approved 2 documents')).toBeVisible();
    await expect(page.getByText('No documents waiting for approval')).toBeVisible();

    // Both approved; the photo's renewal applied its dates.
    for (const id of [photo.id, scan.id]) {
      const document = await apiGet<{ status: string }>(duly, manager.token, `/documents/${id}`);
      expect(document.status).toBe('approved');
    }
    const renewed = await apiGet<{ expiry_date: string }>(
      duly,
      manager.token,
      `/certificates/${forklift.id}`,
    );
    expect(renewed.expiry_date).toBe(renewedUntil);

    // The team dashboard's count followed (back in the app's history: no reload).
    await page.goBack();
    await expect(page).toHaveURL(/\/tasks\/dashboard$/);
    await expect(page.getByTestId('pending-documents')).toHaveText('No documents to approve');
  });

  test('an admin switches approval off in Organisation settings; an upload then counts at once', async ({
    page,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { fullName: 'Kavya Menon' });
    const employee = await addUser(duly, admin, 'employee', 'Meera', 'Iyer');
    const certificate = await createCertificate(duly.baseURL, admin, {
      name: 'Boiler Permit',
      expiry_date: kolkataDateIn(15),
      reminder_days_before: 30,
      incharge_person_id: employee.id,
    });

    await page.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(page, admin.token, '/dashboard');
    await page.getByRole('button', { name: 'KM, Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Organisation settings' }).click();
    await expect(page).toHaveURL(/\/settings\/organization$/);
    const toggle = page.getByRole('switch', { name: 'Documents from employees need approval' });
    await expect(toggle).toBeChecked();
    await expectAccessible(page, '/settings/organization');
    await shot(page, 'settings-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('#side-navigation')).toBeHidden();
    await shot(page, 'settings-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await toggle.click();
    await expect(page.getByText('Documents from employees no longer need approval')).toBeVisible();
    await expect(toggle).not.toBeChecked();

    const renewedUntil = kolkataDateIn(365);
    const direct = await upload(
      duly,
      employee.token,
      certificate.id,
      { name: 'permit.pdf', type: 'application/pdf', bytes: PDF },
      { expiry_date: renewedUntil },
    );
    expect(direct.status).toBe('approved');
    const renewed = await apiGet<{ expiry_date: string }>(
      duly,
      admin.token,
      `/certificates/${certificate.id}`,
    );
    expect(renewed.expiry_date).toBe(renewedUntil);
  });
});
