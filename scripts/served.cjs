// What a running `npm start` serves (api/src/web), decided in one place: the server follows it
// on every request, and the release command checks compatibility against exactly that
// (docs/deploying.md), not against a build that happens to lie in shell/dist.
// CommonJS: the release command, jest and the API server (through tsx) all load it.
const { existsSync } = require('node:fs');
const path = require('node:path');
const { readRemoteRegistry, remoteUrlEnvVar } = require('./remote-registry.cjs');
const { activeReleases, activeShellRelease, releaseDir } = require('./releases.cjs');

const MANIFEST_FILE = 'mf-manifest.json';
const SHELL_MANIFEST_FILE = 'shell-manifest.json';

/**
 * @typedef {{
 *   dataDir?: string,
 *   shellDir: string,
 *   pinnedShellDir?: string,
 *   remoteDirs: Record<string, string>,
 *   remoteUrls: Record<string, string>,
 * }} ServedSources
 * @typedef {{ dir: string, source: 'DULY_SHELL_DIR' | 'release' | 'dist', release?: string }} ServedShell
 * @typedef {{ kind: 'url', manifest: string } | { kind: 'release', id: string, dir: string, manifest: string } | { kind: 'dist', dir: string, manifest: string }} ServedRemote
 */

/** `https://cdn/tasks/` or `…/mf-manifest.json` → the manifest URL. */
function manifestUrl(value) {
  const trimmed = value.trim();
  return trimmed.endsWith('.json') ? trimmed : `${trimmed.replace(/\/+$/, '')}/${MANIFEST_FILE}`;
}

/** The server's data folder, resolved as the API resolves it (api/src/plugins/config.ts). */
function dataDirFromEnv(env = process.env) {
  return path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR || './data');
}

/**
 * Where the builds are, from the settings the server reads: `root` holds shell/ and the
 * remote-… packages (DULY_WEB_ROOT); DULY_SHELL_DIR is relative to it.
 * @returns {ServedSources}
 */
function servedSourcesFromEnv(root, env = process.env) {
  const remoteDirs = {};
  const remoteUrls = {};
  for (const remote of readRemoteRegistry()) {
    remoteDirs[remote.name] = path.resolve(root, remote.package, 'dist');
    const override = env[remoteUrlEnvVar(remote.name)]?.trim();
    if (override) remoteUrls[remote.name] = manifestUrl(override);
  }
  const pinned = env.DULY_SHELL_DIR?.trim();
  return {
    dataDir: dataDirFromEnv(env),
    shellDir: path.resolve(root, 'shell', 'dist'),
    ...(pinned ? { pinnedShellDir: path.resolve(root, pinned) } : {}),
    remoteDirs,
    remoteUrls,
  };
}

/**
 * The shell folder served: DULY_SHELL_DIR when set (a build kept elsewhere), else the active
 * shell release, else shell/dist (what `npm start` serves before any release).
 * @param {ServedSources} sources
 * @returns {ServedShell}
 */
function servedShell(sources) {
  if (sources.pinnedShellDir) return { dir: sources.pinnedShellDir, source: 'DULY_SHELL_DIR' };
  const release = sources.dataDir ? activeShellRelease(sources.dataDir) : null;
  if (release) return { dir: release.dir, source: 'release', release: release.id };
  return { dir: sources.shellDir, source: 'dist' };
}

/** The served shell's manifest file, and a phrase saying where it comes from. */
function servedShellManifest(sources) {
  const shell = servedShell(sources);
  const from = {
    DULY_SHELL_DIR: 'DULY_SHELL_DIR',
    release: `shell release ${shell.release}`,
    dist: 'shell/dist',
  }[shell.source];
  return { file: path.join(shell.dir, SHELL_MANIFEST_FILE), from };
}

/**
 * Where each remote is served from, by name: its URL setting (REMOTE_TASKS_URL), else its
 * active release (when its folder is there), else its dist/ (when built); absent otherwise.
 * @param {ServedSources} sources
 * @returns {Record<string, ServedRemote>}
 */
function servedRemotes(sources) {
  const active = sources.dataDir ? activeReleases(sources.dataDir) : {};
  /** @type {Record<string, ServedRemote>} */
  const served = {};
  for (const remote of readRemoteRegistry()) {
    const url = sources.remoteUrls[remote.name];
    const id = active[remote.name];
    const releaseFolder = id && sources.dataDir && releaseDir(sources.dataDir, remote.package, id);
    const dist = sources.remoteDirs[remote.name];
    if (url) served[remote.name] = { kind: 'url', manifest: url };
    else if (releaseFolder && existsSync(path.join(releaseFolder, MANIFEST_FILE)))
      served[remote.name] = {
        kind: 'release',
        id,
        dir: releaseFolder,
        manifest: path.join(releaseFolder, MANIFEST_FILE),
      };
    else if (dist && existsSync(path.join(dist, MANIFEST_FILE)))
      served[remote.name] = { kind: 'dist', dir: dist, manifest: path.join(dist, MANIFEST_FILE) };
  }
  return served;
}

module.exports = {
  MANIFEST_FILE,
  SHELL_MANIFEST_FILE,
  dataDirFromEnv,
  manifestUrl,
  servedRemotes,
  servedShell,
  servedShellManifest,
  servedSourcesFromEnv,
};
