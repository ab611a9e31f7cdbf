// The rows in the server's HTML (issue 32): the session mirrored into an HttpOnly cookie that
// only the HTML route reads (api/src/web/session-cookie.ts), and a cold page whose first
// requests the server answered itself with it (first-answers.ts): the browser never sends them.
// A stale cookie gets today's page and /login.
import type { BrowserContext, Page } from '@playwright/test';

import { createTask, signUp } from '../support/api';
import { signToken } from '../support/tokens';
import { expect, test } from '../support/test';

const DAY_MS = 24 * 60 * 60 * 1000;
const COOKIE = 'duly_session';

/** The requests /tasks starts with (remotes.json `firstRequests`). */
const isTaskList = (url: URL) =>
  url.pathname === '/api/v1/tasks/' || url.pathname === '/api/v1/tasks';

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
  const account = await signUp(baseURL!);
  await createTask(baseURL!, account, {
    title: 'Renew the fire permit',
    due_date: new Date(Date.now() + 7 * DAY_MS).toISOString(),
  });
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
  const account = await signUp(baseURL!);
  await createTask(baseURL!, account, {
    title: 'File the GST return',
    due_date: new Date(Date.now() + 3 * DAY_MS).toISOString(),
  });
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
