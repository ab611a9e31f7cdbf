import path from 'node:path';
import { DiskStore } from '../../documents/disk-store';
import type { DocumentStore } from '../../documents/store';
import type { AppConfig } from '../../plugins/config';

/** The store the document routes use unless given one: the disk under DATA_DIR/documents. */
export function defaultDocumentStore(config: Pick<AppConfig, 'dataDir'>): DocumentStore {
  return new DiskStore(path.join(config.dataDir, 'documents'));
}
