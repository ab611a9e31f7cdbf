/**
 * `npm run screenshots -w e2e`: the README's pictures of the main screens, taken from the built
 * product with the demo organisation (`npm start -- --demo`), signed in as its admin. Run it
 * after `npm run build` when a screen changes; it writes docs/screenshots/*.png.
 *
 * Not part of `npm test`: the pictures carry today's dates, so writing them on every run would
 * change a committed file each day for every developer.
 */
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../support/chromium';
import { REPO_ROOT, startDuly } from '../support/duly-server';

const OUT = path.join(REPO_ROOT, 'docs', 'screenshots');
const DEMO_ADMIN = 'priya@demo.duly.test';
const DEMO_PASSWORD = 'duly-demo-2026';

/** Opens `url`, waits until the screen has loaded its data, and saves it as `name`.png. */
async function capture(page: Page, url: string, heading: string, name: string) {
  await page.goto(url);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`docs/screenshots/${name}.png`);
}

async function main() {
  const duly = await startDuly({ args: ['--demo'] });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({
      baseURL: duly.baseURL,
      viewport: { width: 1280, height: 800 },
      timezoneId: 'Asia/Kolkata',
    });
    await page.goto('/login');
    await page.getByLabel('Email address').fill(DEMO_ADMIN);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await capture(page, '/dashboard', 'Dashboard', 'dashboard');
    await capture(page, '/tasks', 'Tasks', 'tasks');
  } finally {
    await browser.close();
    await duly.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
