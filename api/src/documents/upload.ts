/**
 * Reads a document upload (multipart/form-data) without holding it in memory: the one file
 * part `file` is staged to a temporary file (staging.ts) as it streams, the text fields are
 * kept, and every way the request can be wrong ends in an HttpError with the staged file
 * removed, so nothing is left behind.
 */
import { rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError, fieldError } from '../lib/http-errors';
import { acceptedKindOf, type FileKind } from './file-kind';
import { stageUpload, type StagedFile, type StagingOptions } from './staging';
import { StoreFullError } from './store';

export interface ReceivedUpload {
  staged: StagedFile;
  kind: FileKind;
  originalName: string;
  fields: Record<string, string>;
}

const FIELDS = new Set(['issue_date', 'expiry_date']);

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** Reads a part nobody wants, so the parser can go on to the next one. */
async function discard(stream: NodeJS.ReadableStream): Promise<void> {
  await pipeline(stream, new Writable({ write: (_chunk, _encoding, done) => done() }));
}

function asHttpError(error: unknown, maxBytes: number): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof StoreFullError) {
    return new HttpError(507, 'storage_full', 'There is no room left to store this file');
  }
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, 'file_too_large', `The file is larger than ${megabytes(maxBytes)}`);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
  }
  if (code && code.startsWith('FST_')) {
    return new HttpError(400, 'bad_request', (error as Error).message);
  }
  if (
    error instanceof Error &&
    /Unexpected end of form|Malformed part header/i.test(error.message)
  ) {
    return new HttpError(400, 'bad_request', 'The multipart body is incomplete or malformed');
  }
  return error;
}

export async function receiveUpload(
  request: FastifyRequest,
  options: { maxBytes: number; staging: StagingOptions },
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send the file as multipart/form-data in the field "file"',
    );
  }
  let staged: StagedFile | undefined;
  let originalName = '';
  let files = 0;
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 2, fields: 10, fieldSize: 1000, parts: 12 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (FIELDS.has(part.fieldname)) fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      files += 1;
      if (files > 1 || part.fieldname !== 'file') {
        await discard(part.file);
        continue;
      }
      originalName = part.filename;
      staged = await stageUpload(part.file, options.staging);
    }
    if (files > 1) throw fieldError('file', 'must be one file per request');
    if (!staged) throw fieldError('file', 'is required (a multipart field named "file")');
    if (staged.size === 0) throw fieldError('file', 'is empty');
    const kind = await acceptedKindOf(staged.path, staged.size);
    if (!kind) {
      throw new HttpError(
        415,
        'unsupported_file_type',
        'This file is not a PDF, JPEG, PNG or WebP image, or it is damaged',
      );
    }
    return { staged, kind, originalName, fields };
  } catch (error) {
    if (staged) await rm(staged.path, { force: true });
    throw asHttpError(error, options.maxBytes);
  }
}
