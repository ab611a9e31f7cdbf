// What every federated app shares at runtime (ARCHITECTURE 4). The shell and
// every remote use this one list, so they always agree on what is a singleton.
//
// The version contract (docs/deploying.md): each shared package declares the version the build
// bundled (`version`, what this app provides) and the range its code was written against
// (`requiredVersion`, the range in the building package's package.json). So a remote whose
// package.json asks for `@duly/shared ^1.2.0` refuses a shell that provides 1.1.0 (it may use
// exports 1.1 lacks), while a lockfile bump of React in the shell (19.2.0 → 19.2.3) still
// satisfies every remote's `^19.2.0`: only a real semver break stops a remote from loading.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

/**
 * Installed version of a package: the copy the building package resolves (its folder first,
 * then the workspace's node_modules), which is the copy its build bundles.
 */
function installedVersion(name, from = root) {
  const file = require.resolve(`${name}/package.json`, { paths: [from, root] });
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

// React Router is not in this list (since @duly/shared 2.0.0): the apps' `react-router-dom`
// imports are sent to `@duly/shared/router` (routerRequestPlugin below), a singleton entry of the
// library holding only the router names Duly uses, so the whole package is never shared.
//
// Neither Redux Toolkit nor redux (since @duly/shared 3.0.0, issue 32): no app imports them
// except through `@duly/shared/core` (the store, the base API), so they are bundled inside the
// library's entries, tree-shaken to what Duly calls, instead of provided whole (34 KB gzipped on
// every signed-in route). One store and one base API still hold: they are modules of the shared
// `/core` singleton. react-redux stays a singleton: its context must be the one the shell's
// Provider fills for every remote's hooks.
const SINGLETONS = [
  'react',
  'react-dom',
  'react-redux',
  'styled-components',
  'notistack',
  '@duly/shared',
];

/**
 * The entry points of @duly/shared besides its root (shared/package.json `exports`), each a
 * singleton of its own: a screen that imports `@duly/shared/core` loads the store and the base
 * API without the UI kit's forms, luxon or yup (issue 18). The shell's build provides them all,
 * from the same modules as the root entry, so there is still one store and one base API; a
 * remote that imports one of them requires the @duly/shared minor that added it (1.1.0).
 * Development-only entries (the standalone page, test helpers) are not shared.
 */
const NOT_SHARED_ENTRIES = new Set([
  '.',
  './package.json',
  './standalone',
  './test-utils',
  // The server's render (issue 32): never in a browser.
  './server',
]);

function sharedLibraryEntries() {
  const pkg = JSON.parse(readFileSync(path.join(root, 'shared/package.json'), 'utf8'));
  return Object.keys(pkg.exports)
    .filter((entry) => !NOT_SHARED_ENTRIES.has(entry))
    .map((entry) => `@duly/shared/${entry.slice(2)}`);
}

/**
 * Shared but not singletons: downloaded once, several versions could coexist. Not luxon since
 * issue 32: no front-end code uses it any more (the date helpers and the certificate types'
 * rules count dates themselves), and a shared name no build imports cannot be provided.
 */
const SHARED_ONCE = ['formik', 'yup', 'axios'];

/**
 * The ranges a package's code was written against: its dependencies and peerDependencies.
 * @param {string | undefined} dir the building package's folder
 * @returns {Record<string, string>}
 */
function declaredRanges(dir) {
  if (!dir) return {};
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return { ...pkg.peerDependencies, ...pkg.dependencies };
}

/**
 * The range a build requires of a shared package: its package.json range, or, for a package it
 * does not list (or lists as `*`, which promises nothing), `^installed`.
 */
function requiredRange(ranges, name, versionOf) {
  const range = ranges[name]?.trim();
  return range && range !== '*' && range !== 'latest' ? range : `^${versionOf(name)}`;
}

/**
 * The `shared` option of ModuleFederationPlugin.
 * @param {string} [dir] the building package's folder, whose package.json gives the ranges
 */
function sharedDependencies(dir) {
  const ranges = declaredRanges(dir);
  const versionOf = (name) => installedVersion(name, dir);
  const singleton = (key, name = key) => ({
    singleton: true,
    strictVersion: true,
    version: versionOf(name),
    requiredVersion: requiredRange(ranges, name, versionOf),
  });
  const shared = {};
  for (const name of SINGLETONS) shared[name] = singleton(name);
  // Subpath imports (react/jsx-runtime, react-dom/client) are the same singletons.
  shared['react/'] = singleton('react/', 'react');
  shared['react-dom/'] = singleton('react-dom/', 'react-dom');
  for (const entry of sharedLibraryEntries()) shared[entry] = singleton(entry, '@duly/shared');
  for (const name of SHARED_ONCE) {
    shared[name] = {
      version: versionOf(name),
      requiredVersion: requiredRange(ranges, name, versionOf),
    };
  }
  return shared;
}

/** The request the apps' source writes, and the entry of @duly/shared that answers it. */
const ROUTER_REQUEST = /^react-router-dom$/;
const ROUTER_ENTRY = '@duly/shared/router';

/**
 * Sends every `react-router-dom` import to `@duly/shared/router` before the federation
 * plugin matches requests against the share scope (a webpack `resolve.alias` would act after
 * that match, and bundle a second router into each remote). Source keeps its imports.
 * @param {typeof import('webpack')} webpack
 */
function routerRequestPlugin(webpack) {
  return new webpack.NormalModuleReplacementPlugin(ROUTER_REQUEST, (resource) => {
    resource.request = ROUTER_ENTRY;
  });
}

module.exports = {
  sharedDependencies,
  routerRequestPlugin,
  ROUTER_ENTRY,
  sharedLibraryEntries,
  installedVersion,
  SINGLETONS,
  SHARED_ONCE,
};
