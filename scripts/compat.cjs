// The version contract between the shell and a remote (docs/deploying.md): can this remote run in
// that shell? Compares what the shell's build provides (its shell-manifest.json) with what the
// remote's build requires (its mf-manifest.json), with the very semver function the federation
// runtime uses in the browser, so the answer here is the answer there.
// CommonJS: `npm run check:compat`, each remote's webpack build and jest load it.
const { readFileSync } = require('node:fs');
const { satisfy } = require('@module-federation/runtime-core');

/** The package name the shell manifest gives the federation runtime itself. */
const RUNTIME_PACKAGE = '@module-federation/runtime';

/**
 * @typedef {{
 *   name: string,
 *   federationRuntime: string,
 *   externalRuntime: boolean,
 *   provides: Record<string, { version: string, singleton: boolean }>,
 * }} ShellManifest
 * @typedef {{ name: string, version?: string, requiredVersion?: string | false, singleton?: boolean, assets?: { js?: { sync?: string[], async?: string[] } } }} RemoteShared
 * @typedef {{ name?: string, metaData?: { name?: string, pluginVersion?: string, buildInfo?: { buildVersion?: string } }, shared?: RemoteShared[] }} RemoteManifest
 * @typedef {{ package: string, required: string, provided: string | null, message: string }} CompatProblem
 */

/**
 * The version the shell provides for a shared name, subpaths included: `react/jsx-runtime` is
 * provided by the shell's `react/` entry, at react's version.
 * @param {ShellManifest['provides']} provides
 * @param {string} name
 */
function providedEntry(provides, name) {
  if (provides[name]) return provides[name];
  const prefix = Object.keys(provides)
    .filter((key) => key.endsWith('/') && name.startsWith(key))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? provides[prefix] : undefined;
}

/** The package of an import name: `react/jsx-runtime` → react, `@reduxjs/toolkit/query` → @reduxjs/toolkit. */
function packageOf(name) {
  const parts = name.split('/');
  return (name.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/**
 * Whether the remote's build holds its own copy of a shared package (files listed for it in the
 * manifest). Production remotes hold none (scripts/webpack/remote.cjs, `import: false`); a
 * manifest that lists no files at all (older builds) is taken to hold one.
 * @param {RemoteShared} shared
 */
function carriesOwnCopy(shared) {
  const js = shared.assets?.js;
  if (!js) return true;
  return (js.sync?.length ?? 0) + (js.async?.length ?? 0) > 0;
}

/** The container name of a remote manifest. */
function remoteName(manifest) {
  return manifest.metaData?.name ?? manifest.name ?? 'the remote';
}

/**
 * Why a remote cannot run in a shell, one problem per package; empty when it can. A singleton
 * the shell provides at a version outside the remote's range would be refused by the runtime
 * (strictVersion); the federation runtime itself must satisfy `^<the remote's plugin version>`,
 * because production remotes use the shell's runtime (externalRuntime).
 * @param {ShellManifest} shell
 * @param {RemoteManifest} remote
 * @returns {CompatProblem[]}
 */
function compatProblems(shell, remote) {
  const name = remoteName(remote);
  const problems = [];
  const seen = new Set();
  for (const shared of remote.shared ?? []) {
    const provided = providedEntry(shell.provides, shared.name);
    const pkg = packageOf(shared.name);
    // A production remote carries no copy of its shared packages (since issue 32): what the
    // shell does not provide, it cannot load at all, singleton or not.
    if (!provided && !carriesOwnCopy(shared) && !seen.has(pkg)) {
      seen.add(pkg);
      const required = typeof shared.requiredVersion === 'string' ? shared.requiredVersion : '*';
      problems.push({
        package: pkg,
        required,
        provided: null,
        message: `${name} needs ${shared.name} ${required} and carries no copy of it; the shell provides none.`,
      });
      continue;
    }
    if (!shared.singleton || typeof shared.requiredVersion !== 'string') continue;
    const packageEntry = shell.provides[pkg];
    // An entry point of a package the shell provides, but not this entry (@duly/shared/core
    // from a shell older than 1.1.0): the remote would run its own second copy of a singleton.
    if (!provided && packageEntry?.singleton && !seen.has(pkg)) {
      seen.add(pkg);
      problems.push({
        package: pkg,
        required: shared.requiredVersion,
        provided: packageEntry.version,
        message: `${name} needs ${shared.name} (${pkg} ${shared.requiredVersion}); the shell provides ${pkg} ${packageEntry.version} without that entry point.`,
      });
      continue;
    }
    // A singleton the shell does not provide is the remote's own copy (a development build's):
    // nothing to agree on.
    if (!provided || satisfy(provided.version, shared.requiredVersion)) continue;
    // react, react/jsx-runtime and react-dom/client name packages: say each package once.
    if (seen.has(pkg)) continue;
    seen.add(pkg);
    problems.push({
      package: pkg,
      required: shared.requiredVersion,
      provided: provided.version,
      message: `${name} needs ${pkg} ${shared.requiredVersion}; the shell provides ${provided.version}.`,
    });
  }
  const runtime = remote.metaData?.pluginVersion;
  if (shell.externalRuntime && runtime && !satisfy(shell.federationRuntime, `^${runtime}`)) {
    problems.push({
      package: RUNTIME_PACKAGE,
      required: `^${runtime}`,
      provided: shell.federationRuntime,
      message: `${name} was built with ${RUNTIME_PACKAGE} ${runtime} and uses the shell's runtime; the shell provides ${shell.federationRuntime}.`,
    });
  }
  return problems;
}

/** The one-line verdict for a remote: yes, or no with every package and both versions. */
function compatVerdict(shell, remote) {
  const problems = compatProblems(shell, remote);
  const name = remoteName(remote);
  const version = remote.metaData?.buildInfo?.buildVersion;
  const label = version ? `${name} ${version}` : name;
  if (problems.length === 0) {
    const shared = providedEntry(shell.provides, '@duly/shared');
    const against = shared
      ? ` (@duly/shared ${shared.version}, runtime ${shell.federationRuntime})`
      : '';
    return { ok: true, problems, text: `yes: ${label} can run in this shell${against}.` };
  }
  return {
    ok: false,
    problems,
    text: [`no: ${label} cannot run in this shell:`, ...problems.map((p) => `  ${p.message}`)].join(
      '\n',
    ),
  };
}

/** Reads a JSON document from a file path or an http(s) URL. */
async function readJson(source) {
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${source} answered ${response.status}.`);
    return response.json();
  }
  return JSON.parse(readFileSync(source, 'utf8'));
}

/** Checks the shape of a shell manifest, so a wrong file fails with a sentence. */
function assertShellManifest(value, source) {
  const valid =
    value &&
    typeof value === 'object' &&
    typeof value.federationRuntime === 'string' &&
    value.provides &&
    typeof value.provides === 'object';
  if (!valid)
    throw new Error(`${source} is not a shell manifest (shell/dist/shell-manifest.json).`);
  return /** @type {ShellManifest} */ (value);
}

async function readShellManifest(source) {
  return assertShellManifest(await readJson(source), source);
}

module.exports = {
  RUNTIME_PACKAGE,
  compatProblems,
  compatVerdict,
  providedEntry,
  readJson,
  readShellManifest,
  assertShellManifest,
};
