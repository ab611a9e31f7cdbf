// Brotli and gzip copies of a build's text files, written next to them at build time
// (`packages.4f9a0c2be1.js` → `packages.4f9a0c2be1.js.br`, `….js.gz`), so that a static server
// can send compressed files without compressing on every request (api/src/web serves them with
// @fastify/static's `preCompressed`). Any static host or CDN that understands precompressed
// files can do the same; one that does not simply ignores them.
const zlib = require('node:zlib');

/** Files a browser downloads as text. Source maps are left alone: only developer tools read them. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/;
/** Below this size compression saves less than a network packet. */
const MIN_BYTES = 1024;
/** A compressed copy must save at least this fraction, or it is not worth a second file. */
const MIN_SAVING = 0.1;

/** @param {Buffer} source */
function brotli(source) {
  return zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
}

/** @param {Buffer} source */
function gzip(source) {
  return zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION });
}

const ENCODINGS = [
  { extension: '.br', compress: brotli },
  { extension: '.gz', compress: gzip },
];

class PrecompressPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PrecompressPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: PrecompressPlugin.name,
          // After minification and content hashing, like any transfer optimisation; and
          // again for assets added later (the federation manifest, the HTML page).
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
          additionalAssets: true,
        },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const source = compilation.getAsset(name)?.source.buffer();
            if (!source || source.length < MIN_BYTES) continue;
            for (const { extension, compress } of ENCODINGS) {
              const compressed = compress(source);
              if (compressed.length > source.length * (1 - MIN_SAVING)) continue;
              compilation.emitAsset(name + extension, new sources.RawSource(compressed), {
                compressed: true,
              });
            }
          }
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
