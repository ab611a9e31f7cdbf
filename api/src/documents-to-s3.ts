/**
 * `npm run documents:to-s3`: copies the documents of the disk store (DATA_DIR/documents) into
 * the bucket of DOCUMENTS_S3_URL under the same keys (documents/to-s3.ts). Run it, switch the
 * servers to DOCUMENTS_S3_URL, run it again for what arrived in between (docs/documents.md).
 * Exits 1 when DOCUMENTS_S3_URL is unset, the store cannot be reached, or a file is damaged.
 */
import path from 'node:path';
import { S3Store } from './documents/s3-store';
import { parseS3Url } from './documents/s3-url';
import { copyDocumentsToS3 } from './documents/to-s3';
import { databaseFromEnv } from './plugins/config';

async function main(): Promise<number> {
  if (!process.env.DOCUMENTS_S3_URL) {
    console.error('Set DOCUMENTS_S3_URL to the bucket to copy the documents into.');
    return 1;
  }
  const settings = parseS3Url(process.env.DOCUMENTS_S3_URL);
  const documentsDir = path.join(databaseFromEnv().dataDir, 'documents');
  const bucket = new S3Store(settings);
  try {
    const started = Date.now();
    const result = await copyDocumentsToS3(documentsDir, bucket, (key, outcome) => {
      if (outcome === 'damaged')
        console.error(`${key}: its bytes do not match its hash; not copied`);
    });
    console.log(
      `${documentsDir} → bucket ${settings.bucket} at ${settings.endpoint} in ` +
        `${Date.now() - started} ms: ${result.copied.length} copied, ${result.skipped.length} ` +
        `already there, ${result.damaged.length} damaged.`,
    );
    return result.damaged.length > 0 ? 1 : 0;
  } finally {
    bucket.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const detail = (error as { detail?: string }).detail;
    console.error('The documents could not be copied:', detail ?? error);
    process.exit(1);
  },
);
