// Which shared packages each exposed module of a remote consumes when it loads (issue 32).
//
// The server preloads, for a signed-in page, the shell's copies of the shared packages the
// page's remote needs at once (api/src/web/boot.ts). mf-stats.json's `requires` names only
// what the exposed file itself imports: remote-team's `./routes` listed `@duly/shared/kit` and
// not `@duly/shared/documents`, which a screen it imports consumes, so the team dashboard
// fetched the shell's `documents.js` only once its chunk ran, one more round trip before its
// last paint. The chunk graph knows them all: every ConsumeSharedModule in the exposed
// module's own chunks (not in its lazy children, which load later or never).

const { consumedShareKeys } = require('./startup-preload.cjs');

/** The file the server reads beside the remote's mf-manifest.json. */
const EXPOSES_SHARED_FILE = 'exposes-shared.json';

/**
 * `{ "./routes": [share keys] }` for every exposed module of the build's container.
 *
 * @param {import('webpack').Compilation} compilation
 * @returns {Record<string, string[]>}
 */
function exposedShared(compilation) {
  const { chunkGraph } = compilation;
  /** @type {Record<string, string[]>} */
  const result = {};
  for (const module of compilation.modules) {
    if (module.constructor.name !== 'ContainerEntryModule') continue;
    // One block per exposed module, in the order of its `_exposes` ([name, options] pairs).
    const exposes = /** @type {{ _exposes?: [string, unknown][] }} */ (
      /** @type {unknown} */ (module)
    )._exposes;
    if (!exposes || exposes.length !== module.blocks.length) {
      throw new Error('ExposedSharedPlugin: cannot pair the container’s blocks with its exposes');
    }
    module.blocks.forEach((block, index) => {
      const group = chunkGraph.getBlockChunkGroup(block);
      const keys = new Set(
        (group?.chunks ?? []).flatMap((chunk) => consumedShareKeys(chunkGraph, chunk)),
      );
      result[exposes[index][0]] = [...keys].sort();
    });
  }
  return result;
}

/** Emits EXPOSES_SHARED_FILE. */
class ExposedSharedPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(ExposedSharedPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: ExposedSharedPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const json = `${JSON.stringify(exposedShared(compilation), null, 2)}\n`;
          compilation.emitAsset(EXPOSES_SHARED_FILE, new sources.RawSource(json));
        },
      );
    });
  }
}

module.exports = { EXPOSES_SHARED_FILE, ExposedSharedPlugin };
