import path from 'node:path';

import type { Response } from '@playwright/test';

import { createTask, signUp } from '../support/api';
import { type DulyServer, REPO_ROOT, startDuly } from '../support/duly-server';
import { buildChangedRemote, folderDigest } from '../support/remote-build';
import { StaticHost } from '../support/static-host';
import { expect, expectSameDocument, markDocument, openSignedIn, test } from '../support/test';

const REMOTE_FAILED_TEXT = 'This section could not be loaded.';

/**
 * remote-tasks deployed on its own origin (a static host the test controls), and the product
 * started with REMOTE_TASKS_URL pointing there, as a CDN deployment would be.
 */
const withRemoteHost = test.extend<{ remoteHost: StaticHost; product: DulyServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  remoteHost: async ({}, provide) => {
    const host = new StaticHost(path.join(REPO_ROOT, 'remote-tasks/dist'));
    await host.start();
    await provide(host);
    await host.stop();
  },
  product: async ({ remoteHost }, provide) => {
    const server = await startDuly({ env: { REMOTE_TASKS_URL: remoteHost.manifestUrl } });
    await provide(server);
    await server.stop();
  },
  baseURL: async ({ product }, provide) => provide(product.baseURL),
});

withRemoteHost(
  'with remote-tasks down, /tasks shows the fallback while the dashboard and the chrome work; Retry brings it back without a reload',
  async ({ page, baseURL, remoteHost }) => {
    const account = await signUp(baseURL!);
    const config = await (await page.request.get('/config.json')).json();
    expect(config.remotes.remote_tasks.entry).toBe(remoteHost.manifestUrl);

    await remoteHost.stop();
    await openSignedIn(page, account.token, '/dashboard');
    await expect(page.getByRole('region', { name: 'Total Tasks' })).toContainText('0');
    await markDocument(page);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByText(REMOTE_FAILED_TEXT)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // Only the content area failed: the top bar and the navigation are there and work.
    await expect(page.getByRole('banner')).toContainText('Duly');
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Total Tasks' })).toContainText('0');

    await nav.getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByText(REMOTE_FAILED_TEXT)).toBeVisible({ timeout: 20_000 });

    await remoteHost.start(); // back, on the same address
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
    await expect(page.getByText('No tasks found')).toBeVisible();
    await expect(page.getByText(REMOTE_FAILED_TEXT)).toHaveCount(0);
    await expectSameDocument(page);
  },
);

withRemoteHost(
  'redeploying only remote-tasks shows its change at the next load, with the shell build untouched',
  async ({ page, baseURL, remoteHost }) => {
    test.setTimeout(240_000);
    const account = await signUp(baseURL!);
    const shellDist = path.join(REPO_ROOT, 'shell/dist');
    const shellBefore = folderDigest(shellDist);

    await openSignedIn(page, account.token, '/tasks');
    await expect(page.getByRole('link', { name: 'New Task', exact: true })).toBeVisible();

    // The tasks team changes a label, builds its package alone and deploys its dist/.
    const release = buildChangedRemote('remote-tasks', {
      file: 'features/tasks/TaskListScreen.tsx',
      // The list's New button is the kit's ListScreen `create` label.
      from: /label: 'New Task'/,
      to: "label: 'New Task (v2)'",
    });
    try {
      remoteHost.deploy(release.dist);
      await page.reload();
      await expect(page.getByRole('link', { name: 'New Task (v2)' })).toBeVisible();
    } finally {
      release.dispose();
    }

    expect(folderDigest(shellDist), 'shell/dist changed').toBe(shellBefore);
  },
);

/** Libraries that must be downloaded once, and the module that identifies each in a bundle. */
const SINGLETON_MODULES: Record<string, RegExp> = {
  react: /\/node_modules\/react\/cjs\/react\.production\.js$/,
  'react-dom': /\/node_modules\/react-dom\/cjs\/react-dom-client\.production\.js$/,
  'react-redux': /\/node_modules\/react-redux\/dist\/react-redux\.m?js$/,
  'styled-components':
    /\/node_modules\/styled-components\/dist\/styled-components\.browser\.esm\.js$/,
  // Its index only re-exports; the one base API is the module that must exist once.
  '@duly/shared': /\/shared\/src\/api\/baseApi\.ts$/,
};
/** Every file of those libraries: none may arrive twice, in whatever chunk. */
const SINGLETON_FILES =
  /\/node_modules\/(react|react-dom|react-redux|styled-components)\/|\/shared\/src\//;

/**
 * The original source files bundled into a downloaded script, read from its source map. Webpack
 * writes no map for a chunk made only of generated code (a re-export facade): such a chunk holds
 * no library file. (If maps were turned off altogether, every library would count zero times
 * below and the test would fail rather than pass blindly.)
 */
async function bundledSources(response: Response): Promise<string[]> {
  const body = await response.text();
  const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(body)?.[1];
  if (!mapName) return [];
  const map = await response
    .request()
    .frame()
    .page()
    .request.get(new URL(mapName, response.url()).href);
  expect(map.ok(), `source map of ${response.url()}`).toBe(true);
  return ((await map.json()) as { sources: string[] }).sources;
}

test('a full load of /tasks downloads React, react-dom, react-redux, styled-components and @duly/shared once each', async ({
  page,
  baseURL,
}) => {
  const account = await signUp(baseURL!);
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });

  await openSignedIn(page, account.token, '/tasks');
  await expect(page.getByText('No tasks found')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const contents = await Promise.all(
    scripts.map(async (response) => ({
      url: response.url(),
      sources: await bundledSources(response),
    })),
  );
  // The tasks screen really came from the remote, wherever config.json says it lives.
  const config = await (await page.request.get('/config.json')).json();
  const remoteBase = new URL('.', new URL(config.remotes.remote_tasks.entry, baseURL)).href;
  expect(contents.map(({ url }) => url).filter((url) => url.startsWith(remoteBase))).not.toEqual(
    [],
  );

  const downloads = Object.fromEntries(
    Object.entries(SINGLETON_MODULES).map(([library, module]) => [
      library,
      contents
        .filter(({ sources }) => sources.some((source) => module.test(source)))
        .map(({ url }) => url),
    ]),
  );
  for (const [library, urls] of Object.entries(downloads)) {
    expect(urls, `responses that carry ${library}`).toHaveLength(1);
  }

  const seen = new Map<string, string>();
  for (const { url, sources } of contents) {
    for (const source of sources.filter((name) => SINGLETON_FILES.test(name))) {
      const normalised = source.replace(/^webpack:\/\/[^/]*\//, '');
      expect(seen.get(normalised), `${normalised} downloaded twice`).toBeUndefined();
      seen.set(normalised, url);
    }
  }
});

/**
 * The UI kit beyond `@duly/shared/kit` (issue 32): the import screen, the dialogs, the
 * documents, the activity history and the form kit. A list route downloads none of it; a
 * screen that renders one of them loads it when opened.
 */
const KIT_MORE =
  /\/shared\/src\/ui\/(screen\/(ImportScreen|History|CreateScreen)\.tsx|dialog\/|documents\/|form\/FormikForm\.tsx)/;
/**
 * What left `@duly/shared/core` and `/dates` in 3.0.0 (issue 32): the activity history's endpoint
 * and sentences (`/activity`), the documents (`/documents`) and the imports' endpoints (`/ui`).
 */
const LEFT_CORE =
  /\/shared\/src\/(api\/(activity|imports|documents|documentEndpoints)|contract\/activity)\.ts$/;

test("a cold /tasks downloads only the part of the UI kit a list renders, and no activity, document or import code; a task's page loads the rest", async ({
  page,
  baseURL,
}) => {
  const account = await signUp(baseURL!);
  await createTask(baseURL!, account, {
    title: 'Check the fire exits',
    description: 'Every floor',
    due_date: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  const sourcesSoFar = async () =>
    (await Promise.all(scripts.map((response) => bundledSources(response)))).flat();

  await openSignedIn(page, account.token, '/tasks');
  await expect(page.getByRole('row').filter({ hasText: 'Check the fire exits' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const onTheList = await sourcesSoFar();
  // The maps were read: the list's own table is there, the rest of the kit is not.
  expect(
    onTheList.filter((source) => /\/shared\/src\/ui\/screen\/ResourceTable\.tsx$/.test(source)),
  ).toHaveLength(1);
  expect(onTheList.filter((source) => KIT_MORE.test(source))).toEqual([]);
  expect(onTheList.filter((source) => LEFT_CORE.test(source))).toEqual([]);

  // The row opens the task's page, as in tasks.spec.ts.
  await page.getByRole('row').filter({ hasText: 'Check the fire exits' }).click();
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Task Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  expect(
    (await sourcesSoFar()).filter((source) =>
      /\/shared\/src\/ui\/screen\/History\.tsx$/.test(source),
    ),
  ).toHaveLength(1);
  // The History section brings the activity entry (its endpoint and sentences), once.
  const onTheTask = await sourcesSoFar();
  for (const module of [
    /\/shared\/src\/api\/activity\.ts$/,
    /\/shared\/src\/contract\/activity\.ts$/,
  ])
    expect(onTheTask.filter((source) => module.test(source))).toHaveLength(1);
});
