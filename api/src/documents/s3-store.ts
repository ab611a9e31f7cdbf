/**
 * The scale-out store: documents in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...),
 * chosen by DOCUMENTS_S3_URL, so several API instances share one store (docs/documents.md).
 *
 * Keys are the disk store's, `<organisation>/<sha256>`. An upload is put only once it is
 * whole and typed: the routes stage it to a local temporary file first (staging.ts hashes it
 * on the way, file-kind.ts reads its first and last bytes), because the key is the content's
 * hash, known only at the end. `put` then streams that file to the bucket with lib-storage's
 * `Upload` (a multipart upload in 5 MiB parts, 2 in flight, at most 2 uploads at once, so a bounded
 * amount in memory whatever the number of uploads); an object appears only when its upload completes, and a failed one is aborted, so
 * the bucket never holds a part-written document and needs no staging keys of its own to sweep.
 * Downloads stream the object's body, with the range asked for.
 *
 * Any failure to reach the store (refused, timed out, a 5xx, bad credentials, no bucket) is a
 * StoreUnavailableError, which the API answers with 503 `storage_unavailable`.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from './s3-url';
import { StoreUnavailableError, type ByteRange, type DocumentStore } from './store';

/** 5 MiB, S3's smallest part: a 10 MiB document is two parts, sent side by side. */
const PART_SIZE = 5 * 1024 * 1024;
/** Uploads to the bucket at once (each holds up to two parts in memory): 20 MiB at most. */
const PUTS_AT_ONCE = 2;

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/** Anything but "no such object" means the store is not usable now. */
function unavailable(error: unknown): Error {
  if (error instanceof StoreUnavailableError) return error;
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  const { code, name } = error as { code?: string; name?: string };
  const what = code ?? name ?? 'Error';
  return new StoreUnavailableError(
    `The document store did not answer (${what}${status ? ` ${status}` : ''})`,
    { cause: error },
  );
}

export class S3Store implements DocumentStore {
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: settings.credentials,
      forcePathStyle: settings.forcePathStyle,
      // Two retries on a network error or a 5xx, then 503: a store that is down fails fast.
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
    });
  }

  async put(stagedPath: string, key: string): Promise<void> {
    await this.upload(stagedPath, key);
    // Moved, as on the disk: the staged copy goes once the object is whole in the bucket.
    await rm(stagedPath, { force: true });
  }

  /**
   * Streams a local file to the bucket under `key`; the file stays (documents:to-s3). At most
   * PUTS_AT_ONCE at a time: lib-storage holds each part it sends in memory (a part of up to
   * 5 MiB per upload), so 50 uploads at once would hold 250 MB; the others wait in their
   * staging files, on the disk.
   */
  async upload(filePath: string, key: string): Promise<void> {
    await this.turn();
    try {
      await this.send(filePath, key);
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }

  private active = 0;
  private readonly waiting: (() => void)[] = [];

  private async turn(): Promise<void> {
    if (this.active >= PUTS_AT_ONCE) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active += 1;
  }

  private async send(filePath: string, key: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: key, Body: createReadStream(filePath) },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** The object's size, or undefined when there is none. */
  async sizeOf(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      return head.ContentLength;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw unavailable(error);
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return object.Body as Readable;
    } catch (error) {
      // A row whose object is gone is a bug, not an outage: a 500 as on the disk.
      if (isMissing(error)) throw error;
      throw unavailable(error);
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return;
      throw unavailable(error);
    }
  }

  async keys(): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (error) {
      throw unavailable(error);
    }
    return keys;
  }

  /** Closes the client's sockets (tests, scripts). */
  destroy(): void {
    this.client.destroy();
  }
}
