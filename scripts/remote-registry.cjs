// Reads remotes.json, the one list of Duly's remotes (docs/new-remote.md), and checks it, so a
// typo fails every tool at once with a sentence instead of a remote that silently goes missing.
// CommonJS on purpose: webpack configs, ESLint's flat config, jest, `npm start` and the API
// server (through tsx) all load it.
const { readFileSync } = require('node:fs');
const path = require('node:path');

/** The repository root: remotes.json sits beside package.json. */
const REPO_ROOT = path.resolve(__dirname, '..');
const REGISTRY_FILE = path.join(REPO_ROOT, 'remotes.json');

const NAME = /^remote_[a-z][a-z0-9_]*$/;
const PACKAGE = /^remote-[a-z][a-z0-9-]*$/;
/** Static segments, optionally ending in `/*`: what the shell's matcher ranks like React Router. */
const ROUTE = /^(\/[a-z0-9][a-z0-9._~-]*)+(\/\*)?$/i;

/**
 * @typedef {{ label: string, to: string, icon: string, order: number }} RemoteNav
 * @typedef {{ name: string, package: string, devPort: number, routes: string[], nav?: RemoteNav, firstRequests?: Record<string, FirstRequest | FirstRequest[]> }} RemoteEntry
 * @typedef {{ request: string, endpoint: string, args?: unknown[], roles?: string[] }} FirstRequest
 * @typedef {{ firstRequests?: Record<string, FirstRequest | FirstRequest[]> }} ShellEntry
 */

/** @param {unknown} value */
function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The roles a first request may be limited to (ARCHITECTURE 6). */
const ROLES = ['admin', 'manager', 'employee'];

/**
 * Whether `request` is one first request: an API path, the RTK Query endpoint it answers and,
 * optionally, the arguments the screen calls that endpoint's hook with (`args`, a list: `[]`
 * for none) and the roles that may send it (`roles`).
 * @param {unknown} request
 */
function isFirstRequest(request) {
  if (!isRecord(request)) return false;
  const known = ['request', 'endpoint', 'args', 'roles'];
  return (
    Object.keys(request).every((key) => known.includes(key)) &&
    typeof request.request === 'string' &&
    request.request.startsWith('/') &&
    typeof request.endpoint === 'string' &&
    /^[A-Za-z][A-Za-z0-9]*$/.test(request.endpoint) &&
    (request.args === undefined || (Array.isArray(request.args) && request.args.length <= 1)) &&
    (request.roles === undefined ||
      (Array.isArray(request.roles) &&
        request.roles.length > 0 &&
        request.roles.every((role) => ROLES.includes(role))))
  );
}

/**
 * The problems of a `firstRequests` map (page path → one first request, or a list of them for a
 * screen that starts with several, issue 32); `root` allows the page `/` (the shell's).
 * @param {unknown} requests
 * @param {string} where
 * @param {boolean} root
 * @returns {string[]}
 */
function firstRequestsProblems(requests, where, root) {
  const valid =
    isRecord(requests) &&
    Object.entries(requests).every(
      ([page, declared]) =>
        ((root && page === '/') || (ROUTE.test(page) && !page.endsWith('/*'))) &&
        (Array.isArray(declared)
          ? declared.length > 0 && declared.every(isFirstRequest)
          : isFirstRequest(declared)),
    );
  if (valid) return [];
  return [
    `${where}: firstRequests maps page paths (/tasks) to { request: an API request (/tasks/?limit=50), endpoint: the RTK Query endpoint it answers (tasksList), args (optional): the list of arguments the screen gives that endpoint ([] for none), roles (optional): those who may send it (admin, manager, employee) }, or to a list of them.`,
  ];
}

/**
 * A page's declared first requests as a list (one request may be given alone).
 * @param {FirstRequest | FirstRequest[]} declared
 * @returns {FirstRequest[]}
 */
function firstRequestList(declared) {
  return Array.isArray(declared) ? declared : [declared];
}

/**
 * Every problem of a parsed registry, as sentences; empty when it is valid.
 * @param {unknown} registry
 * @returns {string[]}
 */
function registryProblems(registry) {
  if (!isRecord(registry) || !Array.isArray(registry.remotes)) {
    return ['remotes.json must be an object with a "remotes" array.'];
  }
  const problems = [];
  const seen = { name: new Set(), package: new Set(), devPort: new Set(), route: new Set() };
  registry.remotes.forEach((remote, index) => {
    const where = `remotes.json remotes[${index}]`;
    if (!isRecord(remote)) return problems.push(`${where} is not an object.`);
    if (typeof remote.name !== 'string' || !NAME.test(remote.name))
      problems.push(`${where}: name must look like remote_tasks.`);
    if (typeof remote.package !== 'string' || !PACKAGE.test(remote.package))
      problems.push(`${where}: package must be a folder name like remote-tasks.`);
    if (!Number.isInteger(remote.devPort) || remote.devPort < 1024 || remote.devPort > 65535)
      problems.push(`${where}: devPort must be a port number from 1024 to 65535.`);
    if (!Array.isArray(remote.routes) || remote.routes.length === 0)
      problems.push(`${where}: routes must list at least one path.`);
    for (const route of Array.isArray(remote.routes) ? remote.routes : []) {
      if (typeof route !== 'string' || !ROUTE.test(route))
        problems.push(
          `${where}: route ${JSON.stringify(route)} must look like /tasks or /tasks/*.`,
        );
      else if (seen.route.has(route.toLowerCase()))
        problems.push(`${where}: route ${route} is owned by another remote already.`);
      else seen.route.add(route.toLowerCase());
    }
    if (remote.nav !== undefined) {
      const nav = remote.nav;
      const valid =
        isRecord(nav) &&
        typeof nav.label === 'string' &&
        nav.label.trim() !== '' &&
        typeof nav.to === 'string' &&
        nav.to.startsWith('/') &&
        typeof nav.icon === 'string' &&
        Number.isFinite(nav.order);
      if (!valid) problems.push(`${where}: nav needs a label, a path "to", an icon and an order.`);
    }
    if (remote.firstRequests !== undefined)
      problems.push(...firstRequestsProblems(remote.firstRequests, where, false));
    for (const key of ['name', 'package', 'devPort']) {
      if (remote[key] === undefined) continue;
      if (seen[key].has(remote[key]))
        problems.push(`${where}: ${key} ${remote[key]} is used twice.`);
      seen[key].add(remote[key]);
    }
  });
  if (registry.shell !== undefined) {
    const shell = registry.shell;
    if (!isRecord(shell)) problems.push('remotes.json shell must be an object.');
    else if (shell.firstRequests !== undefined)
      problems.push(...firstRequestsProblems(shell.firstRequests, 'remotes.json shell', true));
  }
  return problems;
}

/** @type {{ remotes: RemoteEntry[], shell: ShellEntry } | undefined} */
let cached;

/** remotes.json, read and checked once per process. */
function readRegistry() {
  if (cached) return cached;
  const registry = JSON.parse(readFileSync(REGISTRY_FILE, 'utf8'));
  const problems = registryProblems(registry);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  cached = {
    remotes: registry.remotes.map((remote) => Object.freeze({ ...remote })),
    shell: Object.freeze({ ...(registry.shell ?? {}) }),
  };
  return cached;
}

/**
 * The registered remotes, in the registry's order. Throws (once per process) when
 * remotes.json is missing or invalid.
 * @returns {readonly RemoteEntry[]}
 */
function readRemoteRegistry() {
  return readRegistry().remotes;
}

/**
 * What remotes.json says of the shell's own pages (/ and /dashboard): their first requests.
 * @returns {Readonly<ShellEntry>}
 */
function readShellEntry() {
  return readRegistry().shell;
}

/**
 * The registry entry of a package folder (`…/remote-tasks` or `remote-tasks`).
 * @param {string} dir
 * @returns {RemoteEntry}
 */
function remoteOfPackage(dir) {
  const folder = path.basename(dir);
  const remote = readRemoteRegistry().find((entry) => entry.package === folder);
  if (!remote)
    throw new Error(`${folder} is not in remotes.json: add it there (docs/new-remote.md).`);
  return remote;
}

/**
 * The environment variable that points the shell at a copy of a remote deployed elsewhere:
 * remote_tasks → REMOTE_TASKS_URL.
 * @param {string} name
 */
function remoteUrlEnvVar(name) {
  return `${name.toUpperCase()}_URL`;
}

/**
 * A remote as the shell's config.json describes it: where its manifest is (absent when it is
 * neither built nor deployed: its routes then show the shell's failure message), the paths it
 * owns and its navigation entry. Sent at runtime, so a remote's routes change without a new
 * shell build.
 * @param {RemoteEntry} remote
 * @param {string | undefined} entry
 */
function runtimeRemote(remote, entry) {
  return {
    ...(entry ? { entry } : {}),
    routes: [...remote.routes],
    ...(remote.nav ? { nav: { ...remote.nav } } : {}),
  };
}

module.exports = {
  REGISTRY_FILE,
  firstRequestList,
  readShellEntry,
  runtimeRemote,
  readRemoteRegistry,
  registryProblems,
  remoteOfPackage,
  remoteUrlEnvVar,
};
