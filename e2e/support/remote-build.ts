import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { REPO_ROOT } from './duly-server';

/** A sha256 over every file name and content of a folder: equal means byte-identical. */
export function folderDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        hash.update(path.relative(dir, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}

export interface SourceChange {
  /** File under the package's `src/`. */
  file: string;
  from: RegExp;
  to: string;
}

export interface RemoteWorkspace {
  /** The new build's output folder. */
  dist: string;
  dispose(): void;
}

/**
 * Builds a changed version of a remote the way its team would: a copy of the package with a
 * source edit, built by its own webpack config, into the copy's own dist/. The real package,
 * and every other package's dist/, are left as they are.
 *
 * The copy sits beside links to the repository's node_modules and scripts/, so its
 * `require('../scripts/webpack/remote.cjs')` and its dependencies resolve exactly as in the
 * repository.
 */
export function buildChangedRemote(pkg: string, change: SourceChange): RemoteWorkspace {
  const workspace = mkdtempSync(path.join(tmpdir(), `duly-${pkg}-`));
  const dispose = () => rmSync(workspace, { recursive: true, force: true });
  try {
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(workspace, 'node_modules'));
    symlinkSync(path.join(REPO_ROOT, 'scripts'), path.join(workspace, 'scripts'));
    const source = path.join(REPO_ROOT, pkg);
    const copy = path.join(workspace, pkg);
    cpSync(source, copy, {
      recursive: true,
      filter: (from) => !['node_modules', 'dist'].includes(path.basename(from)),
    });
    // The package's own tools (its webpack-cli) as npm installed them.
    if (existsSync(path.join(source, 'node_modules'))) {
      symlinkSync(path.join(source, 'node_modules'), path.join(copy, 'node_modules'));
    }

    const file = path.join(copy, 'src', change.file);
    const before = readFileSync(file, 'utf8');
    const after = before.replace(change.from, change.to);
    if (after === before) {
      throw new Error(
        `${pkg}/src/${change.file} no longer matches ${change.from}: update the test's change`,
      );
    }
    writeFileSync(file, after);

    const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [copy] });
    const build = spawnSync(process.execPath, [cli, 'build', '--mode', 'production'], {
      cwd: copy,
      encoding: 'utf8',
    });
    if (build.status !== 0) {
      throw new Error(`Building the changed ${pkg} failed:\n${build.stdout}\n${build.stderr}`);
    }
    return { dist: path.join(copy, 'dist'), dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
