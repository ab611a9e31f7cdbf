#!/usr/bin/env node
// `npm run check:compat [-- --shell <file|url>] [<remote>…]`: can these remotes run in that
// shell? A remote is a package folder (remote-tasks: its dist/mf-manifest.json), a manifest
// file or a manifest URL; none means every built remote of remotes.json. The shell is
// SHELL_MANIFEST, or --shell, or the local build (shell/dist/shell-manifest.json).
// Prints yes or no per remote (naming each package and both versions) and exits 1 on any no.
const { existsSync } = require('node:fs');
const path = require('node:path');
const { compatVerdict, readJson, readShellManifest } = require('./compat.cjs');
const { readRemoteRegistry, REGISTRY_FILE } = require('./remote-registry.cjs');

const ROOT = path.dirname(REGISTRY_FILE);
const USAGE =
  'Usage: npm run check:compat -- [--shell <shell-manifest.json file or URL>] [<remote package, mf-manifest.json file or URL>…]';

function parseArgs(argv) {
  const remotes = [];
  let shell = process.env.SHELL_MANIFEST?.trim() || undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--shell') {
      shell = argv[index + 1];
      index += 1;
      if (!shell) throw new Error(USAGE);
    } else if (arg.startsWith('--shell=')) shell = arg.slice('--shell='.length);
    else if (arg.startsWith('-')) throw new Error(`Unknown option ${arg}.\n${USAGE}`);
    else remotes.push(arg);
  }
  return { shell: shell ?? path.join(ROOT, 'shell/dist/shell-manifest.json'), remotes };
}

/** A remote argument → where its manifest is. */
function manifestSource(arg) {
  if (/^https?:\/\//i.test(arg) || arg.endsWith('.json')) return arg;
  return path.join(ROOT, path.basename(arg), 'dist', 'mf-manifest.json');
}

async function main() {
  const { shell, remotes } = parseArgs(process.argv.slice(2));
  const sources =
    remotes.length > 0
      ? remotes.map(manifestSource)
      : readRemoteRegistry()
          .map((remote) => manifestSource(remote.package))
          .filter((file) => existsSync(file));
  if (sources.length === 0) throw new Error(`No remote is built: build one or name it.\n${USAGE}`);
  const shellManifest = await readShellManifest(shell);
  console.log(`Shell: ${shell}`);
  let compatible = true;
  for (const source of sources) {
    const verdict = compatVerdict(shellManifest, await readJson(source));
    console.log(verdict.text);
    compatible &&= verdict.ok;
  }
  process.exitCode = compatible ? 0 : 1;
}

main().catch((error) => {
  console.error(error.code === 'ENOENT' ? `Not found: ${error.path}` : error.message);
  process.exitCode = 2;
});
