#!/usr/bin/env node
// `npm start` (and `npm run demo`, which adds --demo): the whole product from one command.
// Builds every front-end package whose build is missing or older than its sources, releases the
// shell it built (docs/deploying.md: the server serves the active shell release, so a later
// rebuild of shell/dist never takes the page or an open tab's chunks away), then runs the API
// server, which also serves the shell, the built remotes and config.json (api/src/web), and
// prints the URL once it answers.
//
// Options: --demo (load the demo organisation and print its logins); --no-build (serve what is
// built as it is, releasing nothing: a deployment, or the browser tests, which build once before starting several
// servers). Settings come from the
// environment (PORT, HOST, DATA_DIR, DATABASE_URL, API_BASE_URL, REMOTE_<NAME>_URL, …; see
// the README). Other modules may import { buildStalePackages } to get the same builds.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import registry from './remote-registry.cjs';
import releases from './releases.cjs';
import served from './served.cjs';

const { readRemoteRegistry } = registry;
const { activeShellRelease } = releases;
const { dataDirFromEnv } = served;

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The front-end packages, in build order: the shell first (it is the page), then remotes.json's. */
export const WEB_PACKAGES = ['shell', ...readRemoteRegistry().map((remote) => remote.package)];

/** Besides the package's own files, what goes into every front-end build. */
const COMMON_INPUTS = ['shared/src', 'shared/package.json', 'scripts/webpack', 'remotes.json'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '__tests__', 'coverage']);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The webpack config of a package, or null (a skeleton without a build yet). */
function webpackConfigOf(dir) {
  if (!existsSync(dir)) return null;
  return readdirSync(dir).find((name) => /^webpack\.config\.[cm]?[jt]s$/.test(name)) ?? null;
}

/** Packages that can be built: a `build` script and a webpack config. */
export function buildablePackages(root = ROOT) {
  return WEB_PACKAGES.filter((pkg) => {
    const dir = path.join(root, pkg);
    const manifest = path.join(dir, 'package.json');
    return existsSync(manifest) && readJson(manifest).scripts?.build && webpackConfigOf(dir);
  });
}

/** The newest modification time under `target` (a file or a folder), tests excluded. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name) || TEST_FILE.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** The file a finished build always writes: the shell's page, a remote's manifest. */
function buildMarker(root, pkg) {
  return path.join(root, pkg, 'dist', pkg === 'shell' ? 'index.html' : 'mf-manifest.json');
}

/** Why a package needs building, or null when its dist/ is newer than everything it is built from. */
export function staleReason(root, pkg) {
  const marker = buildMarker(root, pkg);
  if (!existsSync(marker)) return 'not built yet';
  const built = statSync(marker).mtimeMs;
  const inputs = [
    path.join(pkg, 'src'),
    path.join(pkg, 'package.json'),
    path.join(pkg, webpackConfigOf(path.join(root, pkg))),
    ...COMMON_INPUTS,
  ];
  const changed = inputs.find((input) => newestMtime(path.join(root, input)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/** `npm run build -w <pkg>` with its output on this terminal; throws when it fails. */
function runBuild(root, pkg) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', pkg], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build -w ${pkg} failed`);
}

/**
 * Builds, one after the other (2 cores), every buildable package whose dist/ is missing or
 * out of date, saying which one is building, how many of how many, and how long each took
 * (a first build is minutes of webpack printing nothing but its warnings). Returns the packages
 * built; throws when a build fails. `build` is replaceable for tests.
 */
export function buildStalePackages({ root = ROOT, log = console.log, build = runBuild } = {}) {
  const stale = buildablePackages(root)
    .map((pkg) => ({ pkg, reason: staleReason(root, pkg) }))
    .filter(({ reason }) => reason);
  if (stale.length > 1) {
    log(
      `Building ${stale.length} front-end packages before the server starts (about a minute each)…`,
    );
  }
  stale.forEach(({ pkg, reason }, index) => {
    const step = `[${index + 1}/${stale.length}]`;
    log(`${step} Building ${pkg} (${reason})…`);
    const started = Date.now();
    build(root, pkg);
    log(`${step} ${pkg} built in ${Math.round((Date.now() - started) / 1000)} s`);
  });
  return stale.map(({ pkg }) => pkg);
}

/**
 * Releases shell/dist (`npm run release -- shell`, compatibility check included) when this start
 * has just built it, or when no shell release exists yet; otherwise the active release stays (a
 * rollback is not undone by a restart). Not when DULY_SHELL_DIR pins the shell elsewhere.
 * Returns whether a release was made; a refused release leaves the previous shell served.
 */
export function releaseBuiltShell({
  root = ROOT,
  built = [],
  env = process.env,
  log = console.log,
} = {}) {
  if (env.DULY_SHELL_DIR?.trim()) return false;
  if (!existsSync(path.join(root, 'shell', 'dist', 'index.html'))) return false;
  if (!built.includes('shell') && activeShellRelease(dataDirFromEnv(env))) return false;
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'scripts', 'release.cjs'), 'release', 'shell'],
    { cwd: root, stdio: 'inherit', env: { ...env, DULY_WEB_ROOT: env.DULY_WEB_ROOT ?? root } },
  );
  if (result.status === 0) return true;
  log(
    'The new shell was not released (see above): the server serves the shell served before. ' +
      'Fix it, or release it anyway: npm run release -- shell --force',
  );
  return false;
}

/** What the user should open: `localhost` for the loopback and wildcard addresses. */
export function displayUrl(host, port) {
  const local = ['', '127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** An address this machine can reach the server on. */
export function probeUrl(host, port) {
  const wildcard = ['', '0.0.0.0', '::'].includes(host);
  const name = wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}/config.json`;
}

/** Resolves once the server answers, or rejects when the child exits first or time runs out. */
export async function waitUntilServing(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error('the server stopped before it answered');
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${url} after ${timeoutMs / 1000} s`);
}

/**
 * The server's log format (LOG_FORMAT, api/src/plugins/config.ts): readable lines for a person
 * at a terminal, JSON otherwise. Decided here and handed to the server, so both agree on who
 * prints the banner.
 */
export function logFormatFor(env = process.env, stdoutIsTerminal = Boolean(process.stdout.isTTY)) {
  return env.LOG_FORMAT || (stdoutIsTerminal ? 'pretty' : 'json');
}

/** Runs the API server (which serves the front end too) as a child; signals are passed on. */
export function startServer({ root = ROOT, args = [], env = process.env, stdio = 'inherit' } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts', ...args], {
    cwd: root,
    stdio,
    env: { ...env, DULY_WEB_ROOT: env.DULY_WEB_ROOT ?? root },
  });
  return child;
}

/**
 * Passes stop signals on to the server. Ctrl-C already reaches the server (the terminal signals
 * the whole process group), and a second SIGINT could cut its graceful shutdown short, so a
 * SIGINT is only passed on when the server is still running two seconds later (it was sent to
 * this process alone).
 */
function forwardSignals(child) {
  const running = () => child.exitCode === null && child.signalCode === null;
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  process.on('SIGHUP', () => child.kill('SIGHUP'));
  process.on('SIGINT', () => {
    setTimeout(() => running() && child.kill('SIGINT'), 2000).unref();
  });
}

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => !['--demo', '--no-build'].includes(arg));
  if (unknown.length > 0) {
    console.error(
      `Unknown option ${unknown.join(' ')}. Usage: npm start [-- --demo] [-- --no-build]`,
    );
    process.exit(2);
  }

  if (!args.includes('--no-build')) {
    try {
      releaseBuiltShell({ built: buildStalePackages() });
    } catch (error) {
      console.error(`\n${error.message}: fix the build above, then run npm start again.`);
      process.exit(1);
    }
  }

  const logFormat = logFormatFor();
  const child = startServer({
    args: args.filter((arg) => arg !== '--no-build'),
    env: { ...process.env, LOG_FORMAT: logFormat },
  });
  forwardSignals(child);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

  const host = process.env.HOST ?? '127.0.0.1';
  const port = process.env.PORT || '8080';
  try {
    await waitUntilServing(probeUrl(host, port), child);
    // The pretty terminal has the server's banner (api/src/logging/banner.ts) instead.
    if (logFormat === 'json') console.log(`\nDuly is running on ${displayUrl(host, port)}\n`);
  } catch (error) {
    if (child.exitCode === null) console.error(`Duly did not start: ${error.message}`);
  }
}

// Run only as a script: the browser tests and the benchmark import the helpers above.
// (No top-level await, so CommonJS callers can require() this module.)
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
