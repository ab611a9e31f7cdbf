import path from 'node:path';

/** Files whose name never changes between builds: the browser must revalidate them. */
const ENTRY_FILES = new Set([
  'index.html',
  'config.json',
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
]);

/**
 * A name carrying a content hash (`123.4f9a0c2be1.js`, `main.4f9a0c2be1.js.map`,
 * `3b1f…e2.woff2`): its content can never change under that name.
 */
export const CONTENT_HASHED = /(^|\.)[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

/** The suffixes of the brotli and gzip copies the front-end builds write next to a file. */
export const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Cache-Control for a built front-end file. Entry points (and anything whose name does not
 * carry a hash) are revalidated on every load, so a redeployed shell or remote shows at the
 * next reload; hashed chunks are cached for good.
 */
export function cacheControlFor(filePath: string): string {
  // A precompressed copy (`remoteEntry.js.br`) is cached like the file it stands for.
  const name = path.basename(filePath).replace(PRECOMPRESSED_SUFFIX, '');
  if (ENTRY_FILES.has(name)) return NO_CACHE;
  return CONTENT_HASHED.test(name) ? IMMUTABLE : NO_CACHE;
}
