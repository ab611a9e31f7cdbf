// Webpack settings the shell and every remote share: SWC for TypeScript and
// JSX, content-hashed chunks, publicPath 'auto' so a dist/ works from any host.
const path = require('node:path');

/**
 * React Router 7 publishes a production build (`dist/production`: dev warnings compiled out)
 * but its package exports point every condition at `dist/development`
 * (remix-run/react-router#14102), so bundlers ship the development build. Production builds
 * resolve the production files instead. `react-router/dom` must follow: it imports the
 * router's internal chunks by relative path, so mixing the two builds would load two routers.
 */
function reactRouterProductionAliases() {
  const root = path.dirname(require.resolve('react-router/package.json'));
  return {
    'react-router$': path.join(root, 'dist/production/index.mjs'),
    'react-router/dom$': path.join(root, 'dist/production/dom-export.mjs'),
  };
}

/**
 * @param {{ dir: string, mode?: string }} options
 * @returns {import('webpack').Configuration}
 */
function commonConfig({ dir, mode = 'production' }) {
  const production = mode === 'production';
  return {
    mode,
    context: dir,
    entry: './src/app/index.ts',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      clean: true,
      // Write every file, even one whose content did not change: scripts/start.mjs decides
      // whether a package needs building from the time index.html or mf-manifest.json was
      // written, and a build that left them untouched (a change that does not alter them)
      // would be found stale again at every start.
      compareBeforeEmit: false,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: production ? reactRouterProductionAliases() : {},
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2020',
              },
            },
          },
        },
      ],
    },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

module.exports = { commonConfig };
