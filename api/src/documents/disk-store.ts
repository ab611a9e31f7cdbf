/**
 * The embedded default store: files under `DATA_DIR/documents/<organisation>/<sha256>`, folders
 * created 0700 and files 0600 (only the server's user reads them). `put` is a rename from the
 * staging folder (`DATA_DIR/documents/.staging`, same file system), so a file appears whole or
 * not at all.
 */
import { createReadStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange, DocumentStore } from './store';

const SAFE_KEY = /^[0-9a-f-]{36}\/[0-9a-f]{64}$/;

export class DiskStore implements DocumentStore {
  constructor(readonly root: string) {}

  /** A key as a path under the root; anything else than `<uuid>/<sha256>` is refused. */
  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`Not a document key: ${key}`);
    return path.join(this.root, key);
  }

  async put(stagedPath: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await chmod(stagedPath, 0o600);
    await rename(stagedPath, target);
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async keys(): Promise<string[]> {
    const keys: string[] = [];
    let organizations: string[];
    try {
      organizations = await readdir(this.root);
    } catch {
      return keys;
    }
    for (const organization of organizations) {
      if (organization.startsWith('.')) continue;
      for (const name of await readdir(path.join(this.root, organization))) {
        keys.push(`${organization}/${name}`);
      }
    }
    return keys;
  }
}
