/**
 * `npm start`'s first build (scripts/start.mjs buildStalePackages) says what it is doing:
 * which package, how many of how many, and how long each took. Run in a child process (the
 * script is an ES module) on a folder of two unbuilt packages, with the webpack build replaced
 * by one that writes the file a finished build leaves.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const START = pathToFileURL(path.resolve(__dirname, '..', 'start.mjs')).href;

function makePackage(root: string, name: string) {
  mkdirSync(path.join(root, name, 'src'), { recursive: true });
  writeFileSync(
    path.join(root, name, 'package.json'),
    JSON.stringify({ name, scripts: { build: 'webpack' } }),
  );
  writeFileSync(path.join(root, name, 'webpack.config.js'), '');
  writeFileSync(path.join(root, name, 'src', 'index.ts'), '');
}

/** What buildStalePackages logs in `root`, its fake build writing each package's marker. */
function buildLog(root: string): string[] {
  const script = `
    import { mkdirSync, writeFileSync } from 'node:fs';
    import path from 'node:path';
    const { buildStalePackages } = await import(${JSON.stringify(START)});
    const build = (root, pkg) => {
      mkdirSync(path.join(root, pkg, 'dist'), { recursive: true });
      writeFileSync(path.join(root, pkg, 'dist', pkg === 'shell' ? 'index.html' : 'mf-manifest.json'), '');
    };
    buildStalePackages({ root: ${JSON.stringify(root)}, build });`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean);
}

describe('the first build of npm start', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'duly-start-'));
    makePackage(root, 'shell');
    makePackage(root, 'remote-tasks');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('names each package as it builds, n of m, and how long it took', () => {
    expect(buildLog(root)).toEqual([
      'Building 2 front-end packages before the server starts (about a minute each)…',
      '[1/2] Building shell (not built yet)…',
      expect.stringMatching(/^\[1\/2\] shell built in \d+ s$/),
      '[2/2] Building remote-tasks (not built yet)…',
      expect.stringMatching(/^\[2\/2\] remote-tasks built in \d+ s$/),
    ]);
  });

  test('says nothing once everything is built', () => {
    buildLog(root);
    expect(buildLog(root)).toEqual([]);
  });
});
