// The Node build of an app's routes (issue 32, the rows in the server's HTML): a remote's
// `./routes` (remote.cjs `serverRoutesConfig`) or the shell's own server-rendered screens
// (shell/src/server/routes.tsx), rendered by api/src/web/server-render.ts.
const path = require('node:path');
const webpack = require('webpack');
const { commonConfig } = require('./common.cjs');

/**
 * The packages the server's process holds one copy of, required by a Node build instead of
 * bundled: the singletons of the share scope, whose one copy the render's store, theme and
 * router context must be.
 */
const SERVER_SINGLETONS =
  /^(react|react\/.*|react-dom|react-dom\/.*|react-redux|react-router|react-router-dom|styled-components|@duly\/shared(\/.*)?)$/;

/**
 * `dist/server/routes.cjs`: one CommonJS file exporting the routes component of `entry`, beside
 * the browser build, so scripts/releases.cjs copies it into the release folder and a release or
 * a rollback moves it with the browser files. The singletons stay `require`s
 * (SERVER_SINGLETONS), which the server answers from its own modules. Not minified, no source
 * map: read by the server alone, never served (api/src/web/index.ts refuses `server/`).
 * `dependsOn`: the browser build's name, which cleans dist/ and so must run first.
 * @param {{ dir: string, name: string, entry: string, dependsOn?: string, outputDir?: string }} options
 * @returns {import('webpack').Configuration}
 */
function nodeRoutesConfig({
  dir,
  name,
  entry,
  dependsOn,
  outputDir = path.join(dir, 'dist', 'server'),
}) {
  const common = commonConfig({ dir, mode: 'production' });
  return {
    ...common,
    name: `${name}-server`,
    ...(dependsOn ? { dependencies: [dependsOn] } : {}),
    target: 'node',
    entry,
    devtool: false,
    // The router's production aliases are for the browser's bundle: here it is external.
    resolve: { ...common.resolve, alias: {} },
    output: {
      path: outputDir,
      filename: 'routes.cjs',
      library: { type: 'commonjs2' },
      clean: true,
      compareBeforeEmit: false,
    },
    externals: [
      ({ request }, callback) =>
        request && SERVER_SINGLETONS.test(request)
          ? callback(null, `commonjs ${request}`)
          : callback(),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  };
}

module.exports = { nodeRoutesConfig };
