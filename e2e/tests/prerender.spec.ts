import type { Page, Route } from '@playwright/test';

import { expectAccessible } from '../support/accessibility';
import { signUp } from '../support/api';
import { differingPixels } from '../support/pixels';
import { expect, expectSameDocument, markDocument, test } from '../support/test';

/**
 * Holds every script the page asks for until `release()`: the page is what its HTML alone
 * gives, as on a slow connection before the JavaScript has arrived.
 */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/*.js', async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    /** How many script requests are waiting. */
    count: () => held.length,
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Whether the app has taken the pre-rendered page over (prerender/takeOver.tsx). */
async function expectAppTookOver(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
}

/** The errors the page reported: a failed hydration is one (mountShell.tsx). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('/login painted from HTML before the JavaScript (issue 18)', () => {
  test('the sign-in form shows and takes input with no script run; a submit made then signs in once the app arrives, without a reload', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!);
    const errors = collectErrors(page);
    const scripts = await holdScripts(page);

    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Sign in to the product' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'create a new account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
    // What a visitor reads and uses before any script has run is a screen of its own.
    await expectAccessible(page, '/login, pre-rendered, before the JavaScript');
    await markDocument(page);

    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The browser did not send the form itself: same page, same document, nothing lost.
    await expect(page).toHaveURL(/\/login$/);
    await expectSameDocument(page);
    await expect(page.getByLabel('Email address')).toHaveValue(account.email);
    await expect(page.getByLabel('Password')).toHaveValue(account.password);
    expect(scripts.count(), 'the page asked for its scripts').toBeGreaterThan(0);

    await scripts.release();
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expectSameDocument(page);
    expect(errors).toEqual([]);
  });

  test('an email typed before the JavaScript stays in the form the app runs', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!);
    const errors = collectErrors(page);
    const scripts = await holdScripts(page);

    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email address').fill(account.email);
    await scripts.release();
    await expectAppTookOver(page);

    await expect(page.getByLabel('Email address')).toHaveValue(account.email);
    // The form's own state holds it too: only the password is still to be given.
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(errors).toEqual([]);
  });

  test('an empty submit before the JavaScript shows the form’s messages once the app runs', async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await scripts.release();

    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the app takes the page over without changing a pixel, at 1280 and 390 px', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // Every paint of the heading that is larger than the last is a new LCP candidate: a page
    // whose style changes while the app takes it over (a flash) paints it again.
    await page.addInitScript(() => {
      const sizes: number[] = [];
      Object.assign(window, { headingPaints: sizes });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { size: number })[]) {
          sizes.push(entry.size);
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const scripts = await holdScripts(page);
      await page.goto('/login', { waitUntil: 'commit' });
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      const before = await page.screenshot();

      await scripts.release();
      await expectAppTookOver(page);
      const after = await page.screenshot();
      const changed = await differingPixels(page, before, after);
      expect(changed, `pixels changed when the app took the page over (${width} px)`).toBe(0);
      const paints = await page.evaluate(
        () => (window as unknown as { headingPaints: number[] }).headingPaints,
      );
      expect(paints, 'the largest element was painted once, from the HTML').toHaveLength(1);
      expect(errors).toEqual([]);
    }
  });

  test('/signup is painted from HTML too and keeps what was typed', async ({ page }) => {
    const errors = collectErrors(page);
    const scripts = await holdScripts(page);
    await page.goto('/signup', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Full Name').fill('Meera Krishnan');

    await scripts.release();
    await expectAppTookOver(page);
    await expect(page.getByLabel('Full Name')).toHaveValue('Meera Krishnan');
    expect(errors).toEqual([]);
  });

  test('a signed-in visitor opening /login never sees the form and lands on their home', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!);
    const scripts = await holdScripts(page);
    await page.goto('/config.json'); // any page of the origin, to reach its local storage
    await page.evaluate((token) => window.localStorage.setItem('token', token), account.token);
    await page.goto('/login', { waitUntil: 'commit' });
    // The early script found the session: the pre-rendered form stays hidden.
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/login');
    await expect(page.getByRole('heading', { name: 'Sign in to the product' })).toBeHidden();

    await scripts.release();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});
