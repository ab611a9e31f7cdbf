#!/usr/bin/env node
// Release and roll back the shell and the remotes served by `npm start`, with no restart
// (docs/deploying.md):
//
//   npm run release -- <shell | remote package> [--dist <folder>] [--keep <n>] [--force]
//   npm run rollback -- <shell | remote package> [--to <release id>] [--force]
//   npm run releases [-- <shell | remote package>]
//
// The releases live in DATA_DIR (default ./data, the server's data folder). Nothing is made
// active that the other side, as the server serves it now (scripts/served.cjs), refuses:
// - a remote (released or rolled back to) is checked against the shell served: SHELL_MANIFEST
//   when set (a shell hosted elsewhere), else DULY_SHELL_DIR, else the active shell release,
//   else shell/dist;
// - a shell (released or rolled back to) is checked against every remote served: its URL
//   setting, its active release or its dist/.
// --force skips the check. The check and the change run under the release lock, so what was
// checked is still what is served when the change lands.
const path = require('node:path');
const { compatVerdict, readJson, readShellManifest } = require('./compat.cjs');
const { readRemoteRegistry, REGISTRY_FILE } = require('./remote-registry.cjs');
const {
  DEFAULT_KEEP,
  ReleaseError,
  SHELL,
  readReleaseRegistry,
  releaseBuild,
  rollbackRelease,
  rollbackTarget,
  withReleaseLock,
} = require('./releases.cjs');
const {
  SHELL_MANIFEST_FILE,
  dataDirFromEnv,
  servedRemotes,
  servedShellManifest,
  servedSourcesFromEnv,
} = require('./served.cjs');

/** The folder holding shell/ and the remote-… packages: DULY_WEB_ROOT, as for the server. */
const ROOT = path.resolve(process.env.DULY_WEB_ROOT?.trim() || path.dirname(REGISTRY_FILE));
const USAGE = [
  'Usage:',
  '  npm run release -- <shell | remote package> [--dist <folder>] [--keep <n>] [--force]',
  '  npm run rollback -- <shell | remote package> [--to <release id>] [--force]',
  '  npm run releases [-- <shell | remote package>]',
].join('\n');

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

/** `shell`, or a remote by package folder or name. */
function targetOf(arg) {
  if (!arg) throw new ReleaseError(`Name the shell or a remote.\n${USAGE}`);
  const folder = path.basename(arg);
  if (folder === SHELL.package) return SHELL;
  const remote = readRemoteRegistry().find(
    (entry) => entry.package === folder || entry.name === folder,
  );
  if (!remote) throw new ReleaseError(`${arg} is neither the shell nor a remote of remotes.json.`);
  return remote;
}

/** Reads a manifest, turning a missing file into a sentence. */
async function readManifest(source, what, read = readJson) {
  try {
    return await read(source);
  } catch (error) {
    const reason = error.code === 'ENOENT' ? 'it is missing' : error.message;
    throw new ReleaseError(`Cannot check ${what} (${source}): ${reason}. Use --force to skip.`);
  }
}

/**
 * Can the remote build in `dir` run in the shell served now? Prints the verdict; true or false.
 */
async function remoteRunsInServedShell(dir) {
  const explicit = process.env.SHELL_MANIFEST?.trim();
  const served = explicit
    ? { file: explicit, from: 'SHELL_MANIFEST' }
    : servedShellManifest(servedSourcesFromEnv(ROOT));
  const shell = await readManifest(
    served.file,
    `against the shell served (${served.from})`,
    readShellManifest,
  );
  const remote = await readManifest(path.join(dir, 'mf-manifest.json'), 'the remote');
  const verdict = compatVerdict(shell, remote);
  console.log(`Against the shell served (${served.from}, ${served.file}):\n${verdict.text}`);
  return verdict.ok;
}

/**
 * Can every remote served now run in the shell build in `dir`? Prints a verdict per remote.
 */
async function shellRunsServedRemotes(dir) {
  const shell = await readManifest(
    path.join(dir, SHELL_MANIFEST_FILE),
    'the shell',
    readShellManifest,
  );
  let ok = true;
  for (const [name, served] of Object.entries(servedRemotes(servedSourcesFromEnv(ROOT)))) {
    const from = served.kind === 'release' ? `release ${served.id}` : served.kind;
    const remote = await readManifest(served.manifest, `${name} as served (${from})`);
    const verdict = compatVerdict(shell, remote);
    console.log(`${name} as served (${from}): ${verdict.text}`);
    ok &&= verdict.ok;
  }
  return ok;
}

/** Whether the build in `dir` and what runs beside it, as served now, agree. */
function compatibleWithServed(target, dir) {
  return target === SHELL ? shellRunsServedRemotes(dir) : remoteRunsInServedShell(dir);
}

async function release(target, options, dataDir) {
  if (target === SHELL && process.env.DULY_SHELL_DIR?.trim()) {
    console.log('Note: DULY_SHELL_DIR is set: a server with it serves that folder, not releases.');
  }
  const distDir = path.resolve(options.dist ?? path.join(ROOT, target.package, 'dist'));
  const result = await withReleaseLock(dataDir, async () => {
    if (!options.force && !(await compatibleWithServed(target, distDir))) {
      throw new ReleaseError('Not released: see above (or use --force).');
    }
    return releaseBuild({ dataDir, target, distDir, keep: options.keep ?? DEFAULT_KEEP });
  });
  console.log(
    `${target.name}: release ${result.id} is active${result.created ? '' : ' (already released: made active again)'}.`,
  );
  if (result.removed.length > 0) console.log(`Removed old releases: ${result.removed.join(', ')}.`);
}

async function rollback(target, options, dataDir) {
  const result = await withReleaseLock(dataDir, async () => {
    const { release: chosen, dir } = rollbackTarget({ dataDir, target, to: options.to });
    if (!options.force && !(await compatibleWithServed(target, dir))) {
      const other = target === SHELL ? 'the remotes served' : 'the shell served';
      throw new ReleaseError(
        `Not rolled back: ${target.name} release ${chosen.id} cannot run with ${other} (see above). ` +
          'Roll back or release the other side first, or use --force.',
      );
    }
    return rollbackRelease({ dataDir, target, to: chosen.id });
  });
  console.log(`${target.name}: release ${result.id} is active again (was ${result.from}).`);
}

function list(options, dataDir) {
  const registry = readReleaseRegistry(dataDir);
  const targets = options.positional[0]
    ? [targetOf(options.positional[0])]
    : [...(registry.shell ? [SHELL] : []), ...readRemoteRegistry()].filter(
        (target) => target === SHELL || registry.remotes[target.name],
      );
  if (targets.length === 0) console.log(`No release in ${dataDir}: the dist/ folders are served.`);
  for (const target of targets) {
    const entry = target === SHELL ? registry.shell : registry.remotes[target.name];
    console.log(`${target.name}:${entry ? '' : ' no release (its dist/ is served)'}`);
    for (const kept of entry?.releases ?? []) {
      const marker = kept.id === entry.active ? '*' : ' ';
      console.log(`  ${marker} ${kept.id}  ${kept.version ?? '?'}  ${kept.createdAt}`);
    }
  }
}

async function main() {
  const { command, options } = parse(process.argv.slice(2));
  const dataDir = dataDirFromEnv();
  if (command === 'release') await release(targetOf(options.positional[0]), options, dataDir);
  else if (command === 'rollback')
    await rollback(targetOf(options.positional[0]), options, dataDir);
  else if (command === 'list') list(options, dataDir);
  else throw new ReleaseError(USAGE);
}

main().catch((error) => {
  console.error(error instanceof ReleaseError ? error.message : error);
  process.exitCode = 1;
});
