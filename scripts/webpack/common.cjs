// Webpack settings the shell and every remote share: SWC for TypeScript and
// JSX, content-hashed chunks, publicPath 'auto' so a dist/ works from any host.
const path = require('node:path');

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
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
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
