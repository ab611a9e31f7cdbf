/**
 * What a file is, from its bytes only (issue 26): the uploaded name and the browser's content
 * type are never trusted. `file-type` reads the magic numbers of the head; a file it names as
 * one of the accepted kinds must also end as that kind ends, so a truncated or broken file is
 * refused too. HTML, SVG (stored XSS), executables and everything else are refused.
 */
import { open } from 'node:fs/promises';
import type * as FileType from 'file-type/core';

export interface FileKind {
  mime: string;
  ext: string;
}

/** The kinds accepted, by the MIME type file-type names. */
export const ACCEPTED_KINDS: readonly string[] = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
];

/** file-type reads at most this many bytes of the head for the kinds above. */
const HEAD_BYTES = 4100;
const TAIL_BYTES = 1024;

/** Whether the last bytes end the file as its kind requires. */
function endsWell(mime: string, tail: Buffer, size: number): boolean {
  switch (mime) {
    case 'application/pdf':
      return tail.includes('%%EOF');
    case 'image/jpeg':
      // End of image (FFD9), possibly followed by padding.
      return tail.includes(Buffer.from([0xff, 0xd9]));
    case 'image/png':
      return tail.includes(Buffer.from('IEND'));
    case 'image/webp':
      // RIFF's own length (bytes 4-7) + 8 is the file's size.
      return size >= 12;
    default:
      return false;
  }
}

async function readAt(file: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

// file-type is an ES module; loaded once, on first use.
let detector: Promise<typeof FileType> | undefined;

/** The accepted kind of the staged file, or undefined when it is not one (or is broken). */
export async function acceptedKindOf(file: string, size: number): Promise<FileKind | undefined> {
  if (size === 0) return undefined;
  const head = await readAt(file, 0, Math.min(size, HEAD_BYTES));
  detector ??= import('file-type/core');
  const kind = await (await detector).fileTypeFromBuffer(head);
  if (!kind || !ACCEPTED_KINDS.includes(kind.mime)) return undefined;
  if (kind.mime === 'image/webp' && head.readUInt32LE(4) + 8 !== size) return undefined;
  const tail = await readAt(file, Math.max(0, size - TAIL_BYTES), Math.min(size, TAIL_BYTES));
  if (!endsWell(kind.mime, tail, size)) return undefined;
  return { mime: kind.mime, ext: kind.ext };
}
