/**
 * Compressed API answers (issue 18): a page of 50 tasks is 26 KB of JSON and 3 KB in brotli.
 * @fastify/compress compresses whatever a route sends; the response cache keeps its answers
 * already compressed (plugins/response-cache.ts), so a cached answer costs no compression
 * on a hit. Both use the settings here, so a cached and an uncached answer are the same bytes.
 *
 * The settings are the cheapest that still compress (issue 16, `bench/compression-bench.ts`):
 * on a page of 50 tasks brotli quality 1 takes about a third of the CPU of quality 4 for
 * 9.8 % of the JSON instead of 7.6 %, and gzip level 1 a third of zlib's default level 6
 * for 10.1 % instead of 8.7 %. Either way a page fits in TCP's first round trip, so the
 * few hundred bytes more cost a client nothing, while the CPU is taken from every request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Answers below this many bytes are sent as they are: compression would save too little. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** In order of preference when a client accepts both. */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
export const GZIP_OPTIONS = { level: 1 };

/**
 * Answers up to this size are compressed in one synchronous call rather than through a zlib
 * stream: @fastify/compress otherwise streams anything above 8 KB on a 2-core machine, and for
 * a page of tasks the stream's set-up (a zlib context, a pipeline, a hop to the thread pool)
 * cost more than compressing it (about 40 µs at these settings). The largest page (200 tasks,
 * about 130 KB) is below it; anything larger still streams.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 256 * 1024;

export function compress(body: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, BROTLI_OPTIONS)
    : gzipSync(body, GZIP_OPTIONS);
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
