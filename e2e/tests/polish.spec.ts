/**
 * Issue 33 item 6, in the built product: the Users table stays inside its card when 'Resend
 * invitation' is shown (1280 and 390 px), and the bell says an item was renewed since a notice
 * instead of showing the notice's old date as current, dates in the one shared format.
 */
import { expectAccessible } from '../support/accessibility';
import { createCertificate, createEmployee, signUp, uniqueEmail } from '../support/api';
import { seedNotices } from '../support/notifications';
import { expect, openSignedIn, test } from '../support/test';

const DAY_MS = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the Users table fits its card with 'Resend invitation' at ${viewport.width} px`, async ({
    browser,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'Invitations Pending Ltd' });
    for (const firstName of ['Meenakshisundaram', 'Venkatalakshmi']) {
      // Added by the admin, no password yet: the invitation is pending.
      await createEmployee(duly.baseURL, admin, {
        email: uniqueEmail(`${firstName.toLowerCase()}-long-address`),
        firstName,
        lastName: 'Ramachandran-Subramaniam',
        phone: '+91 98765 43210',
      });
    }
    const context = await browser.newContext({
      viewport,
      isMobile: viewport.width < 900,
      hasTouch: viewport.width < 900,
    });
    const page = await context.newPage();
    await openSignedIn(page, admin.token, '/employees', duly.baseURL);
    await expect(page.getByRole('button', { name: /^Resend invitation to/ }).first()).toBeVisible();
    await expect(page.getByText('Invitation pending').first()).toBeVisible();

    const spills = await page.evaluate(() => {
      const found: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth) found.push('the page scrolls sideways');
      // The table ends inside every box around it up to <main>: its card included.
      const table = document.querySelector<HTMLElement>('main table');
      const right = table?.getBoundingClientRect().right ?? 0;
      for (let box = table?.parentElement; box && box.tagName !== 'BODY'; box = box.parentElement) {
        const boxRight = box.getBoundingClientRect().right;
        if (right > boxRight + 0.5) found.push(`table ${right} > ${box.tagName} ${boxRight}`);
        if (box.tagName === 'MAIN') break;
      }
      for (const element of document.querySelectorAll<HTMLElement>(
        'main td, main tr, main section',
      )) {
        if (element.clientWidth > 1 && element.scrollWidth > element.clientWidth)
          found.push(`${element.tagName}: ${(element.textContent ?? '').trim().slice(0, 40)}`);
      }
      return found;
    });
    expect(spills).toEqual([]);
    await expectAccessible(page, `users with pending invitations, ${viewport.width} px`);
    await context.close();
  });
}

test('the bell says a certificate was renewed since the notice, with the date now', async ({
  page,
  duly,
}) => {
  const admin = await signUp(duly.baseURL, { organizationName: 'Renewed Since Ltd' });
  const oldExpiry = dateIn(-2);
  const newExpiry = '2031-03-05';
  const certificate = await createCertificate(duly.baseURL, admin, {
    name: 'Boiler inspection',
    expiry_date: newExpiry,
    reminder_days_before: 30,
  });
  await seedNotices(duly, admin.user, [
    {
      kind: 'certificate_expired',
      item_type: 'certificate',
      item_id: certificate.id,
      item_title: 'Boiler inspection',
      item_date: oldExpiry,
    },
  ]);
  await openSignedIn(page, admin.token, '/dashboard');
  await page.getByRole('button', { name: /^Notifications, 1 unread/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const notice = panel.getByRole('listitem').filter({ hasText: 'Boiler inspection' });
  await expect(notice).toContainText('Renewed since: now expires Mar 5, 2031');
  await expect(notice).not.toContainText(/^Expires /);
  await expectAccessible(page, 'the bell with a renewed notice');
});
