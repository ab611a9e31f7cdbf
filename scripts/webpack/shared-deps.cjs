// What every federated app shares at runtime (ARCHITECTURE 4). The shell and
// every remote use this one list, so they always agree on what is a singleton.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

/** Installed version of a package, read from the workspace's node_modules. */
function installedVersion(name) {
  return require(require.resolve(`${name}/package.json`, { paths: [root] })).version;
}

const SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'react-redux',
  'redux',
  '@reduxjs/toolkit',
  'styled-components',
  'notistack',
  '@duly/shared',
];

/** Shared but not singletons: downloaded once, several versions could coexist. */
const SHARED_ONCE = ['formik', 'yup', 'luxon', 'axios'];

function singleton(name, versionOf = name) {
  const version = installedVersion(versionOf);
  return { singleton: true, strictVersion: true, version, requiredVersion: `^${version}` };
}

/** The `shared` option of ModuleFederationPlugin. */
function sharedDependencies() {
  const shared = {};
  for (const name of SINGLETONS) shared[name] = singleton(name);
  // Subpath imports (react/jsx-runtime, react-dom/client) are the same singletons.
  shared['react/'] = singleton('react/', 'react');
  shared['react-dom/'] = singleton('react-dom/', 'react-dom');
  // RTK Query's React entry (@reduxjs/toolkit/query/react) is a subpath too.
  shared['@reduxjs/toolkit/'] = singleton('@reduxjs/toolkit/', '@reduxjs/toolkit');
  for (const name of SHARED_ONCE) {
    const version = installedVersion(name);
    shared[name] = { version, requiredVersion: `^${version}` };
  }
  return shared;
}

module.exports = { sharedDependencies, SINGLETONS, SHARED_ONCE };
