/**
 * Stages an upload: streams it into a temporary file (0600) under the staging folder, hashing
 * and counting as the bytes pass, so it is never held whole in memory. The file is removed on
 * any failure (too large, the client gone, the disk full), so a dropped upload leaves nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StoreFullError } from './store';

export interface StagedFile {
  path: string;
  size: number;
  sha256: string;
}

export interface StagingOptions {
  /** The folder of temporary files (created 0700). */
  dir: string;
  /**
   * Bytes the staging folder and the store together may hold (tests: a tiny disk). Unset:
   * the disk's own limit, reached as ENOSPC.
   */
  capacityBytes?: number;
  /** The folder whose files count against `capacityBytes` (the disk store's root). */
  countedDir?: string;
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await bytesUnder(full);
    else if (entry.isFile()) total += (await stat(full)).size;
  }
  return total;
}

export async function stageUpload(source: Readable, options: StagingOptions): Promise<StagedFile> {
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dir, `${randomUUID()}.part`);
  const room =
    options.capacityBytes === undefined
      ? Infinity
      : options.capacityBytes - (await bytesUnder(options.countedDir ?? options.dir));
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > room) {
        done(new StoreFullError('Not enough storage space for this file'));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, createWriteStream(file, { mode: 0o600, flags: 'wx' }));
  } catch (error) {
    await rm(file, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code && DISK_FULL.has(code))
      throw new StoreFullError('Not enough storage space for this file');
    throw error;
  }
  return { path: file, size, sha256: hash.digest('hex') };
}
