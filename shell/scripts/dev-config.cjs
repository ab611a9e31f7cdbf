// The config.json `npm run dev -w shell` serves. Production never ships one:
// whoever serves shell/dist writes it next to index.html (docs/module-federation.md).
const fs = require('node:fs');
const { readRemoteRegistry, runtimeRemote } = require('../../scripts/remote-registry.cjs');

function devConfig() {
  // SHELL_CONFIG=path/to/config.json replaces the whole default.
  if (process.env.SHELL_CONFIG)
    return JSON.parse(fs.readFileSync(process.env.SHELL_CONFIG, 'utf8'));
  // Every registered remote on its dev server's port (remotes.json).
  const remotes = Object.fromEntries(
    readRemoteRegistry().map((remote) => [
      remote.name,
      runtimeRemote(remote, `http://127.0.0.1:${remote.devPort}/mf-manifest.json`),
    ]),
  );
  return { apiBaseUrl: '/api/v1', remotes };
}

function devConfigMiddleware() {
  return (_request, response) => {
    response.set('Cache-Control', 'no-store');
    response.json(devConfig());
  };
}

module.exports = { devConfigMiddleware, devConfig };
