// remote_employees: the people screens (its name, port and paths: remotes.json).
const { createRemoteConfig } = require('../scripts/webpack/remote.cjs');

module.exports = createRemoteConfig({ dir: __dirname, budgetKb: 60 });
