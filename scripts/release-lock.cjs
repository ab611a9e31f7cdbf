// The lock every change of the release registry holds (docs/deploying.md), so two releases, or
// a release and a rollback, run one after the other: without it each reads releases.json,
// changes its copy and writes it back, and the last writer silently undoes the other (a lost
// release, or a rollback to a folder the other has just deleted).
//
// A lock file created with O_EXCL ('wx'): creating it either succeeds or fails atomically, on
// every local file system, with no dependency. It names its holder (process id, host, time),
// so a lock left by a release that was killed is recognised and taken over instead of blocking
// every release for good. (proper-lockfile would add a dependency and an mtime-refreshing timer
// for what is, here, a hold of a few milliseconds by a short-lived command.)
// CommonJS: the release command, jest and the API server (through tsx) all load it.
const { randomBytes } = require('node:crypto');
const {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} = require('node:fs');
const { hostname } = require('node:os');
const path = require('node:path');
const { ReleaseError } = require('./release-error.cjs');

/** The lock file, in `<DATA_DIR>/releases/`, beside releases.json. */
const LOCK_FILE = '.lock';
/** How long a release waits for another one before it gives up. */
const DEFAULT_WAIT_MS = 30_000;
/**
 * A lock whose holder cannot be checked (another host, or a file cut short by a crash before
 * its holder was written) counts as abandoned after this long. A holder keeps the lock for a
 * rename, a registry write and a few folder deletions: milliseconds, seconds at worst.
 */
const UNCHECKABLE_STALE_MS = 60_000;
const POLL_MS = 25;

/** Blocks this thread: the release functions are synchronous, like the command that runs them. */
function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Whether a process of this host is running (EPERM: it is, under another user). */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The lock as found: its raw text, its holder when readable, its age; null when there is none. */
function readLock(file) {
  try {
    const raw = readFileSync(file, 'utf8');
    const { mtimeMs } = statSync(file);
    let holder = null;
    try {
      holder = JSON.parse(raw);
    } catch {
      // Created but not written yet, or cut short by a crash.
    }
    return { raw, holder, ageMs: Date.now() - mtimeMs };
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

/** A lock nobody holds any more: its process is gone, or it cannot be checked and is old. */
function isAbandoned({ holder, ageMs }) {
  if (holder && holder.host === hostname() && Number.isInteger(holder.pid)) {
    return !isRunning(holder.pid);
  }
  return ageMs > UNCHECKABLE_STALE_MS;
}

/**
 * Removes an abandoned lock, unless another process replaced it in the meantime. The lock is
 * first renamed aside (one process wins that rename), then compared with what was judged
 * abandoned: if it is a newer, live lock after all, it is put back (link fails if yet another
 * process has taken the lock since: that one holds it then).
 */
function breakAbandoned(file, seen) {
  const aside = `${file}.abandoned-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (error.code === 'ENOENT') return; // another process broke it first
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== seen.raw) linkSync(aside, file);
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  } finally {
    rmSync(aside, { force: true });
  }
}

function describeHolder({ holder }) {
  if (!holder) return 'an unreadable holder';
  return `process ${holder.pid} on ${holder.host}, since ${holder.since}`;
}

/** Takes the lock, waiting up to `waitMs` for its holder. Returns what unlock() needs. */
function lock(dir, waitMs) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const token = randomBytes(8).toString('hex');
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      try {
        const holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
        writeSync(fd, JSON.stringify({ ...holder, token }));
      } finally {
        closeSync(fd);
      }
      return { file, token };
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const seen = readLock(file);
    if (seen && isAbandoned(seen)) {
      breakAbandoned(file, seen);
    } else if (seen && Date.now() >= deadline) {
      throw new ReleaseError(
        `Another release or rollback holds ${file} (${describeHolder(seen)}). Try again when it ` +
          'has finished; if no release is running, delete that file.',
      );
    } else {
      sleepSync(POLL_MS);
    }
  }
}

/** Removes the lock if it is still this process's (a lock judged abandoned may have been taken). */
function unlock({ file, token }) {
  const seen = readLock(file);
  if (seen?.holder?.token === token) rmSync(file, { force: true });
}

/** How many withReleaseLock calls of this process are running: nested ones share the lock. */
let depth = 0;

/**
 * Runs `work` holding the release lock of `dataDir` (synchronous or async; the lock is released
 * when its promise settles). Calls nested inside `work` reuse the lock this process holds, so
 * the release command can check compatibility and release under one lock.
 * @template T
 * @param {string} dataDir
 * @param {() => T} work
 * @param {{ waitMs?: number }} [options]
 * @returns {T}
 */
function withReleaseLock(dataDir, work, { waitMs = DEFAULT_WAIT_MS } = {}) {
  if (depth > 0) return work();
  const held = lock(path.join(dataDir, 'releases'), waitMs);
  depth += 1;
  const done = () => {
    depth -= 1;
    unlock(held);
  };
  let result;
  try {
    result = work();
  } catch (error) {
    done();
    throw error;
  }
  if (result && typeof result.then === 'function') {
    return result.then(
      (value) => {
        done();
        return value;
      },
      (error) => {
        done();
        throw error;
      },
    );
  }
  done();
  return result;
}

module.exports = { LOCK_FILE, withReleaseLock };
