/**
 * `cd e2e && node --import tsx scripts/screens.ts <out-dir>`: every screen, for each role of the demo organisation
 * (admin, manager, employee), at 1280 px and 390 px, written to `<out-dir>` (default
 * /tmp/duly-screens) as `<role>/<screen>-<width>.png`; a certificate page with Renew also as
 * `certificates_renew`. For looking at the product before and
 * after a change, side by side; the pictures stay out of the repository (they carry today's
 * dates). Run it after `npm run build`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../support/chromium';
import { startDuly } from '../support/duly-server';

const OUT = path.resolve(process.argv[2] ?? '/tmp/duly-screens');
const DEMO_PASSWORD = 'duly-demo-2026';
const ROLES = {
  admin: 'priya@demo.duly.test',
  manager: 'rahul@demo.duly.test',
  employee: 'arjun@demo.duly.test',
} as const;
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** The lists whose first row leads to an item page, and that page's edit form. */
const LISTS = ['/tasks', '/certificates', '/employees'] as const;
const PAGES = [
  '/dashboard',
  '/tasks/dashboard',
  '/employee/dashboard',
  '/team/documents',
  '/tasks/create',
  '/certificates/create',
  '/certificates/import',
  '/certificate-types',
  '/compliance',
  '/employees/create',
  '/employees/import',
  '/employees/activity',
  '/settings/organization',
  '/settings/webhooks',
  '/profile',
  '/no-such-page',
] as const;

async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function shot(page: Page, prefix: string, name: string) {
  await settle(page);
  const [roleName, width] = prefix.split('-');
  mkdirSync(path.join(OUT, roleName), { recursive: true });
  await page.screenshot({
    path: path.join(OUT, roleName, `${name}-${width}.png`),
    fullPage: true,
  });
}

async function role(browser: Browser, baseURL: string, roleName: string, email: string) {
  for (const viewport of WIDTHS) {
    const prefix = `${roleName}-${viewport.width}`;
    const page = await browser.newPage({
      baseURL,
      viewport,
      timezoneId: 'Asia/Kolkata',
      isMobile: viewport.width < 900,
      hasTouch: viewport.width < 900,
    });
    await page.goto('/login');
    if (roleName === 'admin') await shot(page, prefix, 'login');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    for (const url of PAGES) {
      await page.goto(url);
      await shot(page, prefix, url.slice(1).replaceAll('/', '_'));
    }
    for (const url of LISTS) {
      const name = url.slice(1);
      await page.goto(url);
      await shot(page, prefix, name);
      const firstRow = page.locator('tbody tr').first();
      if ((await firstRow.count()) === 0) continue;
      // The Users list opens a person from the name's link; the other lists from the row.
      const link = firstRow.locator('a').first();
      await ((await link.count()) > 0 ? link : firstRow.locator('td').first()).click();
      await page.waitForURL((address) => address.pathname !== url);
      await shot(page, prefix, `${name}_detail`);
      await page.goto(`${new URL(page.url()).pathname}/edit`);
      await shot(page, prefix, `${name}_edit`);
    }
    // A certificate in its reminder window (or expired): its page offers Renew, and its dialog.
    for (const filter of ['in_reminder_window=true', 'status=expired']) {
      await page.goto(`/certificates?${filter}`);
      await settle(page);
      const row = page.locator('tbody tr td').first();
      if ((await page.locator('tbody tr').count()) === 0) continue;
      await row.click();
      await page.waitForURL((address) => address.pathname !== '/certificates');
      const renew = page.getByRole('button', { name: 'Renew', exact: true });
      await settle(page);
      if ((await renew.count()) === 0) continue;
      await shot(page, prefix, 'certificates_renewable');
      await renew.click();
      await page.getByRole('dialog').waitFor();
      await shot(page, prefix, 'certificates_renew');
      break;
    }
    await page.close();
    console.log(`${prefix} done`);
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const duly = await startDuly({ args: ['--demo'] });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    for (const [roleName, email] of Object.entries(ROLES)) {
      await role(browser, duly.baseURL, roleName, email);
    }
  } finally {
    await browser.close();
    await duly.stop();
  }
  console.log(OUT);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
