// remote_tasks: the tasks screens, served by the shell at /tasks/*.
const { createRemoteConfig } = require('../scripts/webpack/remote.cjs');

module.exports = createRemoteConfig({ dir: __dirname, name: 'remote_tasks', budgetKb: 60 });
