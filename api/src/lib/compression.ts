/**
 * Compressed API answers (issue 18): a page of 50 tasks is 26 KB of JSON and 3 KB in brotli.
 * @fastify/compress compresses whatever a route sends; the response cache keeps its answers
 * already compressed (plugins/response-cache.ts), so a cached answer costs no compression
 * on a hit. Both use the settings here, so a cached and an uncached answer are the same bytes.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Answers below this many bytes are sent as they are: compression would save too little. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** In order of preference when a client accepts both. */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/** Quality 4: most of brotli's gain on JSON for a fraction of the CPU of its default 11. */
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

export function compress(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body);
}

/**
 * The encoding to answer `Accept-Encoding` with, or undefined for none. Honours `q=0`
 * (refused) and `*`; among the accepted ones the server's preference wins, as browsers
 * send them all with the same weight.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    weights.set(name.trim(), q ? Number(q[1]) : 1);
  }
  return ENCODINGS.find((encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0);
}
