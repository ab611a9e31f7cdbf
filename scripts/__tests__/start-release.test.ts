/** @jest-environment node */
// `npm start` releases the shell it builds (scripts/start.mjs releaseBuiltShell), so the server
// serves an immutable shell release and a later rebuild of shell/dist never takes the page, or
// an open tab's chunks, away (docs/deploying.md).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { readReleaseRegistry } from '../releases.cjs';

const START = pathToFileURL(path.join(__dirname, '..', 'start.mjs')).href;

let root: string;
let dataDir: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'duly-start-release-'));
  dataDir = path.join(root, 'data');
  symlinkSync(path.join(__dirname, '..'), path.join(root, 'scripts'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes shell/dist as a shell build does (no remote is built: nothing to check it against). */
function buildShell(label: string) {
  const dist = path.join(root, 'shell/dist');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), `<title>${label}</title>`);
  writeFileSync(
    path.join(dist, 'shell-manifest.json'),
    JSON.stringify({
      name: 'shell',
      federationRuntime: '2.9.2',
      externalRuntime: true,
      provides: {},
    }),
  );
}

/** Calls releaseBuiltShell in a Node process of its own, as `npm start` does after its builds. */
function releaseBuiltShell(built: string[], env: Record<string, string> = {}): boolean {
  const code = `import { releaseBuiltShell } from ${JSON.stringify(START)};
    console.log(JSON.stringify(releaseBuiltShell(${JSON.stringify({ root, built })})));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, INIT_CWD: root, ...env },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!);
}

const shellEntry = () => readReleaseRegistry(dataDir).shell;

it('releases the shell it built, and only then: a restart keeps the active release', () => {
  buildShell('1');
  expect(releaseBuiltShell(['shell'])).toBe(true);
  const first = shellEntry()!.active;

  // Restarted with nothing rebuilt: a rollback or an earlier release is not undone.
  buildShell('1, edited by hand');
  expect(releaseBuiltShell([])).toBe(false);
  expect(shellEntry()!.active).toBe(first);

  buildShell('2');
  expect(releaseBuiltShell(['shell', 'remote-tasks'])).toBe(true);
  expect(shellEntry()!.active).not.toBe(first);
  expect(shellEntry()!.releases.map((release) => release.id)).toContain(first);
});

it('releases an already built shell when no shell release exists yet, but not under DULY_SHELL_DIR', () => {
  buildShell('1');
  expect(releaseBuiltShell([], { DULY_SHELL_DIR: 'elsewhere' })).toBe(false);
  expect(shellEntry()).toBeUndefined();
  expect(releaseBuiltShell([])).toBe(true);
  expect(shellEntry()).toBeDefined();
});
