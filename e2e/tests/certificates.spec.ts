import { createCertificate, listCertificates, signUp, updateCertificate } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { kolkataDateValue } from '../support/kolkata';
import { expect, expectSameDocument, markDocument, openSignedIn, test } from '../support/test';

/** `Mar 10, 2027` of a `yyyy-MM-dd` date, as the list shows it. */
function listDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

test.describe('certificates', () => {
  test('create a certificate, see it listed, open its page, edit it', async ({ page, baseURL }) => {
    const account = await signUp(baseURL!, { fullName: 'Asha Verma' });
    await openSignedIn(page, account.token, '/dashboard');
    await expect(page.getByRole('region', { name: 'Total Certificates' })).toContainText('0');
    await markDocument(page);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Certificates' }).click();
    await expect(page.getByText('No certificates found')).toBeVisible();
    await expectAccessible(page, 'certificate list, empty');

    await page.getByRole('link', { name: 'New Certificate' }).click();
    await expect(page).toHaveURL(/\/certificates\/create$/);
    await expect(page.getByRole('heading', { name: 'Create New Certificate' })).toBeVisible();
    await expect(page.getByLabel('Incharge Person')).toBeEnabled();
    await expectAccessible(page, 'create certificate form');

    await page.getByRole('button', { name: 'Create Certificate' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expectAccessible(page, 'create certificate form with its errors');

    // Yesterday in Kolkata is refused (nothing is created).
    await page.getByLabel('Name').fill('Fire Safety');
    await page.getByLabel('Description').fill('Main building, all floors.');
    await page.getByLabel('Expiry Date').fill(kolkataDateValue(-1));
    await page.getByLabel('Reminder Days').selectOption({ label: '30 days' });
    await page.getByLabel('Department').fill('Operations');
    await page.getByLabel('Incharge Person').selectOption({ label: 'Asha Verma' });
    await page.getByRole('button', { name: 'Create Certificate' }).click();
    await expect(page.getByText('Expiry date cannot be in the past')).toBeVisible();
    expect(await listCertificates(baseURL!, account), 'nothing was created').toEqual([]);

    const expiry = kolkataDateValue(200);
    await page.getByLabel('Issue Date').fill(kolkataDateValue(0));
    await page.getByLabel('Expiry Date').fill(expiry);
    await page.getByRole('button', { name: 'Create Certificate' }).click();
    await expect(page.getByText('Certificate created successfully')).toBeVisible();
    // The new certificate's page opens (issue 33 item 6); the list has it too.
    await expect(page).toHaveURL(/\/certificates\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Certificate Details' })).toBeVisible();
    await nav.getByRole('link', { name: 'Certificates' }).click();
    await expect(page).toHaveURL(/\/certificates$/);

    const row = page.getByRole('row').filter({ hasText: 'Fire Safety' });
    await expect(row).toContainText('Active');
    await expect(row).toContainText(listDate(expiry));
    await expect(row.getByRole('cell').nth(3)).toHaveText('30');
    await expectAccessible(page, 'certificate list');
    const [stored] = await listCertificates(baseURL!, account);
    // The form's Asia/Kolkata date is the stored one, from a browser in New York.
    expect(stored).toMatchObject({ expiry_date: expiry, status: 'active' });

    await row.getByRole('cell', { name: 'Fire Safety', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/certificates/${stored.id}$`));
    await expect(page.getByRole('heading', { name: 'Certificate Details' })).toBeVisible();
    await expect(page.getByText('30 days before expiry')).toBeVisible();
    await expect(page.getByText('200 days', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Asha Verma' }).first()).toHaveAttribute(
      'href',
      `/employees/${account.user.id}`,
    );
    await expectAccessible(page, 'certificate page');

    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Certificate' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Fire Safety');
    await expectAccessible(page, 'edit certificate form');
    await page.getByLabel('Reminder Days').fill('366');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Reminder days must be between 1 and 365')).toBeVisible();
    await page.getByLabel('Reminder Days').fill('45');
    await page.getByLabel('Name').fill('Fire Safety (main building)');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Certificate updated successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/certificates/${stored.id}$`));
    await expect(page.getByText('45 days before expiry')).toBeVisible();

    await nav.getByRole('link', { name: 'Certificates' }).click();
    await expect(
      page.getByRole('row').filter({ hasText: 'Fire Safety (main building)' }),
    ).toContainText('45');
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('region', { name: 'Total Certificates' })).toContainText('1');
    await expectSameDocument(page);
  });

  test('renew an expired certificate; filter by status and expiry, search by name', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!, { fullName: 'Ravi Kumar' });
    const base = { reminder_days_before: 7 };
    const lapsed = await createCertificate(baseURL!, account, {
      ...base,
      name: 'Forklift licence',
      expiry_date: kolkataDateValue(-20),
    });
    // What the scheduler does to a certificate past its expiry date.
    await updateCertificate(baseURL!, account, lapsed.id, { status: 'expired' });
    for (const [name, days] of [
      ['Fire Safety', 5],
      ['First Aid', 20],
      ['ISO 9001', 60],
    ] as const) {
      await createCertificate(baseURL!, account, {
        ...base,
        name,
        expiry_date: kolkataDateValue(days),
      });
    }

    await openSignedIn(page, account.token, '/certificates');
    const rows = page.getByRole('table', { name: 'Certificates' }).getByRole('row');
    await expect(rows).toHaveCount(5);

    await page.getByLabel('Expiring Within').selectOption({ label: 'Next 30 days' });
    await expect(page).toHaveURL(/expiring_within_days=30/);
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Fire Safety');
    await expect(rows.nth(2)).toContainText('First Aid');

    await page.getByRole('searchbox', { name: 'Search by name' }).fill('aid');
    await page.getByRole('searchbox', { name: 'Search by name' }).press('Enter');
    await expect(page).toHaveURL(/q=aid/);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('First Aid');

    await page.goto('/certificates');
    await page.getByLabel('Filter by Status').selectOption({ label: 'Expired' });
    await expect(page).toHaveURL(/status=expired/);
    await expect(rows).toHaveCount(2);
    const expiredRow = rows.filter({ hasText: 'Forklift licence' });
    await expect(expiredRow).toContainText('Expired');
    await expiredRow.getByRole('cell', { name: 'Forklift licence', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'Certificate Details' })).toBeVisible();
    await expect(page.getByText('-20 days', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Renew' }).click();
    const dialog = page.getByRole('dialog', { name: 'Renew Certificate' });
    await expect(dialog.getByLabel('New Issue Date')).toHaveValue(kolkataDateValue(0));
    await expectAccessible(page, 'renew dialog');
    const renewedUntil = kolkataDateValue(365);
    await dialog.getByLabel('New Expiry Date').fill(renewedUntil);
    await dialog.getByRole('button', { name: 'Renew' }).click();
    await expect(page.getByText('Certificate renewed successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Renewed', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Renew' })).toHaveCount(0);
    await expect(page.getByText('365 days', { exact: true })).toBeVisible();

    const renewed = (await listCertificates(baseURL!, account)).find((c) => c.id === lapsed.id);
    expect(renewed).toMatchObject({
      status: 'renewed',
      expiry_date: renewedUntil,
      issue_date: kolkataDateValue(0),
    });
    await page.getByRole('link', { name: 'Back to Certificates' }).click();
    await expect(rows.filter({ hasText: 'Forklift licence' })).toContainText('Renewed');
  });
});
