// WIP spike (issue 32, increment 3, not built yet): remote-tasks' ./routes built for Node, the
// singletons external (required from the server's node_modules, so one copy in the process).
// `node bench/ssr-spike/build.cjs`, then `NODE_ENV=production npx tsx bench/ssr-spike/render.tsx`.
const path = require('node:path');
const webpack = require('webpack');
const { commonConfig } = require('../../scripts/webpack/common.cjs');

const dir = path.join(__dirname, '../../remote-tasks');
const base = commonConfig({ dir, mode: 'production' });
const SINGLETONS =
  /^(react|react-dom|react-dom\/.*|react\/.*|react-redux|react-router|react-router-dom|styled-components|@duly\/shared(\/.*)?)$/;
module.exports = {
  ...base,
  context: dir,
  name: 'remote-tasks-server',
  target: 'node',
  entry: './src/app/routes.tsx',
  devtool: false,
  resolve: { ...base.resolve, alias: {} },
  output: {
    path: path.join(__dirname, '../../node_modules/.cache/duly-ssr-spike'),
    filename: 'routes.cjs',
    library: { type: 'commonjs2' },
    clean: true,
  },
  externals: [
    ({ request }, callback) =>
      SINGLETONS.test(request) ? callback(null, `commonjs ${request}`) : callback(),
  ],
  optimization: { minimize: false },
  plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
};
