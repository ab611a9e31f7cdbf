// What a release or rollback must never do to open tabs and to each other (issue 24, items 6
// and 8): delete the folder a tab runs, lose an entry when two run at once, or activate a build
// the shell that is actually served would refuse.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  LOCK_NAME,
  readReleaseRegistry,
  releaseDir,
  releaseRemote,
  releasesDir,
  rollbackRemote,
} from '../releases.cjs';

const remote = { name: 'remote_tasks', package: 'remote-tasks' };
const RELEASES_MODULE = path.resolve(__dirname, '../releases.cjs');
const RELEASE_CLI = path.resolve(__dirname, '../release.cjs');

let root: string;
let dataDir: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'duly-release-safety-'));
  dataDir = path.join(root, 'data');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A build whose manifest requires `@duly/shared` at `sharedRange`. */
function build(label: string, sharedRange = '^1.0.0'): string {
  const dist = path.join(root, `dist-${label}`);
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { name: 'remote_tasks', buildInfo: { buildVersion: `0.${label}.0` } },
      shared: [{ name: '@duly/shared', requiredVersion: sharedRange, singleton: true }],
    }),
  );
  writeFileSync(path.join(dist, `chunk.${label}.js`), label);
  return dist;
}

const release = (label: string, keep?: number) =>
  releaseRemote({ dataDir, remote, distDir: build(label), keep }).id;

function listedFoldersExist(): boolean {
  const entry = readReleaseRegistry(dataDir).remotes.remote_tasks;
  return entry.releases.every((kept) =>
    existsSync(path.join(releaseDir(dataDir, 'remote-tasks', kept.id), 'mf-manifest.json')),
  );
}

describe('a release never deletes what open tabs run', () => {
  it('rolled back to the oldest release, a new release keeps the folder that was active', () => {
    const ids = ['1', '2', '3'].map((label) => release(label, 3));
    rollbackRemote({ dataDir, remote, to: ids[0] });
    const { removed } = releaseRemote({ dataDir, remote, distDir: build('4'), keep: 3 });
    expect(removed).not.toContain(ids[0]);
    expect(existsSync(releaseDir(dataDir, 'remote-tasks', ids[0]))).toBe(true);
    expect(listedFoldersExist()).toBe(true);
  });

  it('with --keep 1 the previous active release stays until the next one', () => {
    const first = release('1', 1);
    const second = release('2', 1);
    expect(existsSync(releaseDir(dataDir, 'remote-tasks', first))).toBe(true);
    expect(readReleaseRegistry(dataDir).remotes.remote_tasks).toMatchObject({
      active: second,
      previous: first,
    });
    release('3', 1);
    expect(existsSync(releaseDir(dataDir, 'remote-tasks', first))).toBe(false);
    expect(existsSync(releaseDir(dataDir, 'remote-tasks', second))).toBe(true);
  });
});

describe('releases and rollbacks at the same moment', () => {
  /** Runs one release or rollback in a process of its own, as two deploy jobs would. */
  function inChild(code: string): Promise<number | null> {
    return new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        ['-e', `const r = require(${JSON.stringify(RELEASES_MODULE)});\n${code}`],
        { stdio: 'inherit' },
      );
      child.on('exit', resolve);
    });
  }

  it('two releases and a rollback at once: every entry recorded, every listed folder there', async () => {
    const first = release('1');
    release('2');
    const [a, b] = [build('a'), build('b')];
    const args = (dist: string) =>
      JSON.stringify({ dataDir, remote, distDir: dist, keep: 2 }).replace(/"/g, '\\"');
    for (let round = 0; round < 3; round += 1) {
      const codes = await Promise.all([
        inChild(`r.releaseRemote(JSON.parse("${args(a)}"));`),
        inChild(`r.releaseRemote(JSON.parse("${args(b)}"));`),
        inChild(
          `try { r.rollbackRemote(${JSON.stringify({ dataDir, remote, to: first })}); } catch (e) { if (e.name !== 'ReleaseError') throw e; }`,
        ),
      ]);
      expect(codes).toEqual([0, 0, 0]);
      const entry = readReleaseRegistry(dataDir).remotes.remote_tasks;
      expect(listedFoldersExist()).toBe(true);
      expect(existsSync(releaseDir(dataDir, 'remote-tasks', entry.active))).toBe(true);
      expect(existsSync(path.join(releasesDir(dataDir), LOCK_NAME))).toBe(false);
    }
  });

  it('a lock left by a process that died is taken over', () => {
    mkdirSync(releasesDir(dataDir), { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(path.join(releasesDir(dataDir), LOCK_NAME), dead.stdout.toString());
    expect(() => release('1')).not.toThrow();
  });
});

describe('the compatibility check looks at the shell that is served', () => {
  function shellDir(sharedVersion: string): string {
    const dir = path.join(root, `shell-${sharedVersion}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'shell-manifest.json'),
      JSON.stringify({
        name: 'shell',
        federationRuntime: '2.9.2',
        externalRuntime: true,
        provides: { '@duly/shared': { version: sharedVersion, singleton: true } },
      }),
    );
    return dir;
  }

  function cli(args: string[], env: Record<string, string>) {
    const { SHELL_MANIFEST: _ignored, ...rest } = process.env;
    return spawnSync(process.execPath, [RELEASE_CLI, ...args], {
      env: { ...rest, DATA_DIR: dataDir, INIT_CWD: root, ...env },
      encoding: 'utf8',
    });
  }

  it('release reads DULY_SHELL_DIR, not shell/dist, and refuses what that shell cannot run', () => {
    const served = shellDir('1.0.0');
    const result = cli(['release', 'remote-tasks', '--dist', build('x', '^1.1.0')], {
      DULY_SHELL_DIR: served,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('the shell provides 1.0.0');
    expect(existsSync(path.join(releasesDir(dataDir), 'releases.json'))).toBe(false);
  });

  it('rollback refuses a release the served shell would refuse, and activates a compatible one', () => {
    const old = releaseRemote({ dataDir, remote, distDir: build('old', '^2.0.0') }).id;
    const current = releaseRemote({ dataDir, remote, distDir: build('new', '^1.0.0') }).id;
    const served = { DULY_SHELL_DIR: shellDir('1.1.0') };

    const refused = cli(['rollback', 'remote-tasks'], served);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain('needs @duly/shared ^2.0.0; the shell provides 1.1.0');
    expect(readReleaseRegistry(dataDir).remotes.remote_tasks.active).toBe(current);

    const compatible = releaseRemote({ dataDir, remote, distDir: build('mid', '^1.1.0') }).id;
    releaseRemote({ dataDir, remote, distDir: build('last', '^1.0.0') });
    const ok = cli(['rollback', 'remote-tasks', '--to', compatible], served);
    expect(ok.status).toBe(0);
    expect(readReleaseRegistry(dataDir).remotes.remote_tasks.active).toBe(compatible);
    expect(old).not.toBe(compatible);
  });
});
