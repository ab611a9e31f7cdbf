/**
 * Bytes of an uploaded CSV → text. A byte order mark decides (UTF-8, UTF-16 LE/BE); without
 * one, valid UTF-8 is UTF-8, and anything else is what chardet detects among the encodings a
 * spreadsheet is saved in, Windows-1252 by default (so "München" never becomes "Mьnchen").
 * A file that is not text at all (NUL bytes, control characters) is refused, not imported
 * as garbage.
 */
import chardet from 'chardet';
import iconv from 'iconv-lite';

export class FileError extends Error {
  override name = 'FileError';
}

/** What chardet may answer and we decode as itself; every other 8-bit answer is read as 1252. */
const KNOWN = new Set(['UTF-8', 'UTF-16LE', 'UTF-16BE', 'windows-1252', 'ISO-8859-1']);

export function detectEncoding(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'UTF-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  if (isUtf8(bytes)) return 'UTF-8';
  const guess = chardet.detect(bytes);
  // UTF-16 without a BOM: every other byte of Latin text is zero.
  if (guess === 'UTF-16LE' || guess === 'UTF-16BE') return guess;
  return guess && KNOWN.has(guess) && guess !== 'UTF-8' ? guess : 'windows-1252';
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Control characters no spreadsheet writes in a cell (tab, CR, LF are fine). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/;

export function decodeText(bytes: Buffer): { text: string; encoding: string } {
  const encoding = detectEncoding(bytes);
  let text = iconv.decode(bytes, encoding === 'ISO-8859-1' ? 'windows-1252' : encoding);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (BINARY.test(text)) {
    throw new FileError(
      'This file is not a CSV or Excel file. Save it as CSV or .xlsx and try again.',
    );
  }
  return { text, encoding };
}
