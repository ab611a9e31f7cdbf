// The rows in the server's HTML (issue 32): the session mirrored into an HttpOnly cookie that
// only the HTML route reads (api/src/web/session-cookie.ts), and a cold page whose first
// requests the server answered itself with it (first-answers.ts): the browser never sends them.
// A stale cookie gets today's page and /login. The screen itself, rows included, is rendered on
// the server (server-render.ts): painted before the app's JavaScript has arrived, from the
// remote's current release.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { BrowserContext, Locator, Page, Route } from '@playwright/test';

import { expectAccessible } from '../support/accessibility';
import { createCertificate, createTask, signUp } from '../support/api';
import { REPO_ROOT, startDuly } from '../support/duly-server';
import { addSignedInPerson } from '../support/people';
import { signToken } from '../support/tokens';
import { expect, openSignedIn, test } from '../support/test';

const DAY_MS = 24 * 60 * 60 * 1000;
const COOKIE = 'duly_session';

/** The requests /tasks starts with (remotes.json `firstRequests`). */
const isTaskList = (url: URL) =>
  url.pathname === '/api/v1/tasks/' || url.pathname === '/api/v1/tasks';

/** A new organisation whose owner has one task, due in `days` days. */
async function accountWithTask(baseURL: string, title: string, days: number) {
  const account = await signUp(baseURL);
  await createTask(baseURL, account, {
    title,
    due_date: new Date(Date.now() + days * DAY_MS).toISOString(),
  });
  return account;
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === COOKIE);
}

async function signInThroughTheForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('signing in sets the HttpOnly cookie; a cold /tasks then comes with its rows and never asks the API for them; signing out clears the cookie', async ({
  page,
  context,
  baseURL,
}) => {
  const account = await accountWithTask(baseURL!, 'Renew the fire permit', 7);
  await signInThroughTheForm(page, account.email, account.password);

  // The cookie holds the stored token, out of the page's reach.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  await expect.poll(async () => (await sessionCookie(context))?.value).toBe(token);
  const cookie = (await sessionCookie(context))!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', secure: false });
  expect(cookie.expires).toBeGreaterThan(Date.now() / 1000 + 600);
  expect(await page.evaluate(() => document.cookie)).not.toContain(COOKIE);

  const listRequests: string[] = [];
  page.on('request', (request) => {
    if (isTaskList(new URL(request.url()))) listRequests.push(request.url());
  });
  const documentResponse = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/tasks',
  );
  await page.goto('/tasks');
  await expect(page.getByRole('row', { name: /Renew the fire permit/ })).toBeVisible();
  const html = await (await documentResponse).text();
  expect(html).toContain('Renew the fire permit');
  expect((await documentResponse).headers()['cache-control']).toBe('no-store');
  expect(listRequests).toEqual([]);
  // The screen's data came from the page: nothing is left for a later GET to take.
  expect(await page.evaluate(() => 'dulyPrefetch' in window)).toBe(false);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => await sessionCookie(context)).toBeUndefined();
});

test('a token stored before the cookie existed is mirrored on the first page, and the next cold page comes with its rows', async ({
  page,
  context,
  baseURL,
}) => {
  const account = await accountWithTask(baseURL!, 'File the GST return', 3);
  await page.goto('/config.json');
  await page.evaluate((value) => window.localStorage.setItem('token', value), account.token);
  const listRequests: string[] = [];
  page.on('request', (request) => {
    if (isTaskList(new URL(request.url()))) listRequests.push(request.url());
  });
  await page.goto('/tasks');
  await expect(page.getByRole('row', { name: /File the GST return/ })).toBeVisible();
  // Today's page: the boot script asked.
  expect(listRequests).toHaveLength(1);
  await expect.poll(async () => (await sessionCookie(context))?.value).toBe(account.token);

  await page.reload();
  await expect(page.getByRole('row', { name: /File the GST return/ })).toBeVisible();
  expect(listRequests).toHaveLength(1);
});

test('a stale cookie without a stored token gets today’s page: nothing requested, /login comes up, and the cookie is cleared', async ({
  page,
  context,
  baseURL,
}) => {
  const stale = signToken(
    {
      sub: '0f8e2c1a-6a43-4a57-9f0e-4a4c7c1f2b77',
      role: 'admin',
      organization_id: '1f8e2c1a-6a43-4a57-9f0e-4a4c7c1f2b77',
      exp: Math.floor(Date.now() / 1000) + 600,
    },
    'not-the-servers-secret-not-the-servers-secret',
  );
  await context.addCookies([
    { name: COOKIE, value: stale, url: baseURL!, httpOnly: true, sameSite: 'Strict' },
  ]);
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.startsWith('/remotes/')) requested.push(pathname);
  });
  const documentResponse = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/tasks',
  );
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await documentResponse).headers()['cache-control']).toBe('no-cache');
  expect(await (await documentResponse).text()).not.toContain('"answer"');
  expect(requested).toEqual([]);
  await expect.poll(async () => await sessionCookie(context)).toBeUndefined();
});

/** The shell's entry script (`main.<hash>.js`): held back, nothing of the app runs. */
const isMainScript = (url: URL) => /^\/main\.[0-9a-f]+\.js$/.test(url.pathname);

/**
 * Holds the shell's entry script back until `release()`: the page shows the server's render
 * alone, with nothing of the app to answer the visitor. `requested()`: whether the page asked.
 */
async function holdMainScript(page: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(isMainScript, async (route: Route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { release: () => release(), requested: () => requested };
}

/**
 * Opens `url` signed in with `token` (the first page mirrors the token into the cookie), then
 * cold again with main.js held back: `landmark` is painted from the server's HTML alone, with
 * nothing of the app (`checkServerRender` adds the screen's own checks), accessible; released,
 * the app's first commit replaces the server's markup with `landmark` exactly where it was.
 */
async function expectServerPaintThenTakeOver(
  { page, context }: { page: Page; context: BrowserContext },
  { url, token, landmark }: { url: string; token: string; landmark: Locator },
  checkServerRender: () => Promise<void> = async () => undefined,
) {
  await openSignedIn(page, token, url);
  await expect(landmark).toBeVisible();
  await expect.poll(async () => (await sessionCookie(context))?.value).toBe(token);

  const main = await holdMainScript(page);
  // Not 'domcontentloaded': that waits for the deferred main.js.
  await page.goto(url, { waitUntil: 'commit' });
  await expect(landmark).toBeVisible();
  expect(main.requested()).toBe(true);
  // Nothing of the app has run: the screen is the server's markup, in the chrome's frame.
  await expect(page.locator('#duly-server')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await checkServerRender();
  await expectAccessible(page, `${url} as the server rendered it`);
  const before = await landmark.boundingBox();

  main.release();
  // React's first commit replaces the server's markup with the app, the landmark where it was.
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.locator('#duly-server')).toHaveCount(0);
  await expect(landmark).toBeVisible();
  expect(await landmark.boundingBox()).toEqual(before);
  await expectAccessible(page, `${url} after the app took it over`);
}

test('a cold /tasks shows its rows from the server’s HTML with main.js held back, accessible, and the app takes the page over', async ({
  page,
  context,
  baseURL,
}) => {
  const account = await accountWithTask(baseURL!, 'Renew the fire permit', 7);
  await expectServerPaintThenTakeOver(
    { page, context },
    {
      url: '/tasks',
      token: account.token,
      landmark: page.getByRole('row', { name: /Renew the fire permit/ }),
    },
  );
});

test('a manager’s cold /tasks/dashboard shows its summary and three tables from the server’s HTML with main.js held back, accessible, and the app takes the page over', async ({
  page,
  context,
  duly,
}) => {
  const admin = await signUp(duly.baseURL);
  const manager = await addSignedInPerson(duly, admin, 'manager');
  await createTask(duly.baseURL, admin, {
    title: 'Organise the fire drill',
    due_date: new Date(Date.now() + 3 * DAY_MS).toISOString(),
  });
  const dateIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  await createCertificate(duly.baseURL, admin, {
    name: 'Trade License',
    issue_date: dateIn(-300),
    expiry_date: dateIn(20),
    reminder_days_before: 30,
  });
  const landmark = page
    .getByRole('table', { name: 'Team Tasks' })
    .getByRole('row', { name: /Organise the fire drill/ });
  await expectServerPaintThenTakeOver(
    { page, context },
    { url: '/tasks/dashboard', token: manager.token, landmark },
    async () => {
      // Its data arrived through four requests with arguments, all answered in the page.
      await expect(page.getByRole('table')).toHaveCount(3);
      await expect(page.getByRole('row', { name: /Trade License/ })).toBeVisible();
      // The summary counts the certificate in its reminder window.
      await expect(page.locator('#duly-server [data-testid="team-summary"]')).toContainText(
        '1 certificate expiring',
      );
    },
  );
});

test('an admin’s cold /dashboard shows its cards from the server’s HTML with main.js held back, accessible, and the app takes the page over', async ({
  page,
  context,
  baseURL,
}) => {
  const account = await accountWithTask(baseURL!, 'Renew the fire permit', 7);
  await expectServerPaintThenTakeOver(
    { page, context },
    {
      url: '/dashboard',
      token: account.token,
      landmark: page.getByRole('link', { name: 'View all tasks' }),
    },
    async () => {
      // The shell's own screen, from the shell's Node build; the admin's compliance card too.
      await expect(page.locator('#duly-server')).toContainText('Total Tasks');
      await expect(page.getByRole('link', { name: 'View compliance gaps' })).toBeVisible();
    },
  );
});

test('a column sorted, a filter chosen and a search typed in the server’s render before the app runs are the app’s when it takes over', async ({
  page,
  context,
  baseURL,
}) => {
  const account = await accountWithTask(baseURL!, 'Renew the fire permit', 7);
  await openSignedIn(page, account.token, '/tasks');
  await expect.poll(async () => (await sessionCookie(context))?.value).toBe(account.token);

  const main = await holdMainScript(page);
  await page.goto('/tasks', { waitUntil: 'commit' });
  await expect(page.locator('#duly-server')).toHaveCount(1);
  // The visitor acts on the server's markup: nothing of the app is there to hear it.
  await page.getByRole('button', { name: 'Title' }).click();
  await page.getByLabel('Filter by Status').selectOption({ label: 'Pending' });
  await page.getByLabel('Search by title').fill('fire');
  await expect(page).toHaveURL(/\/tasks$/);

  main.release();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page).toHaveURL(/status=pending/);
  await expect(page).toHaveURL(/q=fire/);
  // The column header clicked before is clicked again: sorted by title.
  await expect(page).toHaveURL(/sort=title/);
  await expect(page.getByLabel('Filter by Status')).toHaveValue('pending');
  await expect(page.getByLabel('Search by title')).toHaveValue('fire');
  // Still in the field, so the next key goes on with the search.
  await expect(page.getByLabel('Search by title')).toBeFocused();
  await page.keyboard.type(' permit');
  await expect(page).toHaveURL(/q=fire\+permit|q=fire%20permit/);
  await expect(page.getByRole('row', { name: /Renew the fire permit/ })).toBeVisible();
});

test('a remote released and rolled back alone is rendered on the server from its current release', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const server = await startDuly();
  // Release 2: the same build whose Node build marks what it renders.
  const copy = mkdtempSync(path.join(tmpdir(), 'duly-remote-tasks-ssr-'));
  cpSync(path.join(REPO_ROOT, 'remote-tasks/dist'), copy, { recursive: true });
  appendFileSync(
    path.join(copy, 'server/routes.cjs'),
    `\n;(function () {
  var React = require('react');
  var Routes = module.exports.default;
  module.exports = {
    default: function ReleaseTwo() {
      return React.createElement(React.Fragment, null,
        React.createElement('p', { id: 'server-release' }, 'Rendered by release 2'),
        React.createElement(Routes));
    },
  };
})();\n`,
  );
  const release = (...args: string[]) => {
    const run = spawnSync(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts/release.cjs'), ...args],
      { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, DATA_DIR: server.dataDir } },
    );
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    return /release ([0-9a-f]{12}) is active/.exec(`${run.stdout}${run.stderr}`)?.[1];
  };
  /** The HTML of a cold /tasks: the server's render of the screen, rows included. */
  const renderedPage = async () => {
    const response = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/tasks');
    await page.reload();
    await expect(page.getByRole('row', { name: /Call the auditors/ })).toBeVisible();
    const html = await (await response).text();
    expect(html).toContain('<div id="duly-server">');
    expect(html.slice(html.indexOf('<div id="duly-server">'))).toContain('Call the auditors');
    return html;
  };
  try {
    const id1 = release('release', 'remote-tasks');
    const account = await accountWithTask(server.baseURL, 'Call the auditors', 2);
    await openSignedIn(page, account.token, '/tasks', server.baseURL);
    await expect.poll(async () => (await sessionCookie(context))?.value).toBe(account.token);

    expect(await renderedPage()).not.toContain('Rendered by release 2');
    const id2 = release('release', 'remote-tasks', '--dist', copy);
    expect(id2).not.toBe(id1);
    expect(await renderedPage()).toContain('Rendered by release 2');
    release('rollback', 'remote-tasks');
    expect(await renderedPage()).not.toContain('Rendered by release 2');
  } finally {
    await server.stop();
    rmSync(copy, { recursive: true, force: true });
  }
});
