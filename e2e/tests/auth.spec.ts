import { expectAccessible } from '../support/accessibility';
import { createEmployee, signUp, uniqueEmail } from '../support/api';
import { E2E_JWT_SECRET, mailboxOf } from '../support/duly-server';
import { givePassword } from '../support/passwords';
import { expect, openSignedIn, test } from '../support/test';
import { claimsOf, signToken } from '../support/tokens';

test.describe('signing up, out and in', () => {
  test('sign up lands on an empty dashboard; confirm the mailed link; log out; log in again lands on the role home', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('signup');
    const password = 'a-long-enough-password';

    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Full Name').fill('Meera Krishnan');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Organization Name').fill('Krishnan Textiles');
    await page.getByRole('button', { name: 'Sign up' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Signup successful')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Overview of tasks, certificates, and employees')).toBeVisible();
    // A new organisation: nothing yet but its first user.
    await expect(page.getByRole('region', { name: 'Total Tasks' })).toContainText('0');
    await expect(page.getByRole('region', { name: 'Total Certificates' })).toContainText('0');
    await expect(page.getByRole('region', { name: 'Total Employees' })).toContainText('1');
    await expect(page.getByRole('region', { name: 'Overdue Tasks' })).toContainText(
      'No overdue tasks',
    );
    await expect(page.getByRole('region', { name: 'Expiring Certificates' })).toContainText(
      'No expired certificates',
    );
    // The chrome: the organisation's name and the avatar's initials.
    await expect(page.getByRole('banner')).toContainText('Krishnan Textiles');
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('MK');

    // The address signs in once the link mailed to it is followed (docs/accounts.md).
    const mail = await mailboxOf(baseURL!)!.waitForMail(email);
    expect(mail.subject).toBe('Confirm your email for Duly');
    await page.goto(mail.links[0]);
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    await expectAccessible(page, '/verify-email');
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByText('Your email is confirmed')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to the product' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Login successful')).toBeVisible();
    // The first user of an organisation is its admin, whose home is the main dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    // A signed-in user who opens a public route goes back to the role's home.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a wrong password is refused with the spec message', async ({ page, baseURL }) => {
    const account = await signUp(baseURL!);
    await page.goto('/login');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('changing an email', () => {
  test('an admin changes a member’s email; the member confirms it from the new address with their password and signs in with it', async ({
    page,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL);
    const oldEmail = uniqueEmail('kiran-old');
    const newEmail = uniqueEmail('kiran-new');
    const password = 'kirans-own-password';
    const kiran = await createEmployee(duly.baseURL, admin, {
      email: oldEmail,
      firstName: 'Kiran',
      lastName: 'Rao',
      role: 'employee',
    });
    await givePassword(duly, oldEmail, password);
    const changed = await fetch(`${duly.baseURL}/api/v1/employees/${kiran.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ email: newEmail }),
    });
    expect(changed.status).toBe(200);

    const mail = await mailboxOf(duly.baseURL)!.waitForMail(newEmail);
    await page.goto(mail.links[0]);
    await expect(page.getByRole('heading', { name: 'Confirm your new email' })).toBeVisible();
    await expect(page.getByText(newEmail)).toBeVisible();
    await expectAccessible(page, '/confirm-email');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await expect(page.getByText('Your email has been changed')).toBeVisible();
    await expect(page).toHaveURL(/\/employee\/dashboard$/);

    const signIn = (email: string) =>
      fetch(`${duly.baseURL}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
    expect((await signIn(newEmail)).status).toBe(200);
    expect((await signIn(oldEmail)).status).toBe(401);
  });
});

test.describe('sessions that end', () => {
  test('a garbled token in local storage sends the user to /login', async ({ page }) => {
    await openSignedIn(page, 'this-is-not-a-token', '/tasks');

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to the product' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });

  test('an API answer 401 to a session the front end accepts sends the user to /login', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!);
    // The same claims, not expired, but not signed by this server: the front end restores the
    // session from it (it cannot check the signature) and the real API refuses the first call.
    const forged = signToken(claimsOf(account.token), `${E2E_JWT_SECRET}-but-not-this-one`);
    expect(forged).not.toBe(account.token);

    const refused = page.waitForResponse(
      (response) => response.url().includes('/api/v1/') && response.status() === 401,
    );
    await openSignedIn(page, forged, '/dashboard');
    await refused;

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to the product' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });
});
