/** @jest-environment node */
// `npm run release` and `npm run rollback` (scripts/release.cjs) as a deployment runs them: real
// processes on a data folder, checking what would be activated against what the server serves
// (scripts/served.cjs), not against a build that happens to lie in shell/dist.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { readReleaseRegistry } from '../releases.cjs';

const COMMAND = path.join(__dirname, '..', 'release.cjs');

let root: string;
let dataDir: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'duly-release-command-'));
  dataDir = path.join(root, 'data');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function writeJson(file: string, value: unknown) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}

/** A shell build providing this @duly/shared, at `folder` (relative to the web root). */
function shellBuild(folder: string, shared: string): string {
  const dir = path.join(root, folder);
  writeJson(path.join(dir, 'shell-manifest.json'), {
    name: 'shell',
    federationRuntime: '2.9.2',
    externalRuntime: true,
    provides: { '@duly/shared': { version: shared, singleton: true } },
  });
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>shell ${shared}</title>`);
  return dir;
}

/** A build of remote-tasks requiring this range of @duly/shared. */
function tasksBuild(folder: string, version: string, range: string): string {
  const dir = path.join(root, folder);
  writeJson(path.join(dir, 'mf-manifest.json'), {
    name: 'remote_tasks',
    metaData: { name: 'remote_tasks', buildInfo: { buildVersion: version } },
    shared: [{ name: '@duly/shared', requiredVersion: range, singleton: true }],
  });
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var remote_tasks; // ${version}`);
  return dir;
}

/** Runs `node scripts/release.cjs …` against the temporary web root and data folder. */
function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [COMMAND, ...args], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      DULY_WEB_ROOT: root,
      DATA_DIR: dataDir,
      INIT_CWD: root,
      ...env,
    },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const releasedId = (output: string) => /release ([0-9a-f]{12}) is active/.exec(output)![1]!;
const activeTasks = () => readReleaseRegistry(dataDir).remotes.remote_tasks?.active;

describe('release checks against the shell that is served', () => {
  beforeEach(() => {
    // shell/dist, the build the check used to read, provides 1.4.0.
    shellBuild('shell/dist', '1.4.0');
  });

  it('uses DULY_SHELL_DIR when the server serves it, not shell/dist', () => {
    shellBuild('platform/shell-2', '2.0.0');
    const tasks = tasksBuild('builds/tasks-1', '0.1.0', '^1.0.0');

    const refused = run(['release', 'remote-tasks', '--dist', tasks], {
      DULY_SHELL_DIR: 'platform/shell-2',
    });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('DULY_SHELL_DIR');
    expect(refused.output).toContain(
      'remote_tasks needs @duly/shared ^1.0.0; the shell provides 2.0.0.',
    );
    expect(refused.output).toContain('Not released');
    expect(activeTasks()).toBeUndefined();

    // The same build against the served shell/dist is fine.
    const accepted = run(['release', 'remote-tasks', '--dist', tasks]);
    expect(accepted.status).toBe(0);
    expect(accepted.output).toContain('yes: remote_tasks 0.1.0 can run in this shell');
  });

  it('uses the active shell release when there is one', () => {
    const shell2 = shellBuild('builds/shell-2', '2.0.0');
    expect(run(['release', 'shell', '--dist', shell2]).status).toBe(0);

    const tasks = tasksBuild('builds/tasks-1', '0.1.0', '^1.0.0');
    const refused = run(['release', 'remote-tasks', '--dist', tasks]);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/shell release [0-9a-f]{12}/);
    expect(refused.output).toContain('the shell provides 2.0.0.');
  });

  it('refuses to release a shell that a served remote cannot run in', () => {
    const tasks = tasksBuild('builds/tasks-1', '0.1.0', '^1.0.0');
    expect(run(['release', 'remote-tasks', '--dist', tasks]).status).toBe(0);

    const shell2 = shellBuild('builds/shell-2', '2.0.0');
    const refused = run(['release', 'shell', '--dist', shell2]);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/remote_tasks as served \(release [0-9a-f]{12}\): no:/);
    expect(readReleaseRegistry(dataDir).shell).toBeUndefined();
  });
});

describe('rollback checks against what is served', () => {
  it('refuses to roll a remote back to a release the served shell refuses, and says why; --force overrides', () => {
    shellBuild('shell/dist', '1.4.0');
    const old = releasedId(
      run(['release', 'remote-tasks', '--dist', tasksBuild('builds/tasks-1', '0.1.0', '^1.0.0')])
        .output,
    );
    // The tasks team widens its range, then the platform serves a shell with @duly/shared 2.
    const current = releasedId(
      run([
        'release',
        'remote-tasks',
        '--dist',
        tasksBuild('builds/tasks-2', '0.2.0', '^1.0.0 || ^2.0.0'),
      ]).output,
    );
    shellBuild('platform/shell-2', '2.0.0');
    const served = { DULY_SHELL_DIR: 'platform/shell-2' };

    const refused = run(['rollback', 'remote-tasks'], served);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('the shell provides 2.0.0.');
    expect(refused.output).toContain(
      `Not rolled back: remote_tasks release ${old} cannot run with the shell served`,
    );
    expect(activeTasks()).toBe(current);

    const forced = run(['rollback', 'remote-tasks', '--force'], served);
    expect(forced.status).toBe(0);
    expect(activeTasks()).toBe(old);
  });

  it('refuses to roll the shell back to one that a served remote cannot run in', () => {
    shellBuild('shell/dist', '1.4.0');
    const shell1 = shellBuild('builds/shell-1', '1.4.0');
    expect(run(['release', 'shell', '--dist', shell1]).status).toBe(0);
    expect(run(['release', 'shell', '--dist', shellBuild('builds/shell-2', '2.0.0')]).status).toBe(
      0,
    );
    // A remote that needs the new major is released under the new shell.
    const tasks = tasksBuild('builds/tasks-2', '0.2.0', '^2.0.0');
    expect(run(['release', 'remote-tasks', '--dist', tasks]).status).toBe(0);

    const refused = run(['rollback', 'shell']);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain(
      'remote_tasks needs @duly/shared ^2.0.0; the shell provides 1.4.0.',
    );
    expect(refused.output).toMatch(
      /Not rolled back: shell release [0-9a-f]{12} cannot run with the remotes served/,
    );
  });
});
