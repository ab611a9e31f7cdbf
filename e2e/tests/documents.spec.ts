import { deflateSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';

import { expectAccessible } from '../support/accessibility';
import {
  createCertificate,
  createEmployee,
  signUp,
  uniqueEmail,
  type Account,
} from '../support/api';
import type { DulyServer } from '../support/duly-server';
import { kolkataDateValue } from '../support/kolkata';
import { givePassword } from '../support/passwords';
import { expect, test } from '../support/test';

/**
 * Documents on certificates (issue 26), the employee's renewal from end to end: the employee
 * sends a photo of a renewed certificate with its new dates from their dashboard, a manager
 * looks at it on the certificate's page and approves it from the approval queue, the certificate's dates change, the employee is told
 * in the bell, and the earlier document stays listed under the earlier validity.
 */

const PASSWORD = 'correct-horse-battery';
/** Screenshots for a person to look at, outside the repository. */
const SHOTS = process.env.DOC_UI_SHOTS ?? '/tmp/doc-ui-shots';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `width`×`height` PNG in one colour with a darker band: a "photo" of a certificate. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    const band = y > height / 3 && y < (height * 2) / 3 ? 0.6 : 1;
    for (let x = 0; x < width; x += 1) {
      row.set([r * band, g * band, b * band], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `2027-01-05` as Duly writes a date where the spec fixes no format: `Jan 5, 2027`. */
function dateText(value: string): string {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

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

/** The page at 1280 and 390 px wide into SHOTS/<name>-<width>.png, then back to 1280. */
async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** An admin's approved upload through the API (the certificate's first document). */
async function uploadAsAdmin(baseURL: string, admin: Account, certificateId: string) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(png(480, 320, [120, 170, 220]))]),
    'first-licence.png',
  );
  const response = await fetch(`${baseURL}/api/v1/certificates/${certificateId}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  expect(response.status).toBe(201);
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    timezoneId: 'America/New_York',
    locale: 'en-US',
  });
  return context.newPage();
}

test('an employee sends a renewed certificate from their dashboard, a manager approves it, the dates change and the employee is told', async ({
  page,
  browser,
  duly,
}) => {
  const admin = await signUp(duly.baseURL, { fullName: 'Priya Sharma' });
  const manager = await addUser(duly, admin, 'manager', 'Rahul', 'Verma');
  const employee = await addUser(duly, admin, 'employee', 'Arjun', 'Mehta');
  const oldExpiry = kolkataDateValue(10);
  const certificate = await createCertificate(duly.baseURL, admin, {
    name: 'Forklift licence',
    issue_date: kolkataDateValue(-355),
    expiry_date: oldExpiry,
    reminder_days_before: 30,
    incharge_person_id: employee.id,
  });
  await uploadAsAdmin(duly.baseURL, admin, certificate.id);

  // The employee: "Upload certificate" on their dashboard, a photo and the new dates.
  const newIssue = kolkataDateValue(0);
  const newExpiry = kolkataDateValue(375);
  await signIn(page, employee.email);
  await page.goto('/employee/dashboard');
  await page.getByRole('button', { name: 'Upload certificate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload certificate' });
  await dialog.getByLabel(/^Certificate/).selectOption({ label: 'Forklift licence' });
  await dialog.getByLabel(/^New Issue Date/).fill(newIssue);
  await dialog.getByLabel(/^New Expiry Date/).fill(newExpiry);
  await dialog.getByLabel('Document file').setInputFiles({
    name: 'renewed-licence.png',
    mimeType: 'image/png',
    buffer: png(640, 420, [240, 200, 120]),
  });
  await expect(dialog.getByText('Chosen: renewed-licence.png')).toBeVisible();
  await expectAccessible(page, 'the Upload certificate dialog');
  await shoot(page, 'employee-upload-dialog');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Certificate sent for approval')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The employee's certificate page: the renewal pending, the dates unchanged.
  await page.goto(`/certificates/${certificate.id}`);
  const documents = page.getByRole('region', { name: 'Documents' });
  const pending = documents.getByRole('listitem', { name: 'renewed-licence.png' });
  await expect(pending).toContainText('Pending');
  await expect(pending).toContainText(`renewal until ${dateText(newExpiry)}`);
  await expect(pending.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectAccessible(page, "the employee's certificate page with a pending document");

  // The manager approves it on the certificate's page, after a look at the photo.
  const managerPage = await newPage(browser, duly.baseURL);
  await signIn(managerPage, manager.email);
  await managerPage.goto(`/certificates/${certificate.id}`);
  const managerDocuments = managerPage.getByRole('region', { name: 'Documents' });
  const toApprove = managerDocuments.getByRole('listitem', { name: 'renewed-licence.png' });
  await toApprove.getByRole('button', { name: 'Preview' }).click();
  await expect(
    toApprove.getByRole('img', { name: 'Preview of renewed-licence.png' }),
  ).toBeVisible();
  await expect
    .poll(() =>
      toApprove
        .getByRole('img', { name: 'Preview of renewed-licence.png' })
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBe(640);
  await expectAccessible(managerPage, "the manager's certificate page with a pending document");
  await shoot(managerPage, 'manager-pending-document');
  await toApprove.getByRole('button', { name: 'Reject' }).click();
  const rejectDialog = managerPage.getByRole('dialog', { name: 'Reject document' });
  await expect(rejectDialog.getByLabel(/Reason/)).toBeVisible();
  await expectAccessible(managerPage, 'the Reject document dialog');
  await shoot(managerPage, 'manager-reject-dialog');
  await rejectDialog.getByRole('button', { name: 'Cancel' }).click();
  // The manager approves it from the approval queue, as the issue's flow has it.
  await managerPage
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Approvals' })
    .click();
  const queue = managerPage.getByRole('table', { name: 'Pending documents' });
  await queue
    .getByRole('button', { name: 'Approve renewed-licence.png of Forklift licence' })
    .click();
  await expect(managerPage.getByText('Approved renewed-licence.png')).toBeVisible();
  await expectAccessible(managerPage, 'the approval queue after the approval');
  await managerPage.goBack();
  await expect(managerPage).toHaveURL(new RegExp(`/certificates/${certificate.id}$`));

  // The certificate's dates changed; the earlier document stays under the earlier validity.
  const expiryValue = managerPage.locator('dt', { hasText: /^Expiry Date$/ }).locator('+ dd');
  await expect(expiryValue).toContainText(dateText(newExpiry));
  await expect(
    managerDocuments.getByRole('heading', {
      name: `Valid until ${dateText(newExpiry)} (current)`,
    }),
  ).toBeVisible();
  const earlier = managerDocuments.getByRole('region', {
    name: `Valid until ${dateText(oldExpiry)}`,
  });
  await expect(earlier.getByRole('listitem', { name: 'first-licence.png' })).toContainText(
    'Approved',
  );
  await expect(
    managerDocuments
      .getByRole('region', { name: `Valid until ${dateText(newExpiry)}` })
      .getByRole('listitem', { name: 'renewed-licence.png' }),
  ).toContainText('Approved');
  await managerDocuments
    .getByRole('listitem', { name: 'first-licence.png' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(managerPage.getByRole('dialog', { name: 'Delete this document?' })).toBeVisible();
  await expectAccessible(managerPage, 'the Delete this document? dialog');
  await managerPage.keyboard.press('Escape');
  await expectAccessible(managerPage, 'the certificate page after the approval');
  await shoot(managerPage, 'manager-approved');

  // The employee is told in the bell.
  await page.reload();
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('listitem').first()).toContainText('Document approved');
  await expect(panel.getByRole('listitem').first()).toContainText('Forklift licence');
  await expectAccessible(page, 'the bell with the approval notice');
  await shoot(page, 'employee-bell');
  await managerPage.context().close();
});
