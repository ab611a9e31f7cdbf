// remote_certificates: the certificate screens (its name, port and paths: remotes.json).
const { createRemoteConfig } = require('../scripts/webpack/remote.cjs');

module.exports = createRemoteConfig({ dir: __dirname, budgetKb: 60 });
