// Immutable releases of the shell and the remotes, served by `npm start` (docs/deploying.md).
//
// A release is a copy of a built dist/ in its own folder, named by a hash of its content,
// under <DATA_DIR>/releases/<package>/<id>/; the folder never changes once written.
// <DATA_DIR>/releases/releases.json says which release of the shell and of each remote is
// active and keeps the last few. The server reads it on every page and config.json request, so
// a release or a rollback is one file rename away from every fresh page load, and a tab opened
// on an earlier release keeps loading that release's chunks from its folder.
//
// Every change of the registry runs under one lock (release-lock.cjs) and writes it whole with a
// rename; neither the active release nor the one active before it is ever deleted, since open
// tabs run them.
// CommonJS: the release command, jest and the API server (through tsx) all load it.
const { createHash, randomBytes } = require('node:crypto');
const {
  closeSync,
  cpSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} = require('node:fs');
const path = require('node:path');
const { ReleaseError } = require('./release-error.cjs');
const { withReleaseLock } = require('./release-lock.cjs');

const REGISTRY_NAME = 'releases.json';
/** How many releases of the shell or a remote are kept (the active one always is). */
const DEFAULT_KEEP = 5;
const MANIFEST_FILE = 'mf-manifest.json';
/** The file whose presence means a shell build is complete (the page itself). */
const SHELL_PAGE = 'index.html';
/** A release id: the first 12 hex digits of the content hash. */
const RELEASE_ID = /^[0-9a-f]{12}$/;
/** The shell, released like a remote: `npm run release -- shell`. */
const SHELL = Object.freeze({ name: 'shell', package: 'shell' });
/**
 * A staging copy older than this was left by a release that died midway (killed, machine
 * stopped): no live release copies a build for an hour, so it is safe to delete.
 */
const STALE_STAGING_MS = 60 * 60 * 1000;

/**
 * @typedef {{ name: string, package: string }} Target the shell (SHELL) or a remote of remotes.json
 * @typedef {{ id: string, version: string | null, createdAt: string }} Release
 * @typedef {{ active: string, releases: Release[] }} RemoteReleases
 * @typedef {{ remotes: Record<string, RemoteReleases>, shell?: RemoteReleases }} ReleaseRegistry
 */

function isShell(target) {
  return target.package === SHELL.package;
}

/** The file a complete build of the target always has. */
function markerOf(target) {
  return isShell(target) ? SHELL_PAGE : MANIFEST_FILE;
}

/** The target's entry of the registry, if it was ever released. */
function entryOf(registry, target) {
  return isShell(target) ? registry.shell : registry.remotes[target.name];
}

function setEntry(registry, target, entry) {
  if (isShell(target)) registry.shell = entry;
  else registry.remotes[target.name] = entry;
}

/** `<DATA_DIR>/releases`. */
function releasesDir(dataDir) {
  return path.join(dataDir, 'releases');
}

/** The folder of one release. */
function releaseDir(dataDir, pkg, id) {
  return path.join(releasesDir(dataDir), pkg, id);
}

/** Every file of a folder, relative, sorted: the same list on every machine. */
function filesOf(dir) {
  const files = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return files.sort();
}

/** The release id of a build folder: a hash of every file name and content. */
function contentId(dir) {
  const hash = createHash('sha256');
  for (const file of filesOf(dir)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * The registry, or an empty one when no release was ever made. A registry that cannot be read
 * is an error, never "no releases": serving dist/ instead would silently undo a rollback.
 * @returns {ReleaseRegistry}
 */
function readReleaseRegistry(dataDir) {
  const file = path.join(releasesDir(dataDir), REGISTRY_NAME);
  if (!existsSync(file)) return { remotes: {} };
  const registry = JSON.parse(readFileSync(file, 'utf8'));
  const validShell = registry?.shell === undefined || typeof registry.shell?.active === 'string';
  if (
    !registry ||
    typeof registry !== 'object' ||
    typeof registry.remotes !== 'object' ||
    !validShell
  ) {
    throw new ReleaseError(`${file} is not a release registry.`);
  }
  return registry;
}

/**
 * Replaces the registry in one rename, so a reader sees the old file or the new, never half.
 * The new file is flushed to disk before the rename: after a power loss the rename may be
 * lost (the previous registry), never the content it points at (an empty registry).
 */
function writeReleaseRegistry(dataDir, registry) {
  const dir = releasesDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `.${REGISTRY_NAME}.${randomBytes(4).toString('hex')}`);
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, `${JSON.stringify(registry, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path.join(dir, REGISTRY_NAME));
}

/** The last registry parsed per file, with the identity of the file it came from. */
const snapshots = new Map();

/**
 * The registry for reading only, parsed again only when the file changed: the server asks on
 * every request for a page or a shell file, and a release replaces the file by a rename, so a
 * new file always has a new inode (compared with its size and mtime). Never change the object
 * it returns; a release or rollback reads its own copy with readReleaseRegistry under the lock.
 * @returns {ReleaseRegistry}
 */
function registrySnapshot(dataDir) {
  const file = path.join(releasesDir(dataDir), REGISTRY_NAME);
  let stat;
  try {
    stat = statSync(file);
  } catch (error) {
    if (error.code === 'ENOENT') return { remotes: {} };
    throw error;
  }
  const identity = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  const cached = snapshots.get(file);
  if (cached?.identity === identity) return cached.registry;
  const registry = readReleaseRegistry(dataDir);
  snapshots.set(file, { identity, registry });
  return registry;
}

/**
 * The active release of each remote that has one: name → id.
 * @returns {Record<string, string>}
 */
function activeReleases(dataDir) {
  const active = {};
  for (const [name, entry] of Object.entries(registrySnapshot(dataDir).remotes)) {
    if (entry && typeof entry.active === 'string' && RELEASE_ID.test(entry.active)) {
      active[name] = entry.active;
    }
  }
  return active;
}

/**
 * The active shell release whose folder is complete, or null (none made, or its folder gone).
 * @returns {{ id: string, dir: string } | null}
 */
function activeShellRelease(dataDir) {
  const id = registrySnapshot(dataDir).shell?.active;
  if (typeof id !== 'string' || !RELEASE_ID.test(id)) return null;
  const dir = releaseDir(dataDir, SHELL.package, id);
  return existsSync(path.join(dir, SHELL_PAGE)) ? { id, dir } : null;
}

/**
 * The folders of every kept shell release, the active one first: a tab opened on an earlier
 * release still asks for that release's chunks (at the same root URLs).
 * @returns {string[]}
 */
function keptShellReleaseDirs(dataDir) {
  const entry = registrySnapshot(dataDir).shell;
  if (!entry) return [];
  const ids = entry.releases.map((release) => release.id).filter((id) => RELEASE_ID.test(id));
  const ordered = [entry.active, ...ids.reverse().filter((id) => id !== entry.active)];
  return ordered.map((id) => releaseDir(dataDir, SHELL.package, id));
}

/**
 * The version a build records: a remote's buildVersion (its package.json version, in its
 * federation manifest); for the shell, the @duly/shared it provides (its shell-manifest.json).
 */
function buildVersionOf(dir) {
  try {
    if (existsSync(path.join(dir, 'shell-manifest.json'))) {
      const shell = JSON.parse(readFileSync(path.join(dir, 'shell-manifest.json'), 'utf8'));
      const shared = shell.provides?.['@duly/shared']?.version;
      return shared ? `@duly/shared ${shared}` : null;
    }
    const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'));
    return manifest.metaData?.buildInfo?.buildVersion ?? null;
  } catch {
    return null;
  }
}

/**
 * Deletes the staging copies (`<id>.partial-<random>`) that releases killed midway left beside
 * a package's release folders; a copy younger than STALE_STAGING_MS may belong to a release
 * running now (copies are made before the lock is taken) and is kept.
 * @returns {string[]} the names removed
 */
function removeStaleStaging(packageDir, now) {
  if (!existsSync(packageDir)) return [];
  const stale = readdirSync(packageDir).filter(
    (name) =>
      name.includes('.partial-') &&
      now.getTime() - statSync(path.join(packageDir, name)).mtimeMs > STALE_STAGING_MS,
  );
  for (const name of stale) rmSync(path.join(packageDir, name), { recursive: true, force: true });
  return stale;
}

/** Copies a build aside, beside where its release folder goes; renamed into place later. */
function stageCopy(distDir, target) {
  const staging = `${target}.partial-${randomBytes(4).toString('hex')}`;
  mkdirSync(path.dirname(target), { recursive: true });
  cpSync(distDir, staging, { recursive: true });
  return staging;
}

/**
 * Releases a build of the shell or a remote: copies `distDir` into its own folder (copied
 * aside, then renamed into place, so a half-copied release is never served), makes it the
 * active one and keeps the last `keep` releases, plus the release that was active until now
 * (open tabs run it; a rollback may go back to it). Releasing a build identical to a kept
 * release just makes that one active.
 * @param {{ dataDir: string, target: Target, distDir: string, keep?: number, now?: Date }} options
 * @returns {{ id: string, created: boolean, removed: string[] }}
 */
function releaseBuild({ dataDir, target, distDir, keep = DEFAULT_KEEP, now = new Date() }) {
  const marker = markerOf(target);
  if (!existsSync(path.join(distDir, marker))) {
    throw new ReleaseError(
      `${distDir} holds no ${marker}: build it first (npm run build -w ${target.package}).`,
    );
  }
  if (!Number.isInteger(keep) || keep < 1) throw new ReleaseError('keep must be 1 or more.');
  const id = contentId(distDir);
  const folder = releaseDir(dataDir, target.package, id);
  const release = { id, version: buildVersionOf(distDir), createdAt: now.toISOString() };
  // The copy, the slow part, is made before the lock is taken.
  let staging = existsSync(folder) ? null : stageCopy(distDir, folder);
  try {
    return withReleaseLock(dataDir, () => {
      // Checked again under the lock: another release may have deleted it since.
      const created = !existsSync(folder);
      if (created) {
        staging ??= stageCopy(distDir, folder);
        renameSync(staging, folder);
        staging = null;
      }
      const registry = readReleaseRegistry(dataDir);
      const entry = entryOf(registry, target);
      // Newest last; a re-release of the same content moves to the end.
      const releases = [...(entry?.releases ?? []).filter((kept) => kept.id !== id), release];
      const inUse = new Set([id, entry?.active]);
      const removed = releases
        .slice(0, Math.max(0, releases.length - keep))
        .map((old) => old.id)
        .filter((old) => !inUse.has(old));
      const kept = releases.filter((kept) => !removed.includes(kept.id));
      setEntry(registry, target, { active: id, releases: kept });
      writeReleaseRegistry(dataDir, registry);
      // Deleted under the lock too: a release of the same content meanwhile would find the
      // folder there, make it active, and then lose it.
      for (const old of removed) {
        rmSync(releaseDir(dataDir, target.package, old), { recursive: true, force: true });
      }
      removeStaleStaging(path.dirname(folder), new Date());
      return { id, created, removed };
    });
  } finally {
    if (staging) rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The release a rollback would activate: `to`, or the one released before the active one.
 * Throws a sentence when there is none or its folder is missing. Call it under the lock (as
 * rollbackRelease does) when what it says must still hold when acting on it.
 * @param {{ dataDir: string, target: Target, to?: string }} options
 * @returns {{ release: Release, dir: string, from: string }}
 */
function rollbackTarget({ dataDir, target, to }) {
  const entry = entryOf(readReleaseRegistry(dataDir), target);
  if (!entry || entry.releases.length === 0) {
    throw new ReleaseError(`${target.name} has no release to roll back to.`);
  }
  const activeIndex = entry.releases.findIndex((release) => release.id === entry.active);
  const release = to
    ? entry.releases.find((kept) => kept.id === to)
    : entry.releases[activeIndex - 1];
  if (!release) {
    const known = entry.releases.map((kept) => kept.id).join(', ');
    throw new ReleaseError(
      to
        ? `${target.name} has no release ${to} (kept: ${known}).`
        : `${target.name}'s active release ${entry.active} is its oldest kept one (kept: ${known}).`,
    );
  }
  const dir = releaseDir(dataDir, target.package, release.id);
  if (!existsSync(path.join(dir, markerOf(target)))) {
    throw new ReleaseError(`The folder of ${target.name} release ${release.id} is missing.`);
  }
  return { release, dir, from: entry.active };
}

/**
 * Makes an earlier release active again: `to`, or the one released before the active one.
 * @param {{ dataDir: string, target: Target, to?: string }} options
 * @returns {{ id: string, from: string }}
 */
function rollbackRelease({ dataDir, target, to }) {
  return withReleaseLock(dataDir, () => {
    const { release, from } = rollbackTarget({ dataDir, target, to });
    const registry = readReleaseRegistry(dataDir);
    setEntry(registry, target, { ...entryOf(registry, target), active: release.id });
    writeReleaseRegistry(dataDir, registry);
    return { id: release.id, from };
  });
}

module.exports = {
  DEFAULT_KEEP,
  RELEASE_ID,
  ReleaseError,
  SHELL,
  activeReleases,
  activeShellRelease,
  contentId,
  keptShellReleaseDirs,
  readReleaseRegistry,
  releaseBuild,
  releaseDir,
  releasesDir,
  rollbackRelease,
  rollbackTarget,
  withReleaseLock,
};
