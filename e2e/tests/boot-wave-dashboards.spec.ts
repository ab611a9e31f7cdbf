// One wave from the HTML for the dashboards (issue 32): /tasks/dashboard, /employee/dashboard
// and the shell's /dashboard declare every request their screen starts with (remotes.json
// `firstRequests`); the served page's boot script sends those the signed-in role may send before
// main.js has arrived, the shell seeds each answer into the screen's cache entry, and the app's
// first paint shows the screen with all its data: no second request, no table without rows.
import type { Page } from '@playwright/test';

import { createCertificate, createTask, signUp } from '../support/api';
import { firstPainted, framesOf, recordFrames } from '../support/frames';
import { addSignedInPerson } from '../support/people';
import { expect, openSignedIn, test } from '../support/test';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const dateIn = (days: number) => inDays(days).slice(0, 10);

/** An API request of the page: its path and query, and whether it started before main.js was in. */
interface ApiRequest {
  url: string;
  early: boolean;
}

/**
 * Delays main.js by a second (a request started by the app's code could not start before it
 * arrives) and records every API request of the page with its timing.
 */
async function watchRequests(page: Page): Promise<() => Promise<ApiRequest[]>> {
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  return () =>
    page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const main = entries.find((entry) => /\/main\.[0-9a-f]+\.js$/.test(entry.name));
      if (!main) throw new Error('main.js was not loaded');
      return entries
        .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
        .map((entry) => {
          const url = new URL(entry.name);
          return { url: `${url.pathname}${url.search}`, early: entry.startTime < main.responseEnd };
        });
    });
}

/** How many times `url` (path and query as declared) was requested. */
const timesAsked = (requests: ApiRequest[], url: string) =>
  requests.filter((request) => request.url === url).length;

test("a manager's cold /tasks/dashboard paints its three tables and its summary with their rows at once, each asked once, before main.js", async ({
  page,
  duly,
}) => {
  const admin = await signUp(duly.baseURL);
  const manager = await addSignedInPerson(duly, admin, 'manager');
  await createTask(duly.baseURL, admin, { title: 'Organise the fire drill', due_date: inDays(3) });
  await createCertificate(duly.baseURL, admin, {
    name: 'Trade License',
    issue_date: dateIn(-300),
    // In its reminder window: the summary line counts it.
    expiry_date: dateIn(20),
    reminder_days_before: 30,
  });
  const summary = '[data-testid="team-summary"]';
  await recordFrames(page, [summary]);
  const requests = await watchRequests(page);

  await openSignedIn(page, manager.token, '/tasks/dashboard');
  const tasks = page.getByRole('table', { name: 'Team Tasks' });
  await expect(tasks.getByRole('row', { name: /Organise the fire drill/ })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Team Certificates' })
      .getByRole('row', { name: /Trade License/ }),
  ).toBeVisible();

  const painted = firstPainted(await framesOf(page));
  expect(painted).toMatchObject({ tables: 3, emptyTables: 0, found: { [summary]: 1 } });
  const asked = await requests();
  for (const url of [
    '/api/v1/manager/team?limit=10&offset=0',
    '/api/v1/manager/tasks?limit=10&offset=0&sort=urgency',
    '/api/v1/manager/certificates?limit=10&offset=0&sort=expiry_date',
    '/api/v1/manager/summary',
  ]) {
    expect(timesAsked(asked, url), `${url} in ${JSON.stringify(asked)}`).toBe(1);
    expect(asked.find((request) => request.url === url)!.early, url).toBe(true);
  }
  // The summary line's three counts come in that one answer: none is asked apart.
  expect(
    asked.filter(
      ({ url }) =>
        url.startsWith('/api/v1/dashboard') ||
        url.includes('in_reminder_window') ||
        url.startsWith('/api/v1/documents'),
    ),
  ).toEqual([]);
  await expect(page.locator(summary)).toHaveText(
    'Your team: No overdue tasks · 1 certificate expiring · No documents to approve',
  );
  // The shell's copy of @duly/shared/documents, which remote-team's routes consume, is
  // preloaded by the page (exposes-shared.json), not fetched once the remote's chunk has run.
  const documentsChunk = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const main = entries.find((entry) => /\/main\.[0-9a-f]+\.js$/.test(entry.name))!;
    const chunk = entries.find((entry) => /\/documents\.[0-9a-f]+\.js$/.test(entry.name));
    return chunk && { early: chunk.startTime < main.responseEnd };
  });
  expect(documentsChunk).toEqual({ early: true });
});

test("an employee's cold /employee/dashboard paints My Tasks and My Certificates with their rows at once; their /tasks/dashboard sends none of the managers' requests early", async ({
  page,
  duly,
}) => {
  const admin = await signUp(duly.baseURL);
  const employee = await addSignedInPerson(duly, admin, 'employee');
  await createTask(duly.baseURL, admin, {
    title: 'Submit the travel claim',
    due_date: inDays(5),
    assigned_to_user_id: employee.id,
  });
  await createCertificate(duly.baseURL, admin, {
    name: 'First Aid Certificate',
    issue_date: dateIn(-300),
    expiry_date: dateIn(90),
    reminder_days_before: 30,
    incharge_person_id: employee.id,
  });
  await recordFrames(page);
  const requests = await watchRequests(page);

  await openSignedIn(page, employee.token, '/employee/dashboard');
  await expect(
    page.getByRole('table', { name: 'My Tasks' }).getByRole('row', { name: /travel claim/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'My Certificates' }).getByRole('row', { name: /First Aid/ }),
  ).toBeVisible();
  expect(firstPainted(await framesOf(page))).toMatchObject({ tables: 2, emptyTables: 0 });
  const asked = await requests();
  for (const url of [
    '/api/v1/employee/tasks?limit=10&offset=0&sort=urgency',
    '/api/v1/employee/certificates?limit=10&offset=0&sort=expiry_date',
  ]) {
    expect(timesAsked(asked, url), `${url} in ${JSON.stringify(asked)}`).toBe(1);
    expect(asked.find((request) => request.url === url)!.early, url).toBe(true);
  }

  // The managers' dashboard: the API refuses an employee, so the page does not ask early (a
  // refused answer would never be seeded either); the screen says it is for managers.
  await page.goto('/tasks/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Dashboard' })).toBeVisible();
  await expect(
    page.getByText('The team dashboard is for managers and admins.').first(),
  ).toBeVisible();
  const onTeam = await requests();
  expect(onTeam.filter((request) => request.early && request.url.includes('/manager/'))).toEqual(
    [],
  );
});

test("the shell's cold /dashboard paints its cards with their counts at once, each asked once before main.js; the organisation's compliance only for an admin", async ({
  page,
  duly,
}) => {
  const admin = await signUp(duly.baseURL);
  await createTask(duly.baseURL, admin, { title: 'Renew the fire permit', due_date: inDays(2) });
  const manager = await addSignedInPerson(duly, admin, 'manager');
  const cards = 'section[aria-labelledby^="stat-"]';
  const reminderLine = 'a[href="/certificates?in_reminder_window=true"]';
  await recordFrames(page, [cards, reminderLine]);
  const requests = await watchRequests(page);

  await openSignedIn(page, admin.token, '/dashboard');
  await expect(page.getByRole('region', { name: 'Compliance' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total Tasks' })).toContainText('1');
  // Five cards and the admin's sixth, the reminder window's line: all in the first paint.
  expect(firstPainted(await framesOf(page))).toMatchObject({
    found: { [cards]: 6, [reminderLine]: 1 },
  });
  const asked = await requests();
  for (const url of [
    '/api/v1/dashboard/',
    '/api/v1/certificates/?in_reminder_window=true&limit=1',
    '/api/v1/compliance?limit=1',
  ]) {
    expect(timesAsked(asked, url), `${url} in ${JSON.stringify(asked)}`).toBe(1);
    expect(asked.find((request) => request.url === url)!.early, url).toBe(true);
  }

  // A manager's /dashboard: no compliance card, and the organisation's matrix is never asked.
  await page.evaluate((token) => window.localStorage.setItem('token', token), manager.token);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Total Tasks' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Compliance' })).toHaveCount(0);
  const asManager = await requests();
  expect(asManager.filter((request) => request.url.startsWith('/api/v1/compliance'))).toEqual([]);
  expect(timesAsked(asManager, '/api/v1/dashboard/')).toBe(1);
});

test("a manager's /tasks/dashboard does not move when the team compliance line, not among the first requests, arrives after the first paint (issue 32: CLS 0)", async ({
  page,
  duly,
}) => {
  const admin = await signUp(duly.baseURL);
  const manager = await addSignedInPerson(duly, admin, 'manager');
  await createTask(duly.baseURL, admin, { title: 'Organise the fire drill', due_date: inDays(3) });
  // Every layout shift of the page, from before its first script.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The line's answer comes well after the screen's first paint.
  await page.route(/\/api\/v1\/compliance\?/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });

  await openSignedIn(page, manager.token, '/tasks/dashboard');
  await expect(
    page.getByRole('table', { name: 'Team Tasks' }).getByRole('row', { name: /fire drill/ }),
  ).toBeVisible();
  await expect(page.getByTestId('team-compliance')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
});
