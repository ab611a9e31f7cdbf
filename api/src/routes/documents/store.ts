import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DiskStore } from '../../documents/disk-store';
import { S3Store } from '../../documents/s3-store';
import type { DocumentStore } from '../../documents/store';
import type { AppConfig } from '../../plugins/config';

/**
 * The store the document routes use unless given one: the S3-compatible bucket of
 * DOCUMENTS_S3_URL, else the disk under DATA_DIR/documents. An S3 client is closed with the app.
 */
export function defaultDocumentStore(
  fastify: FastifyInstance,
  config: Pick<AppConfig, 'dataDir' | 'documentsS3'>,
): DocumentStore {
  if (config.documentsS3) {
    const s3 = new S3Store(config.documentsS3);
    fastify.addHook('onClose', async () => s3.destroy());
    return s3;
  }
  return new DiskStore(path.join(config.dataDir, 'documents'));
}
