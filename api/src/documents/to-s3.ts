/**
 * Moving the documents from the disk to S3 (docs/documents.md, "Moving from disk to S3"):
 * copies every file of the disk store (`DATA_DIR/documents/<organisation>/<sha256>`) into the
 * bucket under the same key, which is all the S3 store needs: the rows name keys, not places.
 * A file whose bytes no longer hash to its name is reported and not copied; an object already
 * in the bucket with the same size is skipped, so the copy can be run again (before and after
 * the switch, while the server still writes to the disk). The disk files stay.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DiskStore } from './disk-store';
import type { S3Store } from './s3-store';

export interface CopyResult {
  copied: string[];
  /** Already in the bucket with the same size. */
  skipped: string[];
  /** Their bytes do not hash to their name: damaged on the disk, not copied. */
  damaged: string[];
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export async function copyDocumentsToS3(
  documentsDir: string,
  bucket: S3Store,
  onFile: (key: string, outcome: keyof CopyResult) => void = () => undefined,
): Promise<CopyResult> {
  const result: CopyResult = { copied: [], skipped: [], damaged: [] };
  const note = (key: string, outcome: keyof CopyResult) => {
    result[outcome].push(key);
    onFile(key, outcome);
  };
  for (const key of await new DiskStore(documentsDir).keys()) {
    const file = path.join(documentsDir, key);
    const { size } = await stat(file);
    if ((await bucket.sizeOf(key)) === size) {
      note(key, 'skipped');
      continue;
    }
    if ((await sha256Of(file)) !== path.basename(key)) {
      note(key, 'damaged');
      continue;
    }
    await bucket.upload(file, key);
    note(key, 'copied');
  }
  return result;
}
