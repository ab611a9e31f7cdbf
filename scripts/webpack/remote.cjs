// The webpack configuration of every federated remote (ARCHITECTURE 4 and 5).
// A remote's webpack.config.cjs is one call:
//
//   module.exports = createRemoteConfig({ dir: __dirname, budgetKb: 60 });
//
// The container name and dev port come from the package's entry in remotes.json.
// It builds on commonConfig (SWC, content-hashed chunks, publicPath 'auto') and
// the one shared-dependency list, so every remote agrees with the shell on the
// singletons. It adds: the Module Federation container exposing `./routes`,
// `mf-manifest.json`, a standalone page for `webpack serve`, a CORS-enabled dev
// server on the remote's fixed port, and a bundle budget that fails the build.
const zlib = require('node:zlib');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { commonConfig } = require('./common.cjs');
const { PrecompressPlugin } = require('./precompress.cjs');
const { routerRequestPlugin, sharedDependencies } = require('./shared-deps.cjs');
const { CompatGatePlugin } = require('./version-contract.cjs');
const { ExposedSharedPlugin } = require('./exposed-shared.cjs');
const { remoteOfPackage } = require('../remote-registry.cjs');
const { nodeRoutesConfig } = require('./server-routes.cjs');

/** Every remote exposes exactly one module: the component rendering its `<Routes>`. */
const DEFAULT_EXPOSES = { './routes': './src/app/routes.tsx' };

const KB = 1024;

/**
 * Finds the JavaScript files a host downloads to show the remote's routes, leaving out the
 * shared dependencies (those come from the shell's build at runtime): the container entry
 * (`remoteEntry.js`) plus every chunk reachable from an exposed module, except the chunks that
 * only hold the fallback copies of shared packages.
 *
 * @param {import('webpack').Compilation} compilation
 * @param {string} containerName the ModuleFederationPlugin `name` (the container entry chunk)
 * @returns {string[]} file names
 */
function ownRemoteFiles(compilation, containerName) {
  const { chunkGraph } = compilation;
  /** @type {Set<import('webpack').ChunkGroup>} */
  const sharedGroups = new Set();
  /** @type {import('webpack').ChunkGroup[]} */
  const exposedGroups = [];

  for (const module of compilation.modules) {
    const kind = module.constructor.name;
    const isShared = kind === 'ConsumeSharedModule' || kind === 'ProvideSharedModule';
    const isContainerEntry = kind === 'ContainerEntryModule';
    if (!isShared && !isContainerEntry) continue;
    for (const block of module.blocks) {
      const group = chunkGraph.getBlockChunkGroup(block);
      if (!group) continue;
      if (isShared) sharedGroups.add(group);
      else exposedGroups.push(group);
    }
  }

  // Found by class name: if a plugin upgrade renamed them, fail loudly rather than under-count.
  if (exposedGroups.length === 0) {
    throw new Error(`RemoteBudgetPlugin: no exposed module found in ${containerName}'s build.`);
  }

  /** @type {Set<import('webpack').Chunk>} */
  const chunks = new Set();
  const containerEntry = compilation.namedChunks.get(containerName);
  if (containerEntry) chunks.add(containerEntry);

  // Walk from each exposed module through its lazy children, stopping at shared fallbacks.
  const seen = new Set();
  const pending = [...exposedGroups];
  while (pending.length > 0) {
    const group = pending.pop();
    if (seen.has(group) || sharedGroups.has(group)) continue;
    seen.add(group);
    for (const chunk of group.chunks) chunks.add(chunk);
    pending.push(...group.getChildren());
  }

  const files = new Set();
  for (const chunk of chunks) {
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  }
  return [...files].sort();
}

/** Prints the gzipped size of the remote's own JavaScript and fails the build over budget. */
class RemoteBudgetPlugin {
  /** @param {{ containerName: string, budgetKb: number }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { containerName, budgetKb } = this.options;
    const { Compilation, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(RemoteBudgetPlugin.name, (compilation) => {
      // REPORT runs after minification and content hashing: the files are final.
      compilation.hooks.processAssets.tap(
        { name: RemoteBudgetPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = ownRemoteFiles(compilation, containerName);
          const rows = files.map((file) => {
            const source = compilation.getAsset(file)?.source.buffer() ?? Buffer.alloc(0);
            return { file, gzip: zlib.gzipSync(source, { level: 9 }).length };
          });
          const totalKb = rows.reduce((sum, row) => sum + row.gzip, 0) / KB;
          const lines = rows.map(
            (row) => `  ${(row.gzip / KB).toFixed(1).padStart(6)} KB  ${row.file}`,
          );
          const verdict = totalKb <= budgetKb ? 'within budget' : 'OVER BUDGET';
          console.log(
            [
              `${containerName}: own JavaScript (remoteEntry + exposed modules, shared dependencies excluded), gzipped:`,
              ...lines,
              `  ${totalKb.toFixed(1).padStart(6)} KB  total, budget ${budgetKb} KB: ${verdict}`,
            ].join('\n'),
          );
          if (totalKb > budgetKb) {
            compilation.errors.push(
              new WebpackError(
                `${containerName} is over its bundle budget: ${totalKb.toFixed(1)} KB gzipped > ${budgetKb} KB.`,
              ),
            );
          }
        },
      );
    });
  }
}

/**
 * The standalone page of `webpack serve`: an HTML page for the `main` entry (never for
 * remoteEntry.js) and its API base setting.
 */
function standalonePagePlugins(name, title = `Duly: ${name} (standalone)`) {
  return [
    new HtmlWebpackPlugin({
      title,
      templateContent:
        '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1">' +
        // No favicon request to answer with a 404.
        '<link rel="icon" href="data:,">' +
        `<title>${title}</title></head><body><div id="root"></div></body></html>`,
      chunks: ['main'],
      // Absolute, so deep links like /tasks/123/edit still load /main.js.
      publicPath: '/',
    }),
    // Empty means /api/v1 on the page's own host, which the dev server forwards to
    // API_PROXY_TARGET.
    new webpack.DefinePlugin({
      'process.env.DULY_API_BASE_URL': JSON.stringify(process.env.DULY_API_BASE_URL ?? ''),
    }),
  ];
}

/**
 * The shared settings of a production remote: each package consumed from the shell, none
 * bundled as a fallback.
 * @param {Record<string, object>} shared
 */
function withoutOwnCopies(shared) {
  return Object.fromEntries(
    Object.entries(shared).map(([name, config]) => [name, { ...config, import: false }]),
  );
}

/**
 * @param {{
 *   dir: string,
 *   budgetKb: number,
 *   exposes?: Record<string, string>,
 *   title?: string,
 * }} options
 *   dir: the remote's package folder (its entry in remotes.json gives the container name and
 *   the dev port; REMOTE_PORT overrides the port); budgetKb: gzipped budget of the remote's own
 *   JavaScript.
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration | import('webpack').Configuration[]}
 */
function createRemoteConfig({ dir, budgetKb, exposes = DEFAULT_EXPOSES, title }) {
  const { name, devPort: registeredPort } = remoteOfPackage(dir);
  const devPort = Number(process.env.REMOTE_PORT) || registeredPort;

  return (_env, argv = {}) => {
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const production = mode === 'production';
    const common = commonConfig({ dir, mode });
    const browser = {
      ...common,
      name,
      // The standalone page (src/app/index.ts) is a development aid: a production dist/ holds
      // only what a host loads (mf-manifest.json, remoteEntry.js and hashed chunks), and the
      // server its Node build of the routes (server/routes.cjs, serverRoutesConfig below).
      entry: production ? {} : common.entry,
      output: { ...common.output, uniqueName: name },
      plugins: [
        // `react-router-dom` imports are @duly/shared/router's (2.0.0, issue 32).
        routerRequestPlugin(webpack),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // requiredVersion: the ranges of the remote's package.json (the version contract).
          // Production: no copy of any shared package (`import: false`): the shell provides each
          // (ShellManifestPlugin checks it does), so the copies were never loaded in the app, but
          // remoteEntry.js registered each with its loader (1.5 KB gzipped per route, issue 32).
          // The version contract refuses a shell that lacks one (scripts/compat.cjs). The
          // standalone page has no shell: development builds keep their copies.
          shared: production ? withoutOwnCopies(sharedDependencies(dir)) : sharedDependencies(dir),
          shareStrategy: 'loaded-first',
          manifest: true,
          // Types of the API contract live in @duly/shared; no remote type generation.
          dts: false,
          // A production remote uses the federation runtime of the shell that loads it
          // (provided by the shell's inject-external-runtime-core runtime plugin) instead
          // of carrying its own copy: remoteEntry.js shrinks from 28 to 9 KB gzipped. The
          // standalone dev page has no shell, so development builds keep their own.
          experiments: {
            externalRuntime: production,
            optimization: {
              // A remote only ever runs in a browser (the shell's page or its standalone page):
              // the federation code's Node.js paths go (issue 32).
              target: 'web',
              // A remote loads no remote of its own: remoteEntry.js needs no remote loading. Only
              // in production, where the runtime itself is the shell's (externalRuntime): the
              // standalone page's own runtime keeps its remote handling.
              disableRemote: production,
            },
          },
        }),
        // Sizes only mean something minified: the budget applies to production builds.
        ...(production
          ? [
              new RemoteBudgetPlugin({ containerName: name, budgetKb }),
              new ExposedSharedPlugin(),
              new PrecompressPlugin(),
            ]
          : standalonePagePlugins(name, title)),
        // SHELL_MANIFEST=<production shell's shell-manifest.json, file or URL>: the build fails
        // when this remote could not run in that shell (docs/deploying.md).
        ...(process.env.SHELL_MANIFEST?.trim()
          ? [new CompatGatePlugin({ shellManifest: process.env.SHELL_MANIFEST.trim() })]
          : []),
      ],
      devServer: {
        host: '127.0.0.1',
        port: devPort,
        // The shell on :3000 loads the manifest and chunks cross-origin.
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': '*',
          'Access-Control-Allow-Methods': 'GET, OPTIONS',
        },
        historyApiFallback: true,
        hot: false,
        static: false,
        client: { overlay: { errors: true, warnings: false } },
        // Like the shell's dev server: /api goes to a running API (`npm start` listens on 8080).
        proxy: [
          {
            context: ['/api'],
            target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080',
            changeOrigin: true,
          },
        ],
      },
    };
    // Production: the routes' Node build too, after the browser build (which cleans dist/).
    // The dev server builds the browser part alone: its pages are rendered in the browser.
    return production ? [browser, serverRoutesConfig({ dir, dependsOn: name })] : browser;
  };
}

/**
 * The Node build of a remote's `./routes` (issue 32, the rows in the server's HTML): see
 * server-routes.cjs.
 * @param {{ dir: string, dependsOn?: string, outputDir?: string }} options
 */
function serverRoutesConfig({ dir, dependsOn, outputDir }) {
  const { name } = remoteOfPackage(dir);
  return nodeRoutesConfig({ dir, name, entry: DEFAULT_EXPOSES['./routes'], dependsOn, outputDir });
}

module.exports = { createRemoteConfig, serverRoutesConfig, RemoteBudgetPlugin, ownRemoteFiles };
