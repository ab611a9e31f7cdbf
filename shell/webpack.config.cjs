// Webpack build of the shell, the Module Federation host (ARCHITECTURE 4 and 5).
// It provides every shared singleton, @duly/shared included, and knows no
// remote at build time: the remotes come from config.json at start-up.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { commonConfig } = require('../scripts/webpack/common.cjs');
const { routerRequestPlugin, sharedDependencies } = require('../scripts/webpack/shared-deps.cjs');
const { PrecompressPlugin } = require('../scripts/webpack/precompress.cjs');
const { RouterPurePlugin } = require('../scripts/webpack/router-pure.cjs');
const { nodeRoutesConfig } = require('../scripts/webpack/server-routes.cjs');
const {
  BootPreloadPlugin,
  StartupPreloadPlugin,
} = require('../scripts/webpack/startup-preload.cjs');
const {
  ShellManifestPlugin,
  federationRuntimeVersion,
} = require('../scripts/webpack/version-contract.cjs');
const { devConfigMiddleware } = require('./scripts/dev-config.cjs');
const {
  PRERENDER_COMPILER,
  prerenderConfig,
  PrerenderPagesPlugin,
} = require('./scripts/prerender.cjs');

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

/** The chunk of the signed-in screens (webpackChunkName in src/app/SignedInScreen.tsx). */
const SIGNED_IN_CHUNK = 'signed-in';
/** The chunk of the public screens (src/app/PublicScreen.tsx): sign-in, sign-up, one-time links. */
const SIGN_IN_CHUNK = 'sign-in';
/**
 * Chunks only some start-ups load, so index.html preloads none of them: the signed-in screens
 * (the server's page of an app path preloads them), the public ones (the pre-rendered pages
 * preload them) and the settings screens.
 */
const ON_DEMAND_CHUNKS = [SIGNED_IN_CHUNK, SIGN_IN_CHUNK, 'settings'];

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
 * The shell's package files: every module of these packages (node_modules or @duly/shared)
 * goes to the named file. What no group names goes to `packages` (small and rarely changed).
 * React and the router come first because every screen needs them; the form
 * libraries and the list kit only on the screens that use them.
 */
const PACKAGE_GROUPS = {
  react: ['react', 'react-dom', 'scheduler'],
  router: ['react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'],
  state: [
    '@reduxjs/toolkit',
    'redux',
    'redux-thunk',
    'react-redux',
    'immer',
    'reselect',
    'use-sync-external-store',
    '@standard-schema/utils',
  ],
  http: ['axios'],
  styles: [
    'styled-components',
    'stylis',
    '@emotion/is-prop-valid',
    '@emotion/memoize',
    'hoist-non-react-statics',
  ],
  // The toast host: loaded with the first message (@duly/shared 2.0.0, ToastProvider).
  toasts: ['notistack', 'goober', 'clsx'],
  forms: [
    'formik',
    'lodash-es',
    'react-fast-compare',
    'tiny-warning',
    'yup',
    'tiny-case',
    'property-expr',
    'toposort',
  ],
};

/**
 * Modules of @duly/shared that only its root, contract and forms entries reach (the form
 * schemas with yup): filed with the package they need, so the `packages` file every screen
 * loads does not carry them (issue 32).
 */
const LIBRARY_MODULE_GROUPS = [
  {
    test: /[\\/]shared[\\/]src[\\/]contract[\\/](schemas|formRules|accountSchemas)\.ts$/,
    group: 'forms',
  },
  // The root, contract, forms and account-forms entries themselves (their lists of exports):
  // whoever consumes one loads `forms` anyway.
  {
    test: /[\\/]shared[\\/]src[\\/](index\.ts|contract[\\/]index\.ts|entries[\\/](accountForms|forms)\.ts)$/,
    group: 'forms',
  },
  // The UI kit's form parts (`@duly/shared/form-kit`, issue 32), in a file of their own: in
  // `forms` they would bring yup and formik to every screen that imports `/ui` (their formik
  // imports are types only).
  {
    test: /[\\/]shared[\\/]src[\\/](entries[\\/]formKit\.ts|ui[\\/]screen[\\/]CreateScreen\.tsx|ui[\\/]form[\\/](Form|FormActions|FormikForm|PasswordFields|PersonSelect|SignInFields|TextArea|DateField|DateTimeField|fieldError)\.tsx?)$/,
    group: 'form-kit',
  },
  // What left `@duly/shared/core` and `/dates` in 3.0.0 (issue 32), each in a file of its own
  // so a route that does not show it does not download it: the activity history's endpoint and
  // sentences (`/activity`: the History section, the activity screen) and the documents
  // (`/documents`: the certificates' and the team's document screens).
  {
    test: /[\\/]shared[\\/]src[\\/](entries[\\/]activity\.ts|api[\\/]activity\.ts|contract[\\/]activity\.ts)$/,
    group: 'activity',
  },
  {
    test: /[\\/]shared[\\/]src[\\/](entries[\\/]documents\.ts|api[\\/](documents|documentEndpoints)\.ts)$/,
    group: 'documents',
  },
  // The imports' endpoints (`/ui`'s since 3.0.0): only the import screen uses them.
  {
    test: /[\\/]shared[\\/]src[\\/]api[\\/]imports\.ts$/,
    group: 'kit-more',
  },
  // The UI kit beyond `@duly/shared/kit` and `/form-kit` (issue 32): the import screen, the
  // documents, the dialogs and the activity history, with `/ui`'s list of exports. A list
  // imports `/kit`, so this file loads only with a screen that imports `/ui`.
  {
    test: /[\\/]shared[\\/]src[\\/]ui[\\/](index\.ts|documents[\\/].*|dialog[\\/].*|screen[\\/](ImportScreen|History)\.tsx)$/,
    group: 'kit-more',
  },
];

/** The package a module file belongs to: `node_modules/<name>` or `@duly/shared`. */
function packageOf(resource) {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(resource);
  if (match) return match[1].replace(/\\/g, '/');
  return '@duly/shared';
}

/** One splitChunks cache group per entry of PACKAGE_GROUPS, plus `packages` for the rest. */
function packageGroups() {
  const groupOf = new Map();
  for (const [group, packages] of Object.entries(PACKAGE_GROUPS)) {
    for (const name of packages) groupOf.set(name, group);
  }
  /** @type {Record<string, import('webpack').CacheGroupOptions>} */
  const cacheGroups = {};
  /** @param {string} resource */
  const fileGroup = (resource) =>
    LIBRARY_MODULE_GROUPS.find(({ test }) => test.test(resource))?.group ??
    groupOf.get(packageOf(resource)) ??
    'packages';
  const libraryGroups = LIBRARY_MODULE_GROUPS.map(({ group }) => group);
  for (const group of new Set([...Object.keys(PACKAGE_GROUPS), ...libraryGroups, 'packages'])) {
    cacheGroups[group] = {
      test: (module) =>
        isPackageModule(module) &&
        fileGroup(/** @type {{ resource: string }} */ (module).resource) === group,
      name: group,
      chunks: 'async',
      enforce: true,
    };
  }
  return cacheGroups;
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

/**
 * Modules of the federation runtime the shell's build replaces with the few lines it still
 * needs (src/features/remotes/runtime-trim/, issue 32): with `disableSnapshot` their only
 * callers left are `preloadRemote`, which Duly never calls, and `removeRemote`'s clean-up.
 * Each is checked to exist with the exports replaced, so an upgrade of the runtime that moves
 * or changes them fails the build instead of leaving a half-replaced runtime.
 */
// The package's entry (its exports name no package.json) is dist/index.cjs.
const RUNTIME_CORE_DIST = path.dirname(require.resolve('@module-federation/runtime-core'));
const TRIMMED_RUNTIME_MODULES = [
  {
    file: 'plugins/snapshot/SnapshotHandler.js',
    exports: 'export { SnapshotHandler, getGlobalRemoteInfo };',
    by: 'src/features/remotes/runtime-trim/snapshotHandler.js',
  },
  {
    file: 'utils/preload.js',
    exports:
      'export { defaultPreloadArgs, formatPreloadArgs, normalizePreloadExposes, preloadAssets };',
    by: 'src/features/remotes/runtime-trim/preload.js',
  },
];

/**
 * Puts src/features/remotes/runtime-trim/'s modules in place of TRIMMED_RUNTIME_MODULES, and
 * fails the build when one was not replaced (the runtime resolved from elsewhere).
 */
class TrimmedRuntimePlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const replacements = TRIMMED_RUNTIME_MODULES.map(({ file, exports, by }) => {
      const original = path.join(RUNTIME_CORE_DIST, file);
      const text = fs.existsSync(original) ? fs.readFileSync(original, 'utf8') : '';
      if (!text.includes(exports)) {
        throw new Error(
          `shell/webpack.config.cjs: ${original} is not the module it replaces (${exports}): check src/features/remotes/runtime-trim/ against this version of the federation runtime.`,
        );
      }
      return { original, replacement: path.join(__dirname, by) };
    });
    /** @type {Set<string>} */
    let replaced = new Set();
    compiler.hooks.thisCompilation.tap(TrimmedRuntimePlugin.name, (compilation) => {
      replaced = new Set();
      compilation.hooks.afterSeal.tap(TrimmedRuntimePlugin.name, () => {
        for (const { original } of replacements) {
          if (replaced.has(original)) continue;
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `TrimmedRuntimePlugin: ${original} was never replaced (is the federation runtime resolved from another folder?).`,
            ),
          );
        }
      });
    });
    for (const { original, replacement } of replacements) {
      new compiler.webpack.NormalModuleReplacementPlugin(
        new RegExp(`${escapeRegExp(original)}$`),
        (resolveData) => {
          if (resolveData.createData?.resource !== original) return;
          resolveData.createData.resource = replacement;
          replaced.add(original);
        },
      ).apply(compiler);
    }
  }
}

/** @param {string} text */
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** @returns {import('webpack').Configuration} */
function shellConfig(_env, argv = {}) {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const production = mode === 'production';
  const base = commonConfig({ dir: __dirname, mode });
  const devPort = Number(process.env.SHELL_PORT ?? 3000);
  const shared = sharedDependencies(__dirname);

  return {
    ...base,
    name: 'shell',
    // Production: the pre-render's Node bundle is built first (scripts/prerender.cjs).
    ...(production ? { dependencies: [PRERENDER_COMPILER] } : {}),
    output: {
      ...base.output,
      uniqueName: 'duly_shell',
      filename: production ? hashedEntryFilename : base.output.filename,
    },
    optimization: {
      splitChunks: {
        cacheGroups: {
          // The shared packages the shell provides, in a few files by what the screens use
          // (issue 18): one file for all of them made /login download and evaluate luxon,
          // yup, formik and the task code's packages in one long task. Each group is one
          // file (22 small files, one per package, compressed worse); a group is loaded only
          // when a screen needs one of its modules.
          ...packageGroups(),
        },
      },
    },
    plugins: [
      // `react-router-dom` imports are @duly/shared/router's (2.0.0, issue 32).
      routerRequestPlugin(webpack),
      // The runtime's snapshot and preload modules, left without callers by disableSnapshot.
      new TrimmedRuntimePlugin(),
      // React Router's NavLink and Form, which Duly never renders, dropped from `router`.
      new RouterPurePlugin(),
      new ModuleFederationPlugin({
        name: 'shell',
        // No remote is compiled in: bootstrap.tsx registers them from config.json.
        remotes: {},
        shared,
        shareStrategy: 'loaded-first',
        // The host exposes nothing, so it needs neither a manifest nor types.
        manifest: false,
        dts: false,
        runtimePlugins: [
          EXTERNAL_RUNTIME_PLUGIN,
          // The runtime's own version refusals as the version contract's error (docs/deploying.md).
          path.join(__dirname, 'src/features/remotes/versionContractPlugin.ts'),
          // A remote's manifest (from the page itself when inlined, api/src/web/boot.ts), its
          // version contract check and its remoteEntry.js: the runtime's snapshot handling,
          // left out below, reduced to what Duly uses (issue 32).
          path.join(__dirname, 'src/features/remotes/remoteManifestPlugin.ts'),
        ],
        experiments: {
          optimization: {
            // The shell only ever runs in a browser: the runtime's Node.js loading code goes.
            target: 'web',
            // No manifest/snapshot handling in the runtime: remoteManifestPlugin.ts does it.
            disableSnapshot: true,
          },
        },
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
      // Not the signed-in screens: the entry chunk starts them itself when a session is stored.
      new StartupPreloadPlugin({
        HtmlWebpackPlugin,
        sourceDir: path.join(__dirname, 'src'),
        skipChunks: ON_DEMAND_CHUNKS,
      }),
      // dist/boot-preload.json: what the server preloads in the page of a signed-in app path
      // beyond the start-up files (the signed-in chunk, the packages a remote's screen needs).
      new BootPreloadPlugin({
        sourceDir: path.join(__dirname, 'src'),
        chunkName: SIGNED_IN_CHUNK,
        skipChunks: ON_DEMAND_CHUNKS,
      }),
      // dist/shell-manifest.json: what this shell provides to remotes, for `npm run check:compat`
      // and each remote's build (docs/deploying.md).
      new ShellManifestPlugin({ shared }),
      // The runtime's version, for the runtime check of a remote's manifest (remotes feature).
      new webpack.DefinePlugin({
        'process.env.DULY_FEDERATION_RUNTIME_VERSION': JSON.stringify(federationRuntimeVersion()),
      }),
      // The public pages as HTML with their CSS, painted before the JavaScript runs (issue 18).
      ...(production
        ? [
            new PrerenderPagesPlugin({
              dir: __dirname,
              preload: {
                sourceDir: path.join(__dirname, 'src'),
                chunkName: SIGN_IN_CHUNK,
                skipChunks: ON_DEMAND_CHUNKS,
              },
            }),
          ]
        : []),
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
}

/**
 * The Node build of the shell's screens the server renders with their data (the dashboard:
 * src/server/routes.tsx), into dist/server/routes.cjs after the browser build, which cleans
 * dist/ (api/src/web/server-render.ts).
 * @param {{ outputDir?: string }} [options]
 */
function shellServerRoutesConfig({ outputDir } = {}) {
  return nodeRoutesConfig({
    dir: __dirname,
    name: 'shell',
    entry: './src/server/routes.tsx',
    dependsOn: outputDir ? undefined : 'shell',
    outputDir,
  });
}

/**
 * Production builds three compilations: the pre-render's Node bundle, the browser build that
 * runs it, then the Node build of the server-rendered screens. The dev server builds the
 * browser part alone (its index.html has no pre-render, its pages are rendered in the browser).
 */
module.exports = (env, argv = {}) =>
  argv.mode === 'development'
    ? shellConfig(env, argv)
    : [
        prerenderConfig({ dir: __dirname, mode: 'production' }),
        shellConfig(env, argv),
        shellServerRoutesConfig(),
      ];
module.exports.shellServerRoutesConfig = shellServerRoutesConfig;
