// The config.json `npm run dev -w shell` serves. Production never ships one:
// whoever serves shell/dist writes it next to index.html (docs/module-federation.md).
const fs = require('node:fs');

/** Ports of each remote's `npm run dev` (docs/module-federation.md). */
const DEV_REMOTE_PORTS = {
  remote_tasks: 3001,
  remote_certificates: 3002,
  remote_employees: 3003,
  remote_team: 3004,
};

function devConfig() {
  // SHELL_CONFIG=path/to/config.json replaces the whole default.
  if (process.env.SHELL_CONFIG)
    return JSON.parse(fs.readFileSync(process.env.SHELL_CONFIG, 'utf8'));
  const remotes = Object.fromEntries(
    Object.entries(DEV_REMOTE_PORTS).map(([name, port]) => [
      name,
      `http://127.0.0.1:${port}/mf-manifest.json`,
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

module.exports = { devConfigMiddleware, devConfig, DEV_REMOTE_PORTS };
