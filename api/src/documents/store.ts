/**
 * Where documents' bytes live (issue 26, docs/documents.md). An upload is first staged to a
 * local temporary file (staging.ts: hashed and counted as it streams, never whole in memory);
 * only once it is complete, its type checked and its hash known is it handed to the store
 * under its final key, `<organisation>/<sha256>`. A store is small on purpose, so the disk
 * (disk-store.ts) and an S3-compatible service can stand behind the same routes.
 */
import type { Readable } from 'node:stream';
import { HttpError } from '../lib/http-errors';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface DocumentStore {
  /** Moves a complete staged file into the store under `key` (replacing an identical one). */
  put(stagedPath: string, key: string): Promise<void>;
  /** The file's bytes, or only `range` of them. */
  open(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Every key in the store (tests count files before and after). */
  keys(): Promise<string[]>;
}

/** The store's key of a file: the organisation and the content's hash, never a name. */
export function storageKey(organizationId: string, sha256: string): string {
  return `${organizationId}/${sha256}`;
}

/** The store has no room for the file (disk full, quota reached): 507. */
export class StoreFullError extends Error {
  override name = 'StoreFullError';
}

/**
 * The store cannot be reached (S3 down): 503 `storage_unavailable`, the cause in the log. An
 * HttpError, so the one error handler answers it as any other.
 */
export class StoreUnavailableError extends HttpError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(503, 'storage_unavailable', 'The document store cannot be reached; try again later');
    this.name = 'StoreUnavailableError';
    this.detail = detail;
    if (options && 'cause' in options) this.cause = options.cause;
  }

  /** What failed, for the log only. */
  readonly detail: string;
}
