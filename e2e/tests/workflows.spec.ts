/**
 * Issue 33 items 2, 3, 5 and 6 in the built product, one test per point not covered by another
 * spec: dashboards that lead to the work, a certificate workflow without dead ends, errors one
 * can act on, and the small things (toasts, busy labels, dimmed rows, Cancel, Clear filters,
 * the skip link, the bell's badge, one date format).
 */
import { expectAccessible } from '../support/accessibility';
import { createCertificate, createTask, signUp, updateCertificate } from '../support/api';
import { seedNotices } from '../support/notifications';
import { addSignedInPerson } from '../support/people';
import { expect, openSignedIn, test } from '../support/test';

const DAY_MS = 86_400_000;
const isoIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const dateIn = (days: number) => isoIn(days).slice(0, 10);

test.describe('item 2: dashboards that lead to the work', () => {
  test("the dashboard's cards link to the overdue tasks, the expired and the soon expiring certificates", async ({
    page,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'Cards Lead Ltd' });
    // Stored as the server's sweep leaves a task whose due date passed (the e2e server runs
    // no scheduler).
    await createTask(duly.baseURL, admin, {
      title: 'Late audit',
      due_date: isoIn(-1),
      status: 'overdue',
    });
    await createTask(duly.baseURL, admin, { title: 'Future audit', due_date: isoIn(9) });
    const lapsed = await createCertificate(duly.baseURL, admin, {
      name: 'Lapsed permit',
      expiry_date: dateIn(-3),
      reminder_days_before: 30,
    });
    await updateCertificate(duly.baseURL, admin, lapsed.id, { status: 'expired' });
    await createCertificate(duly.baseURL, admin, {
      name: 'Soon permit',
      expiry_date: dateIn(10),
      reminder_days_before: 30,
    });
    await createCertificate(duly.baseURL, admin, {
      name: 'Distant permit',
      expiry_date: dateIn(200),
      reminder_days_before: 30,
    });
    await openSignedIn(page, admin.token, '/dashboard');

    await page.getByRole('link', { name: 'View overdue tasks' }).click();
    await expect(page).toHaveURL(/\/tasks\?status=overdue$/);
    await expect(page.getByRole('cell', { name: 'Late audit', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Future audit', exact: true })).toHaveCount(0);

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'View expired certificates' }).click();
    await expect(page).toHaveURL(/\/certificates\?status=expired$/);
    await expect(page.getByRole('cell', { name: 'Lapsed permit', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Soon permit', exact: true })).toHaveCount(0);

    await page.goto('/dashboard');
    await page
      .getByRole('link', { name: '1 certificate expires within its reminder window' })
      .click();
    await expect(page).toHaveURL(/\/certificates\?in_reminder_window=true$/);
    await expect(page.getByRole('cell', { name: 'Soon permit', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Distant permit', exact: true })).toHaveCount(0);
  });

  test("the manager's home opens with the team's summary line and counts each member's work; Dashboard is highlighted", async ({
    page,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'Team Summary Ltd' });
    const manager = await addSignedInPerson(duly, admin, 'manager');
    const employee = await addSignedInPerson(duly, admin, 'employee', {
      firstName: 'Kavya',
      lastName: 'Iyer',
    });
    for (const [title, days] of [
      ['Late inspection', -2],
      ['Open inspection', 4],
    ] as const) {
      await createTask(duly.baseURL, admin, {
        title,
        due_date: isoIn(days),
        assigned_to_user_id: employee.id,
      });
    }
    await createCertificate(duly.baseURL, admin, {
      name: 'Crane licence',
      expiry_date: dateIn(8),
      reminder_days_before: 30,
      incharge_person_id: employee.id,
    });

    await openSignedIn(page, manager.token, '/tasks/dashboard');
    const summary = page.getByTestId('team-summary');
    await expect(summary).toHaveText(
      'Your team: 1 overdue task · 1 certificate expiring · No documents to approve',
    );
    // The spec's three sections stay, in their order, under the summary.
    const headings = page.getByRole('heading', { level: 2 });
    await expect(headings.filter({ hasText: /^Team (Members|Tasks|Certificates)/ })).toHaveText([
      /Team Members/,
      /Team Tasks/,
      /Team Certificates/,
    ]);
    const kavya = page.getByRole('row').filter({ hasText: 'Kavya Iyer' });
    await expect(kavya.getByRole('cell')).toContainText(['Kavya Iyer', /@/, '2', '1', '1']);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectAccessible(page, 'team dashboard with its summary');

    await summary.getByRole('link', { name: '1 overdue task' }).click();
    await expect(page).toHaveURL(/\/tasks\?status=overdue$/);
    await expect(nav.getByRole('link', { name: 'Tasks' })).toHaveAttribute('aria-current', 'page');

    // The employee's home highlights Dashboard too.
    await openSignedIn(page, employee.token, '/employee/dashboard');
    await expect(
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Dashboard' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('item 3: certificate workflow without dead ends', () => {
  test('deactivating asks first and says what happens; the person is signed out with "Your session has ended." and no longer offered as assignee', async ({
    page,
    browser,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'Deactivation Ltd' });
    const employee = await addSignedInPerson(duly, admin, 'employee', {
      firstName: 'Farhan',
      lastName: 'Qureshi',
    });
    const task = await createTask(duly.baseURL, admin, {
      title: 'Quarterly report',
      due_date: isoIn(6),
      assigned_to_user_id: employee.id,
    });

    // The employee is signed in elsewhere.
    const theirs = await browser.newContext();
    const theirPage = await theirs.newPage();
    await openSignedIn(theirPage, employee.token, '/employee/dashboard', duly.baseURL);
    await expect(theirPage.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();

    await openSignedIn(page, admin.token, `/employees/${employee.id}/edit`);
    await page.getByLabel('Status').selectOption('inactive');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Farhan Qureshi?' });
    await expect(confirm).toContainText(
      'They are signed out everywhere and can no longer sign in. Their open tasks and certificates stay assigned to them until you reassign them.',
    );
    await expectAccessible(page, 'deactivate confirmation');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('User updated successfully')).toBeVisible();

    // Their next request answers 401: /login says why; the spec's login texts are unchanged.
    // Their open page hears at once that the session ended (the live stream), refetches, meets
    // the 401 and lands on /login, saying why; nothing is needed of them.
    await expect(theirPage).toHaveURL(/\/login$/, { timeout: 20_000 });
    await expect(theirPage.getByText('Your session has ended.')).toBeVisible();
    await theirs.close();

    // Not offered for new work; still shown, marked inactive, on the task that is theirs.
    await page.goto('/tasks/create');
    const assignee = page.getByLabel('Assigned To');
    await expect(assignee.locator('option', { hasText: 'Farhan Qureshi' })).toHaveCount(0);
    await page.goto(`/tasks/${task.id}/edit`);
    await expect(page.getByLabel('Assigned To').locator('option:checked')).toHaveText(
      'Farhan Qureshi (inactive)',
    );
  });
});

test.describe('item 5: errors one can act on', () => {
  test("a list's failure keeps the spec's text and offers Retry, which loads it", async ({
    page,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'Retry Ltd' });
    await createTask(duly.baseURL, admin, { title: 'Retried task', due_date: isoIn(3) });
    // The list fails (every attempt, retries included) until the server is back.
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/v1/tasks/',
      (route) =>
        failing && route.request().method() === 'GET'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
          : route.fallback(),
    );
    await openSignedIn(page, admin.token, '/tasks');
    await expect(page.getByText('Error loading tasks. Please try again later.')).toBeVisible();
    await expectAccessible(page, 'task list failed, with Retry');
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('cell', { name: 'Retried task', exact: true })).toBeVisible();
  });

  test('/employees/new and other unknown sub-paths show the 404 page', async ({ page, duly }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'Not Found Ltd' });
    for (const path of ['/employees/new', '/tasks/not-a-task', '/certificates/1/2/3']) {
      await openSignedIn(page, admin.token, path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByText('Employee not found')).toHaveCount(0);
    }
  });
});

test.describe('item 6: small things that add up', () => {
  test('Mark as Done confirms with a toast; on a phone toasts rise at the bottom centre, clear of the header', async ({
    browser,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'Toasts Ltd' });
    const task = await createTask(duly.baseURL, admin, { title: 'Toast me', due_date: isoIn(2) });
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    await openSignedIn(page, admin.token, `/tasks/${task.id}`, duly.baseURL);
    await page.getByRole('button', { name: 'Mark as Done' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Mark as Done|Confirm/ })
      .click();
    const toast = page.locator('.notistack-MuiContent', { hasText: 'Task marked as done' });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const header = (await page.locator('header').first().boundingBox())!;
    expect(box.y, 'below the header').toBeGreaterThan(header.y + header.height);
    expect(box.y + box.height, 'in the lower half').toBeGreaterThan(844 / 2);
    expect(Math.abs(box.x + box.width / 2 - 195), 'centred').toBeLessThan(40);
    await phone.close();
  });

  test('"Signing in…" while the sign-in is busy', async ({ page, duly }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'Busy Sign In Ltd' });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/auth/login', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/login');
    await page.getByLabel('Email address').fill(admin.user.email);
    await page.getByLabel('Password').fill('wrong-password-on-purpose');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Signing in…' })).toBeVisible();
    release();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a new filter keeps the old rows, dimmed, until the new ones arrive; a filtered empty list offers Clear filters', async ({
    page,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'Dimmed Rows Ltd' });
    await createTask(duly.baseURL, admin, { title: 'Pending one', due_date: isoIn(3) });
    await openSignedIn(page, admin.token, '/tasks');
    await expect(page.getByRole('cell', { name: 'Pending one', exact: true })).toBeVisible();

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/v1/tasks/' && url.searchParams.get('status') === 'completed',
      async (route) => {
        await held;
        await route.fallback();
      },
    );
    await page.getByLabel('Filter by Status').selectOption('completed');
    const results = page.locator('main [aria-busy="true"]');
    await expect(results).toBeVisible();
    await expect(results.getByRole('cell', { name: 'Pending one', exact: true })).toBeVisible();
    expect(Number(await results.evaluate((node) => getComputedStyle(node).opacity))).toBeLessThan(
      1,
    );
    release();
    await expect(page.getByText('No tasks with this status')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByRole('cell', { name: 'Pending one', exact: true })).toBeVisible();
  });

  test('Create Task has Cancel, back to the list', async ({ page, duly }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'Cancel Ltd' });
    await openSignedIn(page, admin.token, '/tasks/create');
    await page.getByLabel('Title').fill('Never saved');
    await page
      .getByRole('link', { name: 'Cancel' })
      .or(page.getByRole('button', { name: 'Cancel' }))
      .click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByText('Never saved')).toHaveCount(0);
  });

  test('the first Tab stop skips to the main content', async ({ page, duly }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'Skip Link Ltd' });
    await openSignedIn(page, admin.token, '/tasks');
    await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('main'))))
      .toBe(true);
  });

  test('a two-digit bell badge does not cover the bell', async ({ page, duly }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'Busy Bell Ltd' });
    await seedNotices(
      duly,
      admin.user,
      Array.from({ length: 12 }, (_, index) => ({
        kind: 'task_overdue' as const,
        item_type: 'task' as const,
        item_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        item_title: `Task ${index}`,
        item_date: isoIn(1),
      })),
    );
    await openSignedIn(page, admin.token, '/dashboard');
    const bell = page.getByRole('button', { name: /^Notifications, 12 unread/ });
    await expect(bell).toBeVisible();
    const icon = (await bell.locator('svg').first().boundingBox())!;
    const badge = (await bell.getByText('12', { exact: true }).boundingBox())!;
    // The badge sits at the icon's top right and leaves most of the bell uncovered.
    const overlapWidth = Math.max(
      0,
      Math.min(icon.x + icon.width, badge.x + badge.width) - Math.max(icon.x, badge.x),
    );
    const overlapHeight = Math.max(
      0,
      Math.min(icon.y + icon.height, badge.y + badge.height) - Math.max(icon.y, badge.y),
    );
    expect((overlapWidth * overlapHeight) / (icon.width * icon.height)).toBeLessThan(0.25);
  });

  test('one date format where the spec fixes none; tasks always with their time', async ({
    page,
    duly,
  }) => {
    const admin = await signUp(duly.baseURL, { organizationName: 'One Format Ltd' });
    const certificate = await createCertificate(duly.baseURL, admin, {
      name: 'Lift certificate',
      expiry_date: '2031-03-05',
      reminder_days_before: 30,
    });
    const task = await createTask(duly.baseURL, admin, {
      title: 'Timed task',
      // 10:00 in Asia/Kolkata, whatever the browser's zone (New York here).
      due_date: '2031-03-05T04:30:00.000Z',
    });
    await openSignedIn(page, admin.token, '/certificates');
    const row = page.getByRole('row').filter({ hasText: 'Lift certificate' });
    await expect(row).toContainText('Mar 5, 2031');
    await page.goto(`/certificates/${certificate.id}`);
    await expect(page.locator('main')).toContainText('Mar 5, 2031');
    await page.goto('/tasks');
    await expect(page.getByRole('row').filter({ hasText: 'Timed task' })).toContainText(
      'Mar 5, 2031 10:00',
    );
    await page.goto(`/tasks/${task.id}`);
    await expect(page.locator('main')).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/);
  });
});
