import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  activeReleases,
  readReleaseRegistry,
  releaseDir,
  releaseRemote,
  rollbackRemote,
} from '../releases.cjs';

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
    releaseRemote({
      dataDir,
      remote,
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

  it('rolls back to the previous release, then to a named one', () => {
    const [one, two, three] = ['1', '2', '3'].map((label) => release(label).id);
    expect(rollbackRemote({ dataDir, remote })).toEqual({ id: two, from: three });
    expect(rollbackRemote({ dataDir, remote })).toEqual({ id: one, from: two });
    expect(() => rollbackRemote({ dataDir, remote })).toThrow(/oldest kept one/);
    expect(rollbackRemote({ dataDir, remote, to: three })).toEqual({ id: three, from: one });
    expect(() => rollbackRemote({ dataDir, remote, to: 'abcdefabcdef' })).toThrow(
      'remote_tasks has no release abcdefabcdef',
    );
  });

  it('refuses a folder that is not a build, and a rollback of a remote never released', () => {
    const empty = path.join(root, 'empty');
    mkdirSync(empty);
    expect(() => releaseRemote({ dataDir, remote, distDir: empty })).toThrow(
      /holds no mf-manifest.json/,
    );
    expect(() => rollbackRemote({ dataDir, remote })).toThrow(
      'remote_tasks has no release to roll back to.',
    );
    expect(activeReleases(dataDir)).toEqual({});
  });
});
