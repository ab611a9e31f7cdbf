// Webpack build of the shell, the Module Federation host (ARCHITECTURE 4 and 5).
// It provides every shared singleton, @duly/shared included, and knows no
// remote at build time: the remotes come from config.json at start-up.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { commonConfig } = require('../scripts/webpack/common.cjs');
const { sharedDependencies } = require('../scripts/webpack/shared-deps.cjs');
const { PrecompressPlugin } = require('../scripts/webpack/precompress.cjs');
const { StartupPreloadPlugin } = require('../scripts/webpack/startup-preload.cjs');
const {
  ShellManifestPlugin,
  federationRuntimeVersion,
} = require('../scripts/webpack/version-contract.cjs');
const { devConfigMiddleware } = require('./scripts/dev-config.cjs');

/**
 * `[name].[contenthash:10].js`, except while webpack is still hashing modules.
 * webpack 5.111 asks the federation runtime module for its code (which resolves
 * the entry chunk's file name) before any content hash exists, and
 * `[contenthash]` then throws (module-federation/core#5077, webpack#22199).
 * At that moment only the folder of the name matters (the runtime derives the
 * output root from it), so a hash-less name is given; the emitted file is
 * content-hashed as usual.
 *
 * @param {import('webpack').PathData} pathData
 */
function hashedEntryFilename(pathData) {
  const hashed = Boolean(pathData.chunk?.contentHash?.javascript);
  return hashed ? '[name].[contenthash:10].js' : '[name].js';
}

const PACKAGE_PATH = /[\\/]node_modules[\\/]|[\\/]shared[\\/]src[\\/]/;

/**
 * A module of a package (node_modules or @duly/shared), not of the shell itself. Only modules
 * read from a file: the federation's consume-shared modules must stay in the chunks that use
 * them, or loading the packages chunk would wait for its own shared modules (a deadlock).
 *
 * @param {import('webpack').Module} module
 */
function isPackageModule(module) {
  const resource = /** @type {{ resource?: string }} */ (module).resource;
  return typeof resource === 'string' && PACKAGE_PATH.test(resource);
}

/**
 * The runtime plugin that hands the shell's copy of the federation runtime to the remotes
 * (their production builds use it instead of bundling their own, see scripts/webpack/remote.cjs).
 * Its ES module build: it then shares the runtime module the shell's bundle already holds
 * (the CommonJS build that `experiments.provideExternalRuntime` picks would add a second copy).
 */
const EXTERNAL_RUNTIME_PLUGIN = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

/** @returns {import('webpack').Configuration} */
module.exports = (_env, argv = {}) => {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const production = mode === 'production';
  const base = commonConfig({ dir: __dirname, mode });
  const devPort = Number(process.env.SHELL_PORT ?? 3000);
  const shared = sharedDependencies(__dirname);

  return {
    ...base,
    output: {
      ...base.output,
      uniqueName: 'duly_shell',
      filename: production ? hashedEntryFilename : base.output.filename,
    },
    optimization: {
      splitChunks: {
        cacheGroups: {
          // The shared packages the shell provides (React, the router, Redux,
          // @duly/shared, …) as one file instead of one per package (there were 22, two
          // of them the same code under two names): start-up needs them all, and one
          // file downloads and compresses better than 22 small ones. (A package only a
          // lazily loaded part of the shell used would land here too: give it a cache
          // group of its own if that ever happens.)
          packages: {
            test: isPackageModule,
            name: 'packages',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        // No remote is compiled in: bootstrap.tsx registers them from config.json.
        remotes: {},
        shared,
        shareStrategy: 'loaded-first',
        // The host exposes nothing, so it needs neither a manifest nor types.
        manifest: false,
        dts: false,
        // The version contract check of every remote's manifest (docs/deploying.md).
        runtimePlugins: [
          EXTERNAL_RUNTIME_PLUGIN,
          path.join(__dirname, 'src/features/remotes/versionContractPlugin.ts'),
        ],
        // The shell only ever runs in a browser: the runtime's Node.js loading code goes.
        experiments: { optimization: { target: 'web' } },
      }),
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'public/index.html'),
        // The app routes on absolute paths (/tasks/123), so the entry script is
        // referenced from the root; chunks still resolve through publicPath 'auto'.
        publicPath: '/',
        scriptLoading: 'defer',
      }),
      // The bootstrap chunk and the shared packages it needs download beside the entry chunk
      // instead of after it.
      new StartupPreloadPlugin({ HtmlWebpackPlugin, sourceDir: path.join(__dirname, 'src') }),
      // dist/shell-manifest.json: what this shell provides to remotes, for `npm run check:compat`
      // and each remote's build (docs/deploying.md).
      new ShellManifestPlugin({ shared }),
      // The runtime's version, for the runtime check of a remote's manifest (remotes feature).
      new webpack.DefinePlugin({
        'process.env.DULY_FEDERATION_RUNTIME_VERSION': JSON.stringify(federationRuntimeVersion()),
      }),
      // dist/ also holds .br and .gz copies, sent by servers that know them (api/src/web).
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    devServer: {
      host: '127.0.0.1',
      port: devPort,
      historyApiFallback: true,
      hot: false,
      headers: { 'Cache-Control': 'no-store' },
      // The dev server answers /config.json itself (dist/ never contains one)
      // and forwards /api to a running API.
      setupMiddlewares: (middlewares, devServer) => {
        devServer.app.get('/config.json', devConfigMiddleware());
        return middlewares;
      },
      proxy: [
        {
          context: ['/api'],
          target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080',
          changeOrigin: true,
        },
      ],
    },
  };
};
