// Immutable releases of remotes, served by `npm start` (docs/deploying.md).
//
// A release is a copy of a remote's built dist/ in its own folder, named by a hash of its
// content, under <DATA_DIR>/releases/<package>/<id>/; the folder never changes once written.
// <DATA_DIR>/releases/releases.json says which release of each remote is active and keeps the
// last few. The server reads it on every config.json request, so a release or a rollback is one
// file rename away from every fresh page load, and a tab opened on an earlier release keeps
// loading that release's chunks from its folder.
// CommonJS: the release command, jest and the API server (through tsx) all load it.
const { createHash, randomBytes } = require('node:crypto');
const {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} = require('node:fs');
const path = require('node:path');

const REGISTRY_NAME = 'releases.json';
const LOCK_NAME = 'releases.lock';
/** How long a release or rollback waits for another one to finish before giving up. */
const LOCK_WAIT_MS = 30_000;
/** A lock older than this was left by a process that died mid-change (a change takes seconds). */
const STALE_LOCK_MS = 120_000;
/** How many releases of a remote are kept (the active one always is). */
const DEFAULT_KEEP = 5;
const MANIFEST_FILE = 'mf-manifest.json';
/** A release id: the first 12 hex digits of the content hash. */
const RELEASE_ID = /^[0-9a-f]{12}$/;

/**
 * @typedef {{ id: string, version: string | null, createdAt: string }} Release
 * @typedef {{ active: string, releases: Release[] }} RemoteReleases
 * @typedef {{ remotes: Record<string, RemoteReleases> }} ReleaseRegistry
 */

class ReleaseError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ReleaseError';
  }
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
  if (!registry || typeof registry !== 'object' || typeof registry.remotes !== 'object') {
    throw new ReleaseError(`${file} is not a release registry.`);
  }
  return registry;
}

/** Replaces the registry in one rename, so a reader sees the old file or the new, never half. */
function writeReleaseRegistry(dataDir, registry) {
  const dir = releasesDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `.${REGISTRY_NAME}.${randomBytes(4).toString('hex')}`);
  writeFileSync(temporary, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(temporary, path.join(dir, REGISTRY_NAME));
}

/** Blocks the thread for `ms` (the release command is a short-lived CLI; nothing else runs). */
function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** True when the process that wrote the lock is gone (same machine: the lock holds its pid). */
function lockIsStale(file) {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 0);
      } catch (error) {
        if (error.code === 'ESRCH') return true;
      }
    }
    return Date.now() - statSync(file).mtimeMs > STALE_LOCK_MS;
  } catch {
    return false; // removed meanwhile: the next attempt takes it
  }
}

/**
 * Runs `change` while holding `<DATA_DIR>/releases/releases.lock`, created with O_EXCL: two
 * releases, or a release and a rollback, read-change-write the registry and delete folders one
 * after the other, never interleaved (one would lose the other's entry, or activate a folder the
 * other is deleting). A lock left by a dead process is taken over.
 */
function withReleaseLock(dataDir, change) {
  const dir = releasesDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_NAME);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let wait = 10; ; wait = Math.min(wait * 2, 250)) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (lockIsStale(file)) {
        rmSync(file, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new ReleaseError(
          `Another release or rollback holds ${file}; try again when it has finished.`,
        );
      }
      sleepSync(wait);
    }
  }
  try {
    return change();
  } finally {
    try {
      unlinkSync(file);
    } catch {
      // already gone: nothing to release
    }
  }
}

/**
 * The active release of each remote that has one: name → id.
 * @returns {Record<string, string>}
 */
function activeReleases(dataDir) {
  const active = {};
  for (const [name, entry] of Object.entries(readReleaseRegistry(dataDir).remotes)) {
    if (entry && typeof entry.active === 'string' && RELEASE_ID.test(entry.active)) {
      active[name] = entry.active;
    }
  }
  return active;
}

/** The buildVersion the federation manifest records (the remote's package.json version). */
function buildVersionOf(dir) {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'));
    return manifest.metaData?.buildInfo?.buildVersion ?? null;
  } catch {
    return null;
  }
}

/**
 * Releases a built remote: copies `distDir` into its own folder (written aside and renamed into
 * place, so a half-copied release is never served), makes it the active one and keeps the last
 * `keep` releases. Releasing a build identical to an existing release just makes that one active.
 * @param {{ dataDir: string, remote: { name: string, package: string }, distDir: string, keep?: number, now?: Date }} options
 * @returns {{ id: string, created: boolean, removed: string[] }}
 */
function releaseRemote({ dataDir, remote, distDir, keep = DEFAULT_KEEP, now = new Date() }) {
  if (!existsSync(path.join(distDir, MANIFEST_FILE))) {
    throw new ReleaseError(
      `${distDir} holds no ${MANIFEST_FILE}: build the remote first (npm run build -w ${remote.package}).`,
    );
  }
  if (!Number.isInteger(keep) || keep < 1) throw new ReleaseError('keep must be 1 or more.');
  const id = contentId(distDir);
  const target = releaseDir(dataDir, remote.package, id);
  const created = !existsSync(target);
  if (created) {
    const staging = `${target}.partial-${randomBytes(4).toString('hex')}`;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(distDir, staging, { recursive: true });
    renameSync(staging, target);
  }

  return withReleaseLock(dataDir, () => {
    const registry = readReleaseRegistry(dataDir);
    const entry = registry.remotes[remote.name];
    const release = { id, version: buildVersionOf(distDir), createdAt: now.toISOString() };
    // Newest last; a re-release of the same content moves to the end.
    const releases = [...(entry?.releases ?? []).filter((kept) => kept.id !== id), release];
    // Open tabs run the release that was active until now: it stays (as `previous`) whatever
    // its age, besides the newest `keep`, even after a rollback made an old release active.
    const protectedIds = new Set([id, entry?.active].filter(Boolean));
    const newest = new Set(releases.slice(-keep).map((kept) => kept.id));
    const kept = releases.filter((kept) => newest.has(kept.id) || protectedIds.has(kept.id));
    const removed = releases.filter((old) => !kept.includes(old)).map((old) => old.id);
    const previous = entry && entry.active !== id ? entry.active : entry?.previous;
    registry.remotes[remote.name] = { active: id, previous, releases: kept };
    writeReleaseRegistry(dataDir, registry);
    for (const old of removed) {
      rmSync(releaseDir(dataDir, remote.package, old), { recursive: true, force: true });
    }
    return { id, created, removed };
  });
}

/**
 * The release a rollback would activate (`to`, or the one before the active one), read without
 * the lock so the caller can check it against the served shell first; rollbackRemote({ to })
 * then activates exactly that one, or refuses if it is gone meanwhile.
 * @returns {string | null}
 */
function rollbackTarget({ dataDir, remote, to }) {
  if (to) return to;
  const entry = readReleaseRegistry(dataDir).remotes[remote.name];
  if (!entry) return null;
  const activeIndex = entry.releases.findIndex((release) => release.id === entry.active);
  return entry.releases[activeIndex - 1]?.id ?? null;
}

/**
 * Makes an earlier release active again: `to`, or the one released before the active one.
 * @param {{ dataDir: string, remote: { name: string, package: string }, to?: string }} options
 * @returns {{ id: string, from: string }}
 */
function rollbackRemote({ dataDir, remote, to }) {
  return withReleaseLock(dataDir, () => {
    const registry = readReleaseRegistry(dataDir);
    const entry = registry.remotes[remote.name];
    if (!entry || entry.releases.length === 0) {
      throw new ReleaseError(`${remote.name} has no release to roll back to.`);
    }
    const activeIndex = entry.releases.findIndex((release) => release.id === entry.active);
    const target = to
      ? entry.releases.find((release) => release.id === to)
      : entry.releases[activeIndex - 1];
    if (!target) {
      const known = entry.releases.map((release) => release.id).join(', ');
      throw new ReleaseError(
        to
          ? `${remote.name} has no release ${to} (kept: ${known}).`
          : `${remote.name}'s active release ${entry.active} is its oldest kept one (kept: ${known}).`,
      );
    }
    if (!existsSync(path.join(releaseDir(dataDir, remote.package, target.id), MANIFEST_FILE))) {
      throw new ReleaseError(`The folder of ${remote.name} release ${target.id} is missing.`);
    }
    const from = entry.active;
    registry.remotes[remote.name] = { ...entry, active: target.id, previous: from };
    writeReleaseRegistry(dataDir, registry);
    return { id: target.id, from };
  });
}

module.exports = {
  DEFAULT_KEEP,
  LOCK_NAME,
  RELEASE_ID,
  ReleaseError,
  activeReleases,
  contentId,
  readReleaseRegistry,
  releaseDir,
  releaseRemote,
  releasesDir,
  rollbackRemote,
  rollbackTarget,
};
