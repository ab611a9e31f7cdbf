// WIP spike (issue 32, increment 3): builds server-routes.webpack.cjs.
const webpack = require('webpack');
webpack(require('./server-routes.webpack.cjs'), (err, stats) => {
  if (err) {
    console.error(err);
    process.exit(1);
  }
  console.log(stats.toString('errors-warnings'));
  process.exit(stats.hasErrors() ? 1 : 0);
});
