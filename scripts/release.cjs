#!/usr/bin/env node
// Release and roll back remotes served by `npm start`, with no restart (docs/deploying.md):
//
//   npm run release -- remote-tasks [--dist <folder>] [--keep <n>] [--force]
//   npm run rollback -- remote-tasks [--to <release id>] [--force]
//   npm run releases [-- remote-tasks]
//
// The releases live in DATA_DIR (default ./data, the server's data folder). A release, and the
// release a rollback would activate, is first checked against the shell it will run in: the one
// the server serves (SHELL_MANIFEST if set, else DULY_SHELL_DIR's shell-manifest.json, else
// shell/dist's) and refused when incompatible; --force skips that check.
const { existsSync } = require('node:fs');
const path = require('node:path');
const { compatVerdict, readJson, readShellManifest } = require('./compat.cjs');
const { readRemoteRegistry, REGISTRY_FILE } = require('./remote-registry.cjs');
const {
  DEFAULT_KEEP,
  ReleaseError,
  readReleaseRegistry,
  releaseRemote,
  releaseDir,
  rollbackRemote,
  rollbackTarget,
} = require('./releases.cjs');

const ROOT = path.dirname(REGISTRY_FILE);
const USAGE = [
  'Usage:',
  '  npm run release -- <remote package> [--dist <folder>] [--keep <n>] [--force]',
  '  npm run rollback -- <remote package> [--to <release id>] [--force]',
  '  npm run releases [-- <remote package>]',
].join('\n');

/** The server's data folder, resolved as the server resolves it (api/src/plugins/config.ts). */
function dataDirFromEnv(env = process.env) {
  return path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR || './data');
}

function parse(argv) {
  const [command, ...rest] = argv;
  const options = { positional: [] };
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index];
    const value = () => {
      index += 1;
      if (rest[index] === undefined) throw new ReleaseError(`${arg} needs a value.\n${USAGE}`);
      return rest[index];
    };
    if (arg === '--dist') options.dist = value();
    else if (arg === '--keep') options.keep = Number(value());
    else if (arg === '--to') options.to = value();
    else if (arg === '--force') options.force = true;
    else if (arg.startsWith('-')) throw new ReleaseError(`Unknown option ${arg}.\n${USAGE}`);
    else options.positional.push(arg);
  }
  return { command, options };
}

function remoteOf(arg) {
  if (!arg) throw new ReleaseError(`Name the remote.\n${USAGE}`);
  const folder = path.basename(arg);
  const remote = readRemoteRegistry().find(
    (entry) => entry.package === folder || entry.name === folder,
  );
  if (!remote) throw new ReleaseError(`${arg} is not a remote of remotes.json.`);
  return remote;
}

/** The manifest of the shell the server serves (api/src/web/options.ts resolves the same folder). */
function servedShellManifest(env = process.env) {
  if (env.SHELL_MANIFEST?.trim()) return env.SHELL_MANIFEST.trim();
  const shellDir = env.DULY_SHELL_DIR?.trim()
    ? path.resolve(env.INIT_CWD ?? process.cwd(), env.DULY_SHELL_DIR.trim())
    : path.join(ROOT, 'shell', 'dist');
  return path.join(shellDir, 'shell-manifest.json');
}

async function checkAgainstShell(distDir) {
  const shell = servedShellManifest();
  if (!/^https?:/i.test(shell) && !existsSync(shell)) {
    throw new ReleaseError(`No shell manifest at ${shell}: build the shell, or use --force.`);
  }
  const verdict = compatVerdict(
    await readShellManifest(shell),
    await readJson(path.join(distDir, 'mf-manifest.json')),
  );
  console.log(verdict.text);
  if (!verdict.ok) throw new ReleaseError('Refused: see above (or use --force).');
}

async function main() {
  const { command, options } = parse(process.argv.slice(2));
  const dataDir = dataDirFromEnv();
  if (command === 'release') {
    const remote = remoteOf(options.positional[0]);
    const distDir = path.resolve(options.dist ?? path.join(ROOT, remote.package, 'dist'));
    if (!options.force) await checkAgainstShell(distDir);
    const result = releaseRemote({
      dataDir,
      remote,
      distDir,
      keep: options.keep ?? DEFAULT_KEEP,
    });
    console.log(
      `${remote.name}: release ${result.id} is active${result.created ? '' : ' (already released: made active again)'}.`,
    );
    if (result.removed.length > 0)
      console.log(`Removed old releases: ${result.removed.join(', ')}.`);
  } else if (command === 'rollback') {
    const remote = remoteOf(options.positional[0]);
    const to = rollbackTarget({ dataDir, remote, to: options.to });
    // A rollback activates a build the running shell may refuse: checked like a release.
    const targetDir = to && releaseDir(dataDir, remote.package, to);
    if (targetDir && !options.force && existsSync(targetDir)) await checkAgainstShell(targetDir);
    const result = rollbackRemote({ dataDir, remote, to: to ?? undefined });
    console.log(`${remote.name}: release ${result.id} is active again (was ${result.from}).`);
  } else if (command === 'list') {
    const registry = readReleaseRegistry(dataDir);
    const names = options.positional[0]
      ? [remoteOf(options.positional[0]).name]
      : Object.keys(registry.remotes);
    if (names.length === 0) console.log(`No release in ${dataDir}: the remotes' dist/ are served.`);
    for (const name of names) {
      const entry = registry.remotes[name];
      console.log(`${name}:${entry ? '' : ' no release (its dist/ is served)'}`);
      for (const release of entry?.releases ?? []) {
        const marker = release.id === entry.active ? '*' : ' ';
        console.log(`  ${marker} ${release.id}  ${release.version ?? '?'}  ${release.createdAt}`);
      }
    }
  } else {
    throw new ReleaseError(USAGE);
  }
}

main().catch((error) => {
  console.error(error instanceof ReleaseError ? error.message : error);
  process.exitCode = 1;
});
