/** @jest-environment node */
import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import {
  activeReleases,
  readReleaseRegistry,
  releaseBuild,
  releaseDir,
  rollbackRelease,
} from '../releases.cjs';
import { LOCK_FILE, withReleaseLock } from '../release-lock.cjs';

const remote = { name: 'remote_tasks', package: 'remote-tasks' };

describe('releases of a remote', () => {
  let root: string;
  let dataDir: string;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'duly-releases-'));
    dataDir = path.join(root, 'data');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function build(label: string): string {
    const dist = path.join(root, `dist-${label}`);
    mkdirSync(path.join(dist, 'nested'), { recursive: true });
    writeFileSync(
      path.join(dist, 'mf-manifest.json'),
      JSON.stringify({ metaData: { buildInfo: { buildVersion: `0.${label}.0` } } }),
    );
    writeFileSync(path.join(dist, 'nested', 'chunk.js'), label);
    return dist;
  }

  const release = (label: string, keep?: number) =>
    releaseBuild({
      dataDir,
      target: remote,
      distDir: build(label),
      keep,
      now: new Date(2026, 0, Number(label)),
    });

  it('copies the build into a folder named by its content and makes it active', () => {
    const { id, created } = release('1');
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(created).toBe(true);
    expect(
      readFileSync(path.join(releaseDir(dataDir, 'remote-tasks', id), 'nested/chunk.js'), 'utf8'),
    ).toBe('1');
    expect(activeReleases(dataDir)).toEqual({ remote_tasks: id });
    expect(readReleaseRegistry(dataDir).remotes.remote_tasks.releases).toEqual([
      { id, version: '0.1.0', createdAt: new Date(2026, 0, 1).toISOString() },
    ]);
    // Nothing half-written is left beside the registry or the release.
    expect(readdirSync(path.join(dataDir, 'releases')).sort()).toEqual([
      'releases.json',
      'remote-tasks',
    ]);
    expect(readdirSync(path.join(dataDir, 'releases', 'remote-tasks'))).toEqual([id]);
  });

  it('gives the same build the same id, and releasing it again only makes it active', () => {
    const first = release('1');
    release('2');
    const again = release('1');
    expect(again).toEqual({ id: first.id, created: false, removed: [] });
    expect(activeReleases(dataDir).remote_tasks).toBe(first.id);
    expect(readReleaseRegistry(dataDir).remotes.remote_tasks.releases).toHaveLength(2);
  });

  it('keeps the last few releases and deletes the folders of older ones', () => {
    const ids = ['1', '2', '3'].map((label) => release(label, 2).id);
    expect(readReleaseRegistry(dataDir).remotes.remote_tasks.releases.map((r) => r.id)).toEqual(
      ids.slice(1),
    );
    expect(existsSync(releaseDir(dataDir, 'remote-tasks', ids[0]))).toBe(false);
    expect(existsSync(releaseDir(dataDir, 'remote-tasks', ids[1]))).toBe(true);
  });

  it('deletes staging copies left by a release killed midway, but not one made just now', () => {
    const packageDir = path.dirname(releaseDir(dataDir, 'remote-tasks', 'x'));
    const stale = path.join(packageDir, '0123456789ab.partial-dead0001');
    const fresh = path.join(packageDir, '0123456789ab.partial-live0002');
    for (const dir of [stale, fresh]) mkdirSync(path.join(dir, 'nested'), { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    release('1');
    const left = readdirSync(packageDir);
    expect(left).not.toContain(path.basename(stale));
    expect(left).toContain(path.basename(fresh));
  });

  it('rolls back to the previous release, then to a named one', () => {
    const [one, two, three] = ['1', '2', '3'].map((label) => release(label).id);
    expect(rollbackRelease({ dataDir, target: remote })).toEqual({ id: two, from: three });
    expect(rollbackRelease({ dataDir, target: remote })).toEqual({ id: one, from: two });
    expect(() => rollbackRelease({ dataDir, target: remote })).toThrow(/oldest kept one/);
    expect(rollbackRelease({ dataDir, target: remote, to: three })).toEqual({
      id: three,
      from: one,
    });
    expect(() => rollbackRelease({ dataDir, target: remote, to: 'abcdefabcdef' })).toThrow(
      'remote_tasks has no release abcdefabcdef',
    );
  });

  it('refuses a folder that is not a build, and a rollback of a remote never released', () => {
    const empty = path.join(root, 'empty');
    mkdirSync(empty);
    expect(() => releaseBuild({ dataDir, target: remote, distDir: empty })).toThrow(
      /holds no mf-manifest.json/,
    );
    expect(() => rollbackRelease({ dataDir, target: remote })).toThrow(
      'remote_tasks has no release to roll back to.',
    );
    expect(activeReleases(dataDir)).toEqual({});
  });

  const listed = () => readReleaseRegistry(dataDir).remotes.remote_tasks.releases.map((r) => r.id);
  const folderOf = (id: string) => releaseDir(dataDir, 'remote-tasks', id);

  it('never deletes the active release: rolled back to the oldest, the next release keeps it', () => {
    const [one] = ['1', '2', '3'].map((label) => release(label, 3).id);
    expect(rollbackRelease({ dataDir, target: remote, to: one })).toMatchObject({ id: one });

    // A fourth release pushes the oldest past --keep 3, but the oldest is what open tabs run.
    const four = release('4', 3);
    expect(four.removed).not.toContain(one);
    expect(existsSync(path.join(folderOf(one!), 'nested/chunk.js'))).toBe(true);
    expect(listed()).toContain(one);
    // Once it is neither active nor the previous active, it goes like any other.
    const five = release('5', 3);
    expect(five.removed).toContain(one);
    expect(existsSync(folderOf(one!))).toBe(false);
    expect(listed()).toEqual(listed().filter((id) => existsSync(folderOf(id))));
  });

  it('with --keep 1 keeps the previous active release too, until the next release', () => {
    const one = release('1', 1).id;
    const two = release('2', 1);
    expect(two.removed).toEqual([]);
    expect(listed()).toEqual([one, two.id]);
    expect(existsSync(folderOf(one))).toBe(true);
    // A rollback to it stays possible: the tabs of release 1 are still open.
    expect(rollbackRelease({ dataDir, target: remote })).toEqual({ id: one, from: two.id });
    const three = release('3', 1);
    // Release 1 was active: kept; release 2 was neither: gone.
    expect(three.removed).toEqual([two.id]);
    expect(listed()).toEqual([one, three.id]);
  });
});

describe('releases under concurrency (one lock around releases.json)', () => {
  const run = promisify(execFile);
  const worker = path.join(__dirname, 'fixtures', 'release-worker.cjs');
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'duly-releases-race-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const releasedBy = async (label: string, count: number, keep: number) =>
    (
      await run(process.execPath, [worker, dataDir, 'release', String(count), label, String(keep)])
    ).stdout
      .split('\n')
      .filter(Boolean);
  const rollbacks = (count: number) =>
    run(process.execPath, [worker, dataDir, 'rollback', String(count)]);

  /** What every reader of the registry relies on, whatever raced. */
  function expectConsistent() {
    const entry = readReleaseRegistry(dataDir).remotes.remote_tasks;
    const ids = entry.releases.map((release) => release.id);
    expect(ids).toContain(entry.active);
    expect(new Set(ids).size).toBe(ids.length);
    // Every listed release has its folder, and no folder is left that the registry does not list
    // (nothing half-copied, nothing orphaned).
    for (const id of ids) {
      expect(
        existsSync(path.join(releaseDir(dataDir, 'remote-tasks', id), 'mf-manifest.json')),
      ).toBe(true);
    }
    expect(readdirSync(path.join(dataDir, 'releases', 'remote-tasks')).sort()).toEqual(
      [...ids].sort(),
    );
    expect(existsSync(path.join(dataDir, 'releases', LOCK_FILE))).toBe(false);
    return ids;
  }

  it('two releases and a rollback in three processes at once lose no release', async () => {
    const [first, second] = await Promise.all([
      releasedBy('a', 40, 100),
      releasedBy('b', 40, 100),
      rollbacks(40),
    ]);
    const ids = expectConsistent();
    expect([...ids].sort()).toEqual([...first!, ...second!].sort());
  });

  it('with --keep 2, the racing processes never leave the active release without its folder', async () => {
    await Promise.all([releasedBy('a', 40, 2), releasedBy('b', 40, 2), rollbacks(40)]);
    const ids = expectConsistent();
    // --keep 2, plus at most the previous active one.
    expect(ids.length).toBeLessThanOrEqual(3);
  });
});

describe('the release lock', () => {
  let dataDir: string;
  const lockFile = () => path.join(dataDir, 'releases', LOCK_FILE);

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'duly-releases-lock-'));
    mkdirSync(path.join(dataDir, 'releases'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('waits for a live holder, then gives up with a sentence naming it', () => {
    const holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
    writeFileSync(lockFile(), JSON.stringify(holder));
    const started = Date.now();
    expect(() => withReleaseLock(dataDir, () => 'never', { waitMs: 300 })).toThrow(
      `Another release or rollback holds ${lockFile()} (process ${process.pid}`,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    // Still theirs.
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual(holder);
  });

  it('takes over a lock whose process is gone (a release killed midway), and removes it after', () => {
    const gone = execFileSync(process.execPath, ['-p', 'process.pid'], { encoding: 'utf8' });
    writeFileSync(
      lockFile(),
      JSON.stringify({ pid: Number(gone), host: hostname(), since: new Date().toISOString() }),
    );
    expect(withReleaseLock(dataDir, () => JSON.parse(readFileSync(lockFile(), 'utf8')).pid)).toBe(
      process.pid,
    );
    expect(existsSync(lockFile())).toBe(false);
  });

  it('is held once per process: a release inside a held lock does not wait for itself', async () => {
    const result = await withReleaseLock(dataDir, async () =>
      withReleaseLock(dataDir, () => 'nested'),
    );
    expect(result).toBe('nested');
    expect(existsSync(lockFile())).toBe(false);
  });
});
