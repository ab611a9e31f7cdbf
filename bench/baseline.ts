/**
 * Another version of the API to measure beside this tree's, in the same run (A/B): its
 * `api/` exported with `git archive` to a temporary folder, run with this tree's
 * node_modules, as `npm start -w api` would run it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

/** The folder holding `ref`'s api/ (and what it imports from the root), ready to start. */
export function exportBaseline(ref: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'duly-baseline-'));
  const archive = execFileSync(
    'git',
    ['archive', ref, 'api', 'scripts', 'remotes.json', 'package.json'],
    {
      cwd: ROOT,
      maxBuffer: 1 << 28,
    },
  );
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  if (existsSync(path.join(ROOT, 'api', 'node_modules'))) {
    symlinkSync(path.join(ROOT, 'api', 'node_modules'), path.join(dir, 'api', 'node_modules'));
  }
  return dir;
}
