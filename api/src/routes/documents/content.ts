/**
 * A document's bytes, streamed from the store: Content-Length, a strong ETag (the content's
 * hash), one `Range` (206, or 416 when it cannot be served), Content-Disposition (inline for
 * the accepted kinds, all PDF or images; attachment with `download=1`), and headers that keep
 * a browser from running anything in it: nosniff and a CSP sandbox.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredDocument } from '../../db/repositories/documents';
import { contentDisposition } from '../../documents/filename';
import type { ByteRange, DocumentStore } from '../../documents/store';
import { HttpError } from '../../lib/http-errors';

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` → the range; null: unsatisfiable; undefined: ignored. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges or another unit: the whole file, as RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/** Only what the file is may run: nothing; images and the PDF viewer still show. */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export async function sendContent(
  store: DocumentStore,
  document: StoredDocument,
  request: FastifyRequest,
  reply: FastifyReply,
  download: boolean,
) {
  const etag = `"${document.sha256}"`;
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    // The web app shows previews in an <iframe> of its own origin.
    .header('x-frame-options', 'SAMEORIGIN')
    .header(
      'content-disposition',
      contentDisposition(download ? 'attachment' : 'inline', document.filename),
    );
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag
      ? parseRange(request.headers.range, document.size)
      : undefined;
  if (range === null) {
    reply.header('content-range', `bytes */${document.size}`);
    throw new HttpError(416, 'range_not_satisfiable', 'The requested range is outside the file');
  }
  const stream = await store.open(document.storage_key, range);
  reply.header('content-type', document.content_type);
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${document.size}`)
      .header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(document.size));
  }
  return reply.send(stream);
}
