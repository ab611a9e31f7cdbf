/**
 * A real S3-compatible server for the documents' tests (issue 26): @20minutes/s3rver (the
 * maintained fork of s3rver; its 4.x runs on Node 20) on 127.0.0.1, on a free port, its
 * objects in a temporary folder. It speaks S3's HTTP API with signature V4 checks, so the S3
 * store is tested through the AWS SDK exactly as against AWS or MinIO. `stop()` and `start()`
 * again on the same port and folder: the store going down and coming back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { parseS3Url, type S3Settings } from '../src/documents/s3-url';

export const TEST_BUCKET = 'duly-documents';
/** s3rver's one account. */
const KEY = 'S3RVER';
const SECRET = 'S3RVER';

export interface TestS3Server {
  /** DOCUMENTS_S3_URL for this server. */
  url: string;
  settings: S3Settings;
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same objects. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'duly-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_BUCKET }],
      // s3rver signs a bucket-level request (ListObjectsV2) as `/bucket`, the SDK as
      // `/bucket/`, so those would fail with SignatureDoesNotMatch. The access key is still
      // checked (an unknown one is InvalidAccessKeyId); the secret is not.
      allowMismatchedSignatures: true,
    });
    ({ port } = await server.run());
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  const url = `s3://${KEY}:${SECRET}@127.0.0.1:${port}/${TEST_BUCKET}?region=us-east-1&forcePathStyle=true&tls=false`;
  return {
    url,
    settings: parseS3Url(url),
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
