/**
 * The uploaded name, kept for display and download only (never a path): the last segment of
 * any path, without control characters, quotes or separators, at most 120 characters with
 * its extension kept. The extension is the detected kind's when the name has none.
 */
export const FILENAME_MAX = 120;

export function sanitizeFilename(original: string | undefined, ext: string): string {
  const lastSegment = (original ?? '').split(/[\\/]/).pop() ?? '';
  let name = lastSegment
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"*:<>?|]/g, '')
    .replace(/^[.\s]+/, '')
    .trim();
  if (!name) name = 'document';
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : `.${ext}`;
  const base = dot > 0 ? name.slice(0, dot) : name;
  const room = FILENAME_MAX - extension.length;
  return `${base.slice(0, Math.max(1, room)).trim()}${extension.slice(0, 16)}`;
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
