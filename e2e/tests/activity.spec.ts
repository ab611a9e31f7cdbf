import { createCertificate, signUp } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { kolkataDateValue } from '../support/kolkata';
import { expect, openSignedIn, test } from '../support/test';

/** `12 Mar 2027` of a `yyyy-MM-dd` date, as the history's sentences show it. */
function historyDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

test.describe('activity history', () => {
  test('edit a certificate’s expiry date and see the change in its History', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!, { fullName: 'Rahul Verma' });
    const before = kolkataDateValue(60);
    const after = kolkataDateValue(425);
    const certificate = await createCertificate(baseURL!, account, {
      name: 'Fire Safety',
      expiry_date: before,
      reminder_days_before: 30,
    });

    await openSignedIn(page, account.token, `/certificates/${certificate.id}`);
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveText([
      /^Rahul Verma created this certificate · (just now|\d+ (second|minute)s? ago)$/,
    ]);

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Expiry Date').fill(after);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Certificate updated successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/certificates/${certificate.id}$`));

    await expect(history.getByRole('listitem').first()).toHaveText(
      new RegExp(
        `^Rahul Verma changed the expiry date from ${historyDate(before)} to ${historyDate(after)} · `,
      ),
    );
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expectAccessible(page, 'certificate page with its history');
  });
});

test.describe('the organisation’s activity', () => {
  test('an admin sees the entries, verifies the history and it is intact, at 1280 and 390 px', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!, { fullName: 'Rahul Verma' });
    await createCertificate(baseURL!, account, {
      name: 'Fire Safety',
      expiry_date: kolkataDateValue(60),
      reminder_days_before: 30,
    });

    await page.setViewportSize({ width: 1280, height: 800 });
    await openSignedIn(page, account.token, '/employees/activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await expect(page.getByText('Rahul Verma created this certificate')).toBeVisible();
    await page.getByRole('button', { name: 'Verify history' }).click();
    await expect(
      page.getByText(/^The history is intact: \d+ entr(y|ies) checked\.$/),
    ).toBeVisible();
    await expectAccessible(page, 'organisation activity');
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/activity-1280.png`,
        fullPage: true,
      });
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText('Rahul Verma created this certificate')).toBeVisible();
    await expectAccessible(page, 'organisation activity on a phone');
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/activity-390.png`,
        fullPage: true,
      });
    }
  });
});
