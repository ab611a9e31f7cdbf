// Issue 15 end to end: the real server's own scheduler (SCHEDULER=on) finds a certificate whose
// reminder day is today, writes the notice, mails it to a real SMTP server, and the person in
// charge sees it in the bell in Chromium. Nothing is seeded into the ledger here (compare
// notifications.spec.ts): the notice has to come from the reminders engine.
import type { Page } from '@playwright/test';

import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../api/src/index';
import { expectAccessible } from '../support/accessibility';
import { createCertificate, createEmployee, signUp, uniqueEmail } from '../support/api';
import { startDuly, type DulyServer } from '../support/duly-server';
import { kolkataDateValue } from '../support/kolkata';
import { givePassword } from '../support/passwords';
import { expect, test as base } from '../support/test';

const PASSWORD = 'correct-horse-battery';
const REMINDER_DAYS = 7;
/** A loaded two-core machine: start-up, the first runs of the scheduler and SMTP take a while. */
const MAIL_TIMEOUT_MS = 60_000;

interface ReminderFixtures {
  smtp: TestSmtpServer;
  /** A server of its own with the scheduler on, so the project's shared one stays without it. */
  server: DulyServer;
}

const test = base.extend<ReminderFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  smtp: async ({}, provide) => {
    const smtp = await startTestSmtpServer();
    await provide(smtp);
    await smtp.close();
  },
  server: [
    async ({ database, smtp }, provide) => {
      const server = await startDuly({
        database,
        mailbox: smtp,
        env: {
          SCHEDULER: 'on',
          SCHEDULER_INTERVAL_MS: '1000',
          // The digest hour of today has passed whenever the test runs: the reminder goes out
          // at the first run after it is recorded (docs/reminders.md, "Digests at REMINDER_TIME").
          REMINDER_TIME: '00:00',
        },
      });
      await provide(server);
      await server.stop();
    },
    { timeout: 180_000 },
  ],
  // The page opens this server, and the project's shared server is not started for nothing.
  baseURL: async ({ server }, provide) => provide(server.baseURL),
});

/** `2026-12-01` → `1 December 2026`, as the mail writes a calendar date. */
function mailDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
}

test('a certificate whose reminder is due today is mailed to the person in charge and shows in their bell, linking to it', async ({
  page,
  server,
  smtp,
}) => {
  test.setTimeout(240_000);
  const admin = await signUp(server.baseURL, {
    fullName: 'Asha Verma',
    organizationName: 'Reminder Works',
  });
  const email = uniqueEmail('incharge');
  const incharge = await createEmployee(server.baseURL, admin, {
    email,
    firstName: 'Meera',
    lastName: 'Iyer',
    role: 'employee',
  });
  await givePassword(server, email, PASSWORD);

  // Expiry − reminder days = today in Asia/Kolkata: the reminder is due from today's 00:00.
  const expiryDate = kolkataDateValue(REMINDER_DAYS);
  const certificate = await createCertificate(server.baseURL, admin, {
    name: 'Boiler inspection certificate',
    expiry_date: expiryDate,
    reminder_days_before: REMINDER_DAYS,
    incharge_person_id: incharge.id,
  });

  // The mail, as the SMTP server received it (beside the invitation adding the person sent).
  const isReminder = (received: ReceivedMail) => received.subject.startsWith('Reminder:');
  const mail = await smtp.waitForMail(email, isReminder, MAIL_TIMEOUT_MS);
  expect(mail.subject).toBe('Reminder: "Boiler inspection certificate" expires soon');
  expect(mail.text).toContain('Hello Meera Iyer,');
  expect(mail.text).toContain(
    `The certificate "Boiler inspection certificate" expires on ${mailDate(expiryDate)}.`,
  );
  expect(mail.links).toContain(`${server.baseURL}/certificates/${certificate.id}`);
  expect(mail.headers['x-duly-notification-keys']).toBe(
    `certificate:${certificate.id}:reminder:${expiryDate}:${incharge.id}`,
  );
  expect(mail.headers['list-unsubscribe']).toMatch(
    new RegExp(`^<${server.baseURL}/api/v1/unsubscribe\\?token=[^>]+>$`),
  );
  // The creator is told too (docs/reminders.md, "What happens, and to whom").
  await smtp.waitForMail(admin.email, isReminder, MAIL_TIMEOUT_MS);

  // The bell of the person in charge.
  await signIn(page, email);
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  // The notice was written before its mail was sent, so it is there; the reload only covers a
  // first load that raced the bell's own fetch on a slow machine.
  await expect(async () => {
    await page.reload();
    await expect(bell).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(bell).toHaveText('1');

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Certificate reminder');
  const link = panel.getByRole('link', { name: 'Boiler inspection certificate' });
  await expect(link).toHaveAttribute('href', `/certificates/${certificate.id}`);
  await expectAccessible(page, 'the notification panel with a reminder from the scheduler');

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/certificates/${certificate.id}$`));
  await expect(page.getByText('Boiler inspection certificate').first()).toBeVisible();

  // Many scheduler runs later, still one mail: the reminder is recorded and sent once.
  expect(smtp.mailsTo(email).filter(isReminder)).toHaveLength(1);
});
