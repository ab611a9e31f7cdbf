import type { Page } from '@playwright/test';

import { startTestSmtpServer, type TestSmtpServer } from '../../api/src/index';
import { expectAccessible } from '../support/accessibility';
import { signUp, uniqueEmail } from '../support/api';
import { freePort, startDuly, type DulyServer } from '../support/duly-server';
import { expect, openSignedIn, test } from '../support/test';

/**
 * Bringing a colleague in and a forgotten password, end to end through the product's own
 * screens and real mail: the server sends to a real SMTP server started here, and every link
 * is followed from the mail that arrived.
 */
test.describe('accounts: an invitation and a password reset by email', () => {
  let smtp: TestSmtpServer;
  let server: DulyServer;

  test.beforeAll(async ({ database }, testInfo) => {
    testInfo.setTimeout(180_000);
    smtp = await startTestSmtpServer();
    // PUBLIC_URL is the address this test opens, so the mailed links lead back to this server.
    const port = await freePort();
    server = await startDuly({
      database,
      port,
      mailbox: smtp,
      env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  // One long story through two browsers, axe on each screen: more than the default 90 s on a
  // busy machine.
  test.setTimeout(180_000);

  async function setNewPassword(page: Page, password: string, button: string): Promise<void> {
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel(/^Confirm password/).fill(password);
    await page.getByRole('button', { name: button }).click();
  }

  test('an admin adds a colleague, who accepts the mailed invitation, later forgets the password and resets it', async ({
    page,
    browser,
  }) => {
    const admin = await signUp(server.baseURL, { organizationName: 'Acme Labs' });
    const email = uniqueEmail('meera');

    // The admin adds Meera on the New User form.
    await openSignedIn(page, admin.token, '/employees/create', server.baseURL);
    await page.getByLabel('First Name').fill('Meera');
    await page.getByLabel('Last Name').fill('Iyer');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('User created successfully')).toBeVisible();
    // A new user opens on their own page (issue 33); the Users list shows the invitation.
    await page.goto(`${server.baseURL}/employees`);
    const row = page.getByRole('row').filter({ hasText: 'Meera Iyer' });
    await expect(row).toContainText('Invitation pending');
    await expect(
      row.getByRole('button', { name: 'Resend invitation to Meera Iyer' }),
    ).toBeVisible();
    await expectAccessible(page, 'the Users list with a pending invitation');

    // The invitation arrives, with a link to this server.
    const invitation = await smtp.waitForMail(email);
    expect(invitation.subject).toBe('You are invited to Acme Labs on Duly');
    const inviteLink = invitation.links[0];
    expect(inviteLink.startsWith(`${server.baseURL}/accept-invite?token=`)).toBe(true);

    // Meera opens it in her own browser, chooses a password and lands on her dashboard.
    const meeraContext = await browser.newContext();
    const meera = await meeraContext.newPage();
    await meera.goto(inviteLink);
    await expect(meera.getByRole('heading', { name: 'Join Acme Labs' })).toBeVisible();
    await expect(meera.getByText('Hello Meera Iyer.')).toBeVisible();
    await expectAccessible(meera, 'the accept-invite page');
    await setNewPassword(meera, 'meera-first-password', 'Set password and sign in');
    await expect(meera).toHaveURL(/\/employee\/dashboard$/);
    await expect(meera.getByRole('button', { name: 'Account menu' })).toHaveText('MI');

    // The link worked once.
    await meera.goto(inviteLink);
    await expect(
      meera.getByRole('heading', { name: 'This invitation no longer works' }),
    ).toBeVisible();
    await expect(meera.getByRole('alert')).toContainText('already been used');
    await expectAccessible(meera, 'a used invitation link');

    // The admin sees she has joined.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: 'Meera Iyer' })).not.toContainText(
      'Invitation pending',
    );

    // Later, signed out, she has forgotten her password.
    await meera.evaluate(() => window.localStorage.clear());
    await meera.goto(`${server.baseURL}/login`);
    await meera.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(meera).toHaveURL(/\/forgot-password$/);
    await expectAccessible(meera, 'the forgot-password page');
    await meera.getByLabel('Email address').fill(email);
    await meera.getByRole('button', { name: 'Send link' }).click();
    await expect(meera.getByRole('status')).toContainText(
      'If an account uses this email, we have sent it a link',
    );
    await expectAccessible(meera, 'the forgot-password answer');

    const reset = await smtp.waitForMail(
      email,
      (mail) => mail.subject === 'Reset your Duly password',
    );
    const resetLink = reset.links[0];
    expect(resetLink.startsWith(`${server.baseURL}/reset-password?token=`)).toBe(true);
    await meera.goto(resetLink);
    await expect(meera.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectAccessible(meera, 'the reset-password page');
    await setNewPassword(meera, 'meera-second-password', 'Change password');
    await expect(meera).toHaveURL(/\/login$/);
    await expect(meera.getByRole('status')).toHaveText(
      'Your password has been changed. Sign in with your new password.',
    );
    await expectAccessible(meera, 'the sign-in page after a reset');

    // The old password no longer works; the new one does.
    await meera.getByLabel('Email address').fill(email);
    await meera.getByLabel('Password').fill('meera-first-password');
    await meera.getByRole('button', { name: 'Sign in' }).click();
    await expect(meera.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText(
      'Invalid email or password',
    );
    await meera.getByLabel('Password').fill('meera-second-password');
    await meera.getByRole('button', { name: 'Sign in' }).click();
    await expect(meera).toHaveURL(/\/employee\/dashboard$/);

    // The reset link worked once too.
    await meera.goto(resetLink);
    await setNewPassword(meera, 'meera-third-password', 'Change password');
    await expect(
      meera.getByRole('heading', { name: 'This reset link no longer works' }),
    ).toBeVisible();
    await expectAccessible(meera, 'a used reset link');
    await meeraContext.close();
  });
});
