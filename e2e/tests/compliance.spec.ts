import { createEmployee, signUp, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { kolkataDateValue } from '../support/kolkata';
import { expect, expectSameDocument, markDocument, openSignedIn, test } from '../support/test';

test.describe('compliance matrix (issue 28)', () => {
  test('an admin requires "Working at height" of Operations, sees two missing, adds one from its cell, and the column total changes without a reload', async ({
    page,
    baseURL,
  }) => {
    const admin = await signUp(baseURL!, { fullName: 'Rahul Verma' });
    for (const firstName of ['Arjun', 'Meena']) {
      await createEmployee(baseURL!, admin, {
        email: uniqueEmail(firstName.toLowerCase()),
        firstName,
        lastName: 'Rao',
        department: 'Operations',
      });
    }

    await openSignedIn(page, admin.token, '/certificate-types');
    await expect(page.getByText('No certificate types yet')).toBeVisible();
    await page.getByLabel(/^Name/).fill('Working at height');
    await page.getByLabel(/^Validity/).fill('24');
    await page.getByLabel(/^Reminder days/).fill('60, 14');
    await page.getByLabel(/^Departments/).fill('Operations');
    await page.getByRole('button', { name: 'Add Type' }).click();
    await expect(page.getByText('Certificate type added')).toBeVisible();
    await expect(page.getByRole('cell', { name: '60, 14 days before' })).toBeVisible();
    await expectAccessible(page, 'certificate types');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Compliance' })
      .click();
    // The types screen's "Departments" field is gone only once the matrix is up.
    await expect(page.getByRole('heading', { name: 'Compliance', level: 1 })).toBeVisible();
    await page.getByLabel('Department', { exact: true }).selectOption('Operations');
    const grid = page.getByRole('grid', { name: 'Compliance matrix' });
    await expect(grid.getByRole('link', { name: /: Missing/ })).toHaveCount(2);
    const total = grid.locator('tfoot td').first();
    await expect(total).toHaveText('0%0 of 2');
    await expectAccessible(page, 'compliance matrix');

    // Keyboard: the first cell takes the focus with Tab; the arrows move between cells.
    const arjunCell = grid.getByRole('link', { name: /^Arjun Rao, Working at height: Missing/ });
    const meenaCell = grid.getByRole('link', { name: /^Meena Rao, Working at height: Missing/ });
    await arjunCell.focus();
    await page.keyboard.press('ArrowDown');
    await expect(meenaCell).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(arjunCell).toBeFocused();
    // Never colour alone: the state is written in the cell.
    await expect(arjunCell).toContainText('Missing');

    await markDocument(page);
    await arjunCell.click();
    // The "add certificate" form, prefilled with the person and the type.
    await expect(page.getByLabel(/^Name/)).toHaveValue('Working at height');
    await expect(page.getByLabel(/^Certificate Type/).locator('option:checked')).toHaveText(
      'Working at height',
    );
    await expect(page.getByLabel(/^Incharge Person/).locator('option:checked')).toContainText(
      'Arjun Rao',
    );
    await page.getByLabel(/^Expiry Date/).fill(kolkataDateValue(400));
    await page.getByLabel(/^Reminder Days/).selectOption('30');
    await page.getByRole('button', { name: 'Create Certificate' }).click();
    await expect(page.getByText('Certificate created successfully')).toBeVisible();

    await expect(page).toHaveURL(/\/compliance$/);
    await page.getByLabel('Department', { exact: true }).selectOption('Operations');
    await expect(
      grid.getByRole('link', { name: /^Arjun Rao, Working at height: Valid/ }),
    ).toBeVisible();
    await expect(total).toHaveText('50%1 of 2');
    // The same document: no reload happened on the way.
    await expectSameDocument(page);

    // A held certificate's cell opens that certificate.
    await grid.getByRole('link', { name: /^Arjun Rao, Working at height: Valid/ }).click();
    await expect(page).toHaveURL(/\/certificates\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Working at height' })).toBeVisible();
  });
});
