import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
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
  /** File under the package's `src/` (`../package.json` reaches the package's manifest). */
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

export interface RepoChange {
  /** File relative to the repository root (`shared/src/ui/EmptyState.tsx`). */
  file: string;
  from: RegExp;
  to: string;
}

function applyChange(root: string, change: RepoChange): void {
  const file = path.join(root, change.file);
  const before = readFileSync(file, 'utf8');
  const after = before.replace(change.from, change.to);
  if (after === before) {
    throw new Error(`${change.file} no longer matches ${change.from}: update the test's change`);
  }
  writeFileSync(file, after);
}

/**
 * Builds a changed shell the way the platform team would: copies of `shell/` and `shared/` (the
 * `@duly/shared` the shell's build bundles and provides) with the given edits, built by the
 * shell's own webpack config. The copy's node_modules links every installed package of the
 * repository except `@duly/shared`, which is the edited copy; the repository is left as it is.
 */
export function buildChangedShell(changes: RepoChange[]): RemoteWorkspace {
  const workspace = mkdtempSync(path.join(tmpdir(), 'duly-shell-'));
  const dispose = () => rmSync(workspace, { recursive: true, force: true });
  try {
    const skip = (from: string) => !['node_modules', 'dist'].includes(path.basename(from));
    for (const pkg of ['shell', 'shared']) {
      cpSync(path.join(REPO_ROOT, pkg), path.join(workspace, pkg), {
        recursive: true,
        filter: skip,
      });
    }
    symlinkSync(path.join(REPO_ROOT, 'scripts'), path.join(workspace, 'scripts'));
    if (existsSync(path.join(REPO_ROOT, 'shell/node_modules'))) {
      symlinkSync(
        path.join(REPO_ROOT, 'shell/node_modules'),
        path.join(workspace, 'shell/node_modules'),
      );
    }
    const modules = path.join(workspace, 'node_modules');
    mkdirSync(path.join(modules, '@duly'), { recursive: true });
    for (const entry of readdirSync(path.join(REPO_ROOT, 'node_modules'))) {
      if (entry === '@duly') continue;
      symlinkSync(path.join(REPO_ROOT, 'node_modules', entry), path.join(modules, entry));
    }
    for (const entry of readdirSync(path.join(REPO_ROOT, 'node_modules/@duly'))) {
      const target =
        entry === 'shared'
          ? path.join(workspace, 'shared')
          : path.join(REPO_ROOT, 'node_modules/@duly', entry);
      symlinkSync(target, path.join(modules, '@duly', entry));
    }
    for (const change of changes) applyChange(workspace, change);

    const copy = path.join(workspace, 'shell');
    const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [copy] });
    const build = spawnSync(process.execPath, [cli, 'build', '--mode', 'production'], {
      cwd: copy,
      encoding: 'utf8',
    });
    if (build.status !== 0) {
      throw new Error(`Building the changed shell failed:\n${build.stdout}\n${build.stderr}`);
    }
    return { dist: path.join(copy, 'dist'), dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
