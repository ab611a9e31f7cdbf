// Preload hints for a Module Federation host's start-up files.
//
// The host's entry chunk only holds the federation runtime and the async boundary
// (`import('./bootstrap')`). Without hints the browser learns the names of the bootstrap chunk
// and of the shared packages it needs only once the entry chunk has downloaded and run: a
// waterfall of two round trips before React even starts downloading. These names are known at
// build time, so the page asks for them up front with `<link rel="preload" as="script">`
// (webpack's own `<script>` for a chunk then finds it in the preload cache; the request is
// the same, so a browser without preload support loads exactly as before).
//
// Which files: the chunks of every dynamic import made by the entry's own source modules, plus,
// for every shared package those chunks consume, the chunks of this build's own copy (its
// ProvideSharedModule). Start-up picks this build's copy: the host registers its shared
// packages first and `shareStrategy: 'loaded-first'` keeps the first one. Nested lazy chunks
// (React.lazy inside the app) and remotes are not preloaded.
const path = require('node:path');

/** @param {import('webpack').Module} module */
const kindOf = (module) => module.constructor.name;

/**
 * The files a host loads at start-up besides its entry chunk, in load order.
 *
 * @param {import('webpack').Compilation} compilation
 * @param {string} sourceDir only dynamic imports of modules under this folder start the walk
 * @param {string[]} [skipChunks] names of chunks (webpackChunkName) that only some start-ups
 *   load (the shell's signed-in screens): neither they nor what only they need are preloaded
 * @returns {string[]}
 */
function startupFiles(compilation, sourceDir, skipChunks = []) {
  const { chunkGraph } = compilation;

  /** share key → chunk groups holding this build's own copy */
  const providedGroups = new Map();
  for (const module of compilation.modules) {
    if (kindOf(module) !== 'ProvideSharedModule') continue;
    const key = /** @type {{ _name: string }} */ (/** @type {unknown} */ (module))._name;
    const groups = module.blocks.map((block) => chunkGraph.getBlockChunkGroup(block));
    providedGroups.set(key, [...(providedGroups.get(key) ?? []), ...groups.filter(Boolean)]);
  }

  /** @type {import('webpack').ChunkGroup[]} */
  const pending = [];
  for (const entrypoint of compilation.entrypoints.values()) {
    for (const chunk of entrypoint.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        // A module concatenated with others (index.ts with a module only it imports) is named
        // by its root module; its blocks are those of every module inside it.
        const { resource } =
          /** @type {{ rootModule?: { resource?: string } }} */ (module).rootModule ??
          /** @type {{ resource?: string }} */ (module);
        if (!resource || !resource.startsWith(sourceDir + path.sep)) continue;
        for (const block of module.blocks) {
          const group = chunkGraph.getBlockChunkGroup(block);
          if (group && !skipChunks.includes(group.name ?? '')) pending.push(group);
        }
      }
    }
  }

  const seenGroups = new Set();
  /** @type {Set<import('webpack').Chunk>} */
  const chunks = new Set();
  while (pending.length > 0) {
    const group = /** @type {import('webpack').ChunkGroup} */ (pending.shift());
    if (seenGroups.has(group)) continue;
    seenGroups.add(group);
    for (const chunk of group.chunks) {
      if (chunks.has(chunk) || chunk.hasRuntime()) continue;
      chunks.add(chunk);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (kindOf(module) !== 'ConsumeSharedModule') continue;
        const { shareKey } = /** @type {{ options: { shareKey: string } }} */ (
          /** @type {unknown} */ (module)
        ).options;
        pending.push(...(providedGroups.get(shareKey) ?? []));
      }
    }
  }

  const files = [];
  for (const chunk of chunks) {
    for (const file of chunk.files) if (file.endsWith('.js')) files.push(file);
  }
  return files;
}

/** Adds `<link rel="preload" as="script">` for the start-up files to the HtmlWebpackPlugin page. */
class StartupPreloadPlugin {
  /** @param {{ HtmlWebpackPlugin: typeof import('html-webpack-plugin'), sourceDir: string, skipChunks?: string[] }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { HtmlWebpackPlugin, sourceDir, skipChunks } = this.options;
    compiler.hooks.thisCompilation.tap(StartupPreloadPlugin.name, (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(
        StartupPreloadPlugin.name,
        (data) => {
          const publicPath = data.publicPath;
          const links = startupFiles(compilation, sourceDir, skipChunks).map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: publicPath + file,
            }),
          );
          // After the entry script: it is the first file the page needs.
          data.headTags.push(...links);
          return data;
        },
      );
    });
  }
}

module.exports = { StartupPreloadPlugin, startupFiles };
