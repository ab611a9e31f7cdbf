// Independent deploys that cannot break each other (docs/deploying.md), proven in Chromium
// against the built product: the shell ships @duly/shared to remotes it never rebuilt, a remote
// built for another major of a singleton is refused with the version message and no retry, and
// releases of a remote, and of the shell, switch and roll back under a running server without
// breaking open tabs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { Request } from '@playwright/test';

import { expectAccessible } from '../support/accessibility';
import { signUp } from '../support/api';
import { REPO_ROOT, startDuly } from '../support/duly-server';
import { buildChangedRemote, buildChangedShell, folderDigest } from '../support/remote-build';
import { StaticHost } from '../support/static-host';
import { expect, openSignedIn, test } from '../support/test';

const INCOMPATIBLE_TEXT =
  'This section needs a different version of the app. Please try again later.';
const FAILED_TEXT = 'This section could not be loaded.';

/** Runs a platform command of the repository (node scripts/<script> …) and returns its result. */
function platformCommand(script: string, args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', script), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The version of @duly/shared the repository's shell provides, and the next minor of it. */
const SHARED_VERSION: string = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'shared/package.json'), 'utf8'),
).version;
const [sharedMajor, sharedMinor] = SHARED_VERSION.split('.').map(Number);
const NEXT_MINOR = `${sharedMajor}.${sharedMinor! + 1}.0`;

test('a change in @duly/shared ships by redeploying the shell alone: remote-tasks shows it, its files byte-identical, and its ^1 range loads in a shell providing the next minor', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const tasksDist = path.join(REPO_ROOT, 'remote-tasks/dist');
  const tasksBefore = folderDigest(tasksDist);

  // The platform team changes the UI kit (an additive change: a minor) and rebuilds the shell.
  const shell = buildChangedShell([
    {
      file: 'shared/src/ui/EmptyState.tsx',
      from: /<StateMessage>\{children\}<\/StateMessage>/,
      to: '<StateMessage>{children} (kit 1.1)</StateMessage>',
    },
    {
      file: 'shared/package.json',
      from: new RegExp(`"version": "${SHARED_VERSION.replaceAll('.', '\\.')}"`),
      to: `"version": "${NEXT_MINOR}"`,
    },
  ]);
  const server = await startDuly({ env: { DULY_SHELL_DIR: shell.dist } });
  try {
    const manifest = JSON.parse(readFileSync(path.join(shell.dist, 'shell-manifest.json'), 'utf8'));
    expect(manifest.provides['@duly/shared'].version).toBe(NEXT_MINOR);
    const check = platformCommand('check-compat.cjs', [
      '--shell',
      path.join(shell.dist, 'shell-manifest.json'),
      'remote-tasks',
    ]);
    expect(check).toEqual({
      status: 0,
      output: expect.stringContaining(
        `yes: remote_tasks 0.1.0 can run in this shell (@duly/shared ${NEXT_MINOR}`,
      ),
    });

    const account = await signUp(server.baseURL);
    await openSignedIn(page, account.token, '/tasks', server.baseURL);
    // remote-tasks' own screen, with the shell's new kit.
    await expect(page.getByRole('link', { name: 'New Task', exact: true })).toBeVisible();
    await expect(page.getByText('No tasks found (kit 1.1)')).toBeVisible();
    const config = await (await page.request.get(`${server.baseURL}/config.json`)).json();
    expect(config.remotes.remote_tasks.entry).toBe('/remotes/remote-tasks/mf-manifest.json');
  } finally {
    await server.stop();
    shell.dispose();
  }
  expect(folderDigest(tasksDist), 'remote-tasks/dist changed').toBe(tasksBefore);
});

/**
 * Remotes the shell cannot run, by the version contract: one built for the next major of
 * @duly/shared, and one built on the previous major (1.x: before @duly/shared/router, issue 32,
 * a remote that still shares react-router-dom itself and asks for `^1.3.0`).
 */
const REFUSED_REMOTES = [
  {
    title:
      'a remote built against another major of @duly/shared shows the version message, is not retried, and the rest of the app works',
    range: `^${sharedMajor! + 1}.0.0`,
  },
  {
    title:
      'remotes built on the previous major of @duly/shared are refused with the clear message of the version contract',
    range: `^${sharedMajor! - 1}.3.0`,
  },
];

for (const refused of REFUSED_REMOTES) {
  test(refused.title, async ({ page, consoleLog }) => {
    test.setTimeout(240_000);
    // The tasks team builds against a major of @duly/shared the production shell does not have.
    const release = buildChangedRemote('remote-tasks', {
      file: '../package.json',
      from: new RegExp(`"@duly/shared": "\\^${sharedMajor}\\.\\d+\\.\\d+"`),
      to: `"@duly/shared": "${refused.range}"`,
    });
    const host = new StaticHost(release.dist);
    await host.start();
    const server = await startDuly({ env: { REMOTE_TASKS_URL: host.manifestUrl } });
    try {
      // Before deploying, the check says no, naming the package and both versions.
      const check = platformCommand('check-compat.cjs', [
        path.join(release.dist, 'mf-manifest.json'),
      ]);
      expect(check.status).toBe(1);
      expect(check.output).toContain(
        `no: remote_tasks 0.1.0 cannot run in this shell:\n  remote_tasks needs @duly/shared ${refused.range}; the shell provides ${SHARED_VERSION}.`,
      );

      const fromRemote: Request[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(host.origin)) fromRemote.push(request);
      });
      const account = await signUp(server.baseURL);
      await openSignedIn(page, account.token, '/dashboard', server.baseURL);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Tasks' }).click();

      await expect(page.getByText(INCOMPATIBLE_TEXT)).toBeVisible();
      await expect(page.getByText(FAILED_TEXT)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      await expectAccessible(page, 'the version message');
      // Refused from its manifest: none of the remote's code was fetched, and each load (the
      // hover's preload, then the visit) made one attempt, never an automatic retry.
      const fetched = fromRemote.map((request) => new URL(request.url()).pathname);
      expect(new Set(fetched)).toEqual(new Set(['/mf-manifest.json']));
      const reports = consoleLog.filter((line) => line.includes('[duly] remote load failed'));
      expect(reports).toHaveLength(fetched.length);
      for (const report of reports) {
        expect(report).toContain('"reason":"incompatible"');
        expect(report).toContain('"retried":false');
        expect(report).toContain(
          `needs @duly/shared ${refused.range} (the shell provides ${SHARED_VERSION})`,
        );
      }

      // The chrome and the shell's own routes are untouched.
      await expect(page.getByRole('banner')).toContainText('Duly');
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Total Tasks' })).toContainText('0');
    } finally {
      await server.stop();
      await host.stop();
      release.dispose();
    }
  });
}

test('releases of remote-tasks: a tab on release 1 keeps working after release 2 is active, a fresh load gets release 2, and a rollback brings release 1 back without a restart', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const server = await startDuly();
  const release2Build = buildChangedRemote('remote-tasks', {
    file: 'features/tasks/TaskListScreen.tsx',
    // The list's New button is the kit's ListScreen `create` label.
    from: /label: 'New Task'/,
    to: "label: 'New Task (v2)'",
  });
  const releaseCommand = (...args: string[]) =>
    platformCommand('release.cjs', args, { DATA_DIR: server.dataDir });
  try {
    const first = releaseCommand('release', 'remote-tasks');
    expect(first.status, first.output).toBe(0);
    const id1 = /release ([0-9a-f]{12}) is active/.exec(first.output)![1]!;
    const release1 = `/releases/remote-tasks/${id1}/`;

    // A tab opened now reads config.json: release 1. It has not loaded remote-tasks yet.
    const remoteFiles: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/releases/') || pathname.startsWith('/remotes/')) {
        expect(response.status(), pathname).toBe(200);
        remoteFiles.push(pathname);
      }
    });
    const account = await signUp(server.baseURL);
    await openSignedIn(page, account.token, '/dashboard', server.baseURL);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    const second = releaseCommand('release', 'remote-tasks', '--dist', release2Build.dist);
    expect(second.status, second.output).toBe(0);
    const id2 = /release ([0-9a-f]{12}) is active/.exec(second.output)![1]!;
    expect(id2).not.toBe(id1);

    // The open tab goes on with release 1, across the remote's routes.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByText('No tasks found')).toBeVisible();
    await page.getByRole('link', { name: 'New Task', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Create New Task' })).toBeVisible();
    await nav.getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByRole('link', { name: 'New Task', exact: true })).toBeVisible();
    expect(remoteFiles.length).toBeGreaterThan(0);
    expect(remoteFiles.filter((file) => !file.startsWith(release1))).toEqual([]);

    // A fresh load gets release 2.
    const fresh = await context.newPage();
    await fresh.goto(`${server.baseURL}/tasks`);
    await expect(fresh.getByRole('link', { name: 'New Task (v2)' })).toBeVisible();

    // Rolled back: the next load gets release 1 again, from the same server process.
    const rollback = releaseCommand('rollback', 'remote-tasks');
    expect(rollback.status, rollback.output).toBe(0);
    expect(rollback.output).toContain(`release ${id1} is active again (was ${id2})`);
    await fresh.reload();
    await expect(fresh.getByRole('link', { name: 'New Task', exact: true })).toBeVisible();
    const config = await (await fresh.request.get(`${server.baseURL}/config.json`)).json();
    expect(config.remotes.remote_tasks).toMatchObject({
      entry: `${release1}mf-manifest.json`,
      release: id1,
    });
    expect(server.output()).not.toMatch(/Duly is running on[\s\S]*Duly is running on/);
  } finally {
    await server.stop();
    release2Build.dispose();
  }
});

test('releases of the shell: a tab opened on shell release 1 signs in with its own chunks after release 2 is active, a fresh load gets release 2, and a rollback brings release 1 back', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const server = await startDuly();
  // The platform team changes a screen of the shell's signed-in part (a lazily loaded chunk).
  const shell2 = buildChangedShell([
    {
      file: 'shell/src/features/dashboard/DashboardScreen.tsx',
      from: /title="Dashboard"/,
      to: 'title="Dashboard (shell 2)"',
    },
  ]);
  const releaseCommand = (...args: string[]) =>
    platformCommand('release.cjs', args, { DATA_DIR: server.dataDir });
  try {
    const first = releaseCommand('release', 'shell');
    expect(first.status, first.output).toBe(0);
    const id1 = /release ([0-9a-f]{12}) is active/.exec(first.output)![1]!;

    // Every script and page the tabs ask the server for is there.
    const missing: string[] = [];
    const watch = (tab: typeof page) =>
      tab.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (!pathname.startsWith('/api/') && response.status() >= 400)
          missing.push(`${response.status()} ${pathname}`);
      });
    watch(page);
    const account = await signUp(server.baseURL);
    // A tab opened on release 1, signed out: it has not loaded the signed-in part yet.
    await page.goto(`${server.baseURL}/login`);
    await expect(page.getByRole('heading', { name: 'Sign in to the product' })).toBeVisible();

    const second = releaseCommand('release', 'shell', '--dist', shell2.dist);
    expect(second.status, second.output).toBe(0);
    const id2 = /release ([0-9a-f]{12}) is active/.exec(second.output)![1]!;
    expect(id2).not.toBe(id1);
    const scriptsLoadedNow: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.js')) scriptsLoadedNow.push(pathname);
    });

    // The open tab signs in: the signed-in part it downloads now is release 1's.
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    // Some of them exist in release 1 only: served from it although release 2 is active.
    const shellRelease = (id: string, file: string) =>
      existsSync(path.join(server.dataDir, 'releases', 'shell', id, file));
    expect(
      scriptsLoadedNow.filter((file) => shellRelease(id1, file) && !shellRelease(id2, file)),
    ).not.toEqual([]);

    // A fresh load gets release 2.
    const fresh = await context.newPage();
    watch(fresh);
    await fresh.goto(`${server.baseURL}/dashboard`);
    await expect(fresh.getByRole('heading', { name: 'Dashboard (shell 2)' })).toBeVisible();

    const rollback = releaseCommand('rollback', 'shell');
    expect(rollback.status, rollback.output).toBe(0);
    expect(rollback.output).toContain(`shell: release ${id1} is active again (was ${id2})`);
    await fresh.reload();
    await expect(fresh.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
    expect(missing).toEqual([]);
  } finally {
    await server.stop();
    shell2.dispose();
  }
});
