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
  return filesOf(closure(compilation, pending));
}

/**
 * share key → the chunk groups holding this build's own copy of that shared package.
 *
 * @param {import('webpack').Compilation} compilation
 * @returns {Map<string, import('webpack').ChunkGroup[]>}
 */
function providedGroupsOf(compilation) {
  const { chunkGraph } = compilation;
  const providedGroups = new Map();
  for (const module of compilation.modules) {
    if (kindOf(module) !== 'ProvideSharedModule') continue;
    const key = /** @type {{ _name: string }} */ (/** @type {unknown} */ (module))._name;
    const groups = module.blocks.map((block) => chunkGraph.getBlockChunkGroup(block));
    providedGroups.set(key, [...(providedGroups.get(key) ?? []), ...groups.filter(Boolean)]);
  }
  return providedGroups;
}

/**
 * The share keys of the shared packages `chunk`'s modules consume (its ConsumeSharedModules).
 *
 * @param {import('webpack').ChunkGraph} chunkGraph
 * @param {import('webpack').Chunk} chunk
 * @returns {string[]}
 */
function consumedShareKeys(chunkGraph, chunk) {
  const keys = [];
  for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
    if (kindOf(module) !== 'ConsumeSharedModule') continue;
    keys.push(
      /** @type {{ options: { shareKey: string } }} */ (/** @type {unknown} */ (module)).options
        .shareKey,
    );
  }
  return keys;
}

/**
 * The chunks of `groups` and, for every shared package one of them consumes, of this build's
 * copy of it, and so on (runtime chunks left out).
 *
 * @param {import('webpack').Compilation} compilation
 * @param {import('webpack').ChunkGroup[]} groups
 * @returns {Set<import('webpack').Chunk>}
 */
function closure(compilation, groups) {
  const { chunkGraph } = compilation;
  const providedGroups = providedGroupsOf(compilation);
  const pending = [...groups];
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
      for (const shareKey of consumedShareKeys(chunkGraph, chunk)) {
        pending.push(...(providedGroups.get(shareKey) ?? []));
      }
    }
  }
  return chunks;
}

/** @param {Iterable<import('webpack').Chunk>} chunks */
function filesOf(chunks) {
  const files = [];
  for (const chunk of chunks) {
    for (const file of chunk.files) if (file.endsWith('.js')) files.push(file);
  }
  return files;
}

/**
 * The files of the chunk named `chunkName` (webpackChunkName) and of the shared packages it
 * needs, beyond the start-up files index.html preloads already.
 *
 * @param {import('webpack').Compilation} compilation
 * @param {{ sourceDir: string, chunkName: string, skipChunks?: string[] }} options
 * @returns {string[]}
 */
function chunkFilesBeyondStartup(compilation, { sourceDir, chunkName, skipChunks = [] }) {
  const startup = new Set(startupFiles(compilation, sourceDir, skipChunks));
  const group = compilation.namedChunkGroups.get(chunkName);
  if (!group) return [];
  return filesOf(closure(compilation, [group])).filter((file) => !startup.has(file));
}

/** The file the server reads to preload a signed-in page's files (api/src/web/boot.ts). */
const BOOT_PRELOAD_FILE = 'boot-preload.json';

/**
 * Writes BOOT_PRELOAD_FILE (issue 32): the files a signed-in page loads beyond the start-up
 * files index.html preloads already, so the server can name them in the page of an app path:
 * `signedIn`, the chunk of the signed-in screens (`chunkName`) with the shared packages it needs;
 * `shared`, per share key, this build's copy of that package with what it needs in turn (a
 * remote's exposed module consumes them: the server preloads those its manifest names).
 */
class BootPreloadPlugin {
  /** @param {{ sourceDir: string, chunkName: string, skipChunks?: string[] }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { sourceDir, chunkName, skipChunks = [] } = this.options;
    const { sources, Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(BootPreloadPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: BootPreloadPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const startup = new Set(startupFiles(compilation, sourceDir, skipChunks));
          const beyondStartup = (files) => files.filter((file) => !startup.has(file));
          const shared = {};
          for (const [key, groups] of providedGroupsOf(compilation)) {
            const files = beyondStartup(filesOf(closure(compilation, groups)));
            if (files.length > 0) shared[key] = files;
          }
          const preload = {
            signedIn: chunkFilesBeyondStartup(compilation, { sourceDir, chunkName, skipChunks }),
            shared,
          };
          compilation.emitAsset(
            BOOT_PRELOAD_FILE,
            new sources.RawSource(`${JSON.stringify(preload, null, 2)}\n`),
          );
        },
      );
    });
  }
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

module.exports = {
  consumedShareKeys,
  BootPreloadPlugin,
  BOOT_PRELOAD_FILE,
  chunkFilesBeyondStartup,
  StartupPreloadPlugin,
  startupFiles,
};
