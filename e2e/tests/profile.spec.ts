import { expectAccessible } from '../support/accessibility';
import { signUp } from '../support/api';
import { expect, openSignedIn, test } from '../support/test';

test.describe('the profile', () => {
  test('opens from the avatar menu; a new name changes the initials; a new password signs in', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!, {
      fullName: 'Asha Verma',
      organizationName: 'Verma Foods',
    });
    const newPassword = 'a-brand-new-passphrase';
    await openSignedIn(page, account.token, '/dashboard');

    await page.getByRole('button', { name: 'AV, Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const details = page.getByRole('region', { name: 'Account' });
    await expect(details).toContainText('Asha Verma');
    await expect(details).toContainText(account.email);
    await expect(details).toContainText('Admin');
    await expect(details).toContainText('Verma Foods');
    await expectAccessible(page, '/profile');

    await page.getByLabel('Full Name').fill('Meera Asha Krishnan');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Name updated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'MAK, Account menu' })).toHaveText('MAK');

    // A wrong current password is said under its field and changes nothing.
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: false }).first().fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();

    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByText('Password changed. You were signed out everywhere else.'),
    ).toBeVisible();
    // Still signed in here, with the fresh token: another screen loads.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    // The token from before the change no longer works.
    const oldTokenAnswer = await page.request.get(`${baseURL}/api/v1/profile/`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(oldTokenAnswer.status()).toBe(401);

    await page.getByRole('button', { name: 'MAK, Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).first(),
    ).toBeVisible();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'MAK, Account menu' })).toBeVisible();
  });
});
