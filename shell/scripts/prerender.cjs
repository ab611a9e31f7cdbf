// The build-time pre-render of the shell's public pages (issue 18; src/app/prerender/).
//
// Two webpack compilations in one build: `prerenderConfig` bundles src/app/prerender/
// renderPages.tsx for Node (same sources, same SWC settings, no Module Federation: in Node
// every import is simply the package), then the browser build runs, and its
// `PrerenderPagesPlugin` calls that bundle with the index.html it has just made and adds the
// pages to dist/ (`prerendered/login.html`), before PrecompressPlugin writes their .br and .gz.
const path = require('node:path');
const webpack = require('webpack');
const { commonConfig } = require('../../scripts/webpack/common.cjs');
const { chunkFilesBeyondStartup } = require('../../scripts/webpack/startup-preload.cjs');

const PRERENDER_COMPILER = 'shell-prerender';
const BUNDLE_FILE = 'render-pages.cjs';

/** Outside dist/ (never deployed) and out of git's way. */
const bundleDir = (dir) => path.join(dir, 'node_modules/.cache/duly-prerender');

/**
 * The Node bundle of the pre-render.
 *
 * @param {{ dir: string, mode: string }} options
 * @returns {import('webpack').Configuration}
 */
function prerenderConfig({ dir, mode }) {
  const base = commonConfig({ dir, mode });
  return {
    ...base,
    name: PRERENDER_COMPILER,
    target: 'node',
    entry: './src/app/prerender/renderPages.tsx',
    devtool: false,
    output: {
      path: bundleDir(dir),
      filename: BUNDLE_FILE,
      library: { type: 'commonjs2' },
      clean: true,
    },
    // Run once at build time: readable stack traces matter more than size.
    optimization: { minimize: false },
    plugins: [
      // One file: the signed-in screens' dynamic import is never rendered on the server.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
  };
}

/** Adds the pre-rendered pages to the browser build's assets. */
class PrerenderPagesPlugin {
  /**
   * @param {{ dir: string, preload?: { sourceDir: string, chunkName: string, skipChunks?: string[] } }} options
   *   `preload`: the chunk of the pre-rendered screens, which index.html does not preload (a
   *   signed-in page never needs it): the pages preload it with the packages it needs.
   */
  constructor({ dir, preload }) {
    this.bundle = path.join(bundleDir(dir), BUNDLE_FILE);
    this.preload = preload;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PrerenderPagesPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After html-webpack-plugin has written index.html (OPTIMIZE_INLINE), before
        // PrecompressPlugin (OPTIMIZE_TRANSFER).
        { name: PrerenderPagesPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const page = compilation.getAsset('index.html')?.source.source().toString();
          if (!page) {
            compilation.errors.push(new webpack.WebpackError('Pre-render: no index.html'));
            return;
          }
          const links = this.preload
            ? chunkFilesBeyondStartup(compilation, this.preload)
                .map((file) => `<link rel="preload" as="script" href="/${file}">`)
                .join('')
            : '';
          const template = page.replace('</head>', () => `${links}</head>`);
          // A fresh copy: a watch rebuild must not reuse the previous bundle.
          delete require.cache[this.bundle];
          /** @type {{ renderPages(template: string): { file: string, html: string }[] }} */
          const { renderPages } = require(this.bundle);
          for (const page of renderPages(template)) {
            // Marked minimized, or webpack's HTML minifier rewrites the inline CSS: it drops
            // the line breaks styled-components reads its server-rendered rules back by, and
            // the browser's app would then discard them (an unstyled flash before it renders).
            compilation.emitAsset(page.file, new sources.RawSource(page.html), {
              minimized: true,
            });
          }
        },
      );
    });
  }
}

module.exports = { PRERENDER_COMPILER, prerenderConfig, PrerenderPagesPlugin };
