import { createCertificate, createTask, signUp } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { kolkataDateValue } from '../support/kolkata';
import { seedNotices } from '../support/notifications';
import { expect, openSignedIn, test } from '../support/test';

async function seedTwoNotices(baseURL: string, server: Parameters<typeof seedNotices>[0]) {
  const account = await signUp(baseURL, { organizationName: 'Bell Works' });
  const task = await createTask(baseURL, account, {
    title: 'File the GST return',
    due_date: new Date(Date.now() - 86_400_000).toISOString(),
  });
  const certificate = await createCertificate(baseURL, account, {
    name: 'Fire safety licence',
    expiry_date: kolkataDateValue(7),
    reminder_days_before: 7,
  });
  await seedNotices(server, account.user, [
    {
      kind: 'task_overdue',
      item_type: 'task',
      item_id: task.id,
      item_title: task.title,
      item_date: task.due_date,
      created_at: new Date(Date.now() - 3_600_000).toISOString(),
    },
    {
      kind: 'certificate_reminder',
      item_type: 'certificate',
      item_id: certificate.id,
      item_title: certificate.name,
      item_date: certificate.expiry_date,
    },
  ]);
  return { account, task, certificate };
}

test('the bell counts unread notices, lists them with links, and marks them read', async ({
  page,
  baseURL,
  duly,
}) => {
  const { account, certificate } = await seedTwoNotices(baseURL!, duly);
  await openSignedIn(page, account.token, '/dashboard');

  const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible();
  await expect(bell).toHaveText('2');

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Certificate reminder');
  await expect(items.nth(0)).toContainText('Fire safety licence');
  await expect(items.nth(1)).toContainText('Task overdue');
  await expect(items.nth(1)).toContainText('File the GST return');
  await expectAccessible(page, 'the open notification panel');
  // For a person to look at (test-results/ is never committed).
  await page.screenshot({ path: test.info().outputPath('bell-desktop.png') });

  // Following a link opens the certificate's page and reads the notice.
  await panel.getByRole('link', { name: 'Fire safety licence' }).click();
  await expect(page).toHaveURL(new RegExp(`/certificates/${certificate.id}$`));
  await expect(panel).toBeHidden();
  await expect(page.getByText('Fire safety licence').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();

  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  // Escape closes the panel and gives focus back to the bell.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeFocused();

  // The count stays gone after a reload: it was saved, not only hidden.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the panel spans the screen under the top bar and stays usable', async ({
    page,
    baseURL,
    duly,
  }) => {
    const { account, task } = await seedTwoNotices(baseURL!, duly);
    await openSignedIn(page, account.token, '/dashboard');

    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('listitem')).toHaveCount(2);
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.width).toBeGreaterThan(350);
    await expectAccessible(page, 'the open notification panel on a small screen');
    await page.screenshot({ path: test.info().outputPath('bell-small.png') });

    await panel.getByRole('link', { name: 'File the GST return' }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  });
});
