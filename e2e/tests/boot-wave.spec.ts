// One wave from the HTML (issue 32): a cold signed-in page asks for its data from the served
// HTML's boot script, shows the chrome's skeleton until the screen can paint with its rows (never
// a blank page, never a table without rows), sends nothing without a valid session, and follows
// a remote released or rolled back alone with the inlined manifest of its current release.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Route } from '@playwright/test';

import { createTask, signUp } from '../support/api';
import { REPO_ROOT, startDuly } from '../support/duly-server';
import { framesOf, recordFrames } from '../support/frames';
import { signToken } from '../support/tokens';
import { expect, openSignedIn, test } from '../support/test';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The request /tasks starts with (remotes.json `firstRequests`). */
const isTaskList = (url: URL) =>
  url.pathname === '/api/v1/tasks/' || url.pathname === '/api/v1/tasks';

test('a cold /tasks with the API answer held back shows the chrome skeleton, never a blank page and never an empty table, then the chrome with its rows at once', async ({
  page,
  baseURL,
}) => {
  const account = await signUp(baseURL!);
  for (const title of ['Renew the fire permit', 'File the GST return'])
    await createTask(baseURL!, account, {
      title,
      due_date: new Date(Date.now() + 7 * DAY_MS).toISOString(),
    });

  const held: Route[] = [];
  await page.route(
    (url) => isTaskList(url),
    (route) => {
      held.push(route);
    },
  );
  await recordFrames(page);
  await openSignedIn(page, account.token, '/tasks');

  // The answer is held: the skeleton of the chrome stands, with no table at all.
  await expect(page.locator('#duly-skeleton')).toBeVisible();
  await expect.poll(() => held.length).toBe(1);
  await page.waitForTimeout(1500);
  await expect(page.locator('#duly-skeleton')).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);

  for (const route of held.splice(0)) await route.continue();
  await expect(page.getByRole('row', { name: /Renew the fire permit/ })).toBeVisible();
  await expect(page.locator('#duly-skeleton')).toBeHidden();

  const frames = await framesOf(page);
  expect(frames.length).toBeGreaterThan(10);
  expect(frames.filter((frame) => frame.blank)).toEqual([]);
  expect(frames.filter((frame) => frame.emptyTables > 0)).toEqual([]);
  expect(frames.some((frame) => frame.skeleton)).toBe(true);
  // The first frame past the skeleton already has the rows: chrome and data painted together.
  const firstPainted = frames.find((frame) => !frame.skeleton);
  expect(firstPainted).toMatchObject({ blank: false, rows: 2 });
  // The screen took the prefetched answer: it did not ask again.
  expect(held).toEqual([]);
});

test("the route's API request starts before main.js has finished, and the screen does not ask again", async ({
  page,
  baseURL,
}) => {
  const account = await signUp(baseURL!);
  await createTask(baseURL!, account, {
    title: 'Book the annual audit',
    due_date: new Date(Date.now() + 3 * DAY_MS).toISOString(),
  });
  const listRequests: string[] = [];
  page.on('request', (request) => {
    if (isTaskList(new URL(request.url()))) listRequests.push(request.url());
  });
  // main.js takes a second to arrive: a request started by main.js could not beat it.
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await openSignedIn(page, account.token, '/tasks');
  await expect(page.getByRole('row', { name: /Book the annual audit/ })).toBeVisible();

  const timing = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      name: new URL(entry.name).pathname,
      startTime: entry.startTime,
      responseEnd: (entry as PerformanceResourceTiming).responseEnd,
    })),
  );
  const main = timing.find((entry) => /^\/main\.[0-9a-f]+\.js$/.test(entry.name));
  const api = timing.filter((entry) => entry.name === '/api/v1/tasks/');
  expect(main, JSON.stringify(timing)).toBeDefined();
  expect(api, JSON.stringify(timing)).toHaveLength(1);
  expect(api[0]!.startTime).toBeLessThan(main!.responseEnd);
  expect(listRequests).toHaveLength(1);
  expect(new URL(listRequests[0]!).search).toBe('?limit=50&offset=0');
});

for (const [label, token] of [
  [
    'a stale token',
    () => signToken({ sub: 'someone', exp: Math.floor(Date.now() / 1000) - 60 }, 'x'),
  ],
  ['no token', () => undefined],
] as const) {
  test(`with ${label} a cold /tasks requests nothing of the route and /login comes up`, async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (
        pathname.startsWith('/api/') ||
        pathname.startsWith('/remotes/') ||
        pathname.startsWith('/releases/') ||
        pathname.startsWith('/signed-in.')
      )
        requested.push(pathname);
    });
    const stored = token();
    if (stored) await openSignedIn(page, stored, '/tasks');
    else await page.goto('/tasks');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('#duly-skeleton')).toBeHidden();
    expect(await page.evaluate(() => 'dulyPrefetch' in window)).toBe(false);
    expect(requested).toEqual([]);
  });
}

test('a remote released and rolled back alone loads with the inlined manifest of its current release, which is never fetched', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const server = await startDuly();
  // Release 2: the same build with one more file, so its folder (named by content) differs.
  const copy = mkdtempSync(path.join(tmpdir(), 'duly-remote-tasks-2-'));
  cpSync(path.join(REPO_ROOT, 'remote-tasks/dist'), copy, { recursive: true });
  writeFileSync(path.join(copy, 'RELEASE-NOTE.txt'), 'release 2\n');
  const release = (...args: string[]) => {
    const run = spawnSync(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts/release.cjs'), ...args],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: server.dataDir },
      },
    );
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    return /release ([0-9a-f]{12}) is active/.exec(`${run.stdout}${run.stderr}`)?.[1];
  };
  const remoteFiles: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/releases/') || pathname.startsWith('/remotes/'))
      remoteFiles.push(pathname);
  });
  /** Loads /tasks cold; returns the manifest URL the page inlined and the remote files fetched. */
  const load = async () => {
    remoteFiles.length = 0;
    await page.reload();
    await expect(page.getByRole('row', { name: /Call the auditors/ })).toBeVisible();
    const boot = await page.evaluate(
      () =>
        JSON.parse(document.getElementById('duly-boot')!.textContent!) as {
          manifests: Record<string, unknown>;
          config: { remotes: { remote_tasks: { entry: string } } };
        },
    );
    expect(Object.keys(boot.manifests)).toEqual([boot.config.remotes.remote_tasks.entry]);
    return { manifest: Object.keys(boot.manifests)[0], files: [...remoteFiles] };
  };
  try {
    const id1 = release('release', 'remote-tasks');
    const account = await signUp(server.baseURL);
    await createTask(server.baseURL, account, {
      title: 'Call the auditors',
      due_date: new Date(Date.now() + 2 * DAY_MS).toISOString(),
    });
    await openSignedIn(page, account.token, '/tasks', server.baseURL);

    const expectRelease = async (id: string | undefined) => {
      expect(id).toMatch(/^[0-9a-f]{12}$/);
      const { manifest, files } = await load();
      const folder = `/releases/remote-tasks/${id}/`;
      expect(manifest).toBe(`${folder}mf-manifest.json`);
      expect(files.length).toBeGreaterThan(0);
      expect(files.filter((file) => !file.startsWith(folder))).toEqual([]);
      // The inlined copy was used: the manifest itself was never asked for.
      expect(files.filter((file) => file.endsWith('mf-manifest.json'))).toEqual([]);
    };
    await expectRelease(id1);
    const id2 = release('release', 'remote-tasks', '--dist', copy);
    expect(id2).not.toBe(id1);
    await expectRelease(id2);
    release('rollback', 'remote-tasks');
    await expectRelease(id1);
  } finally {
    await server.stop();
    rmSync(copy, { recursive: true, force: true });
  }
});
