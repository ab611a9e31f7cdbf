/**
 * The data folder holds password hashes and the JWT secret: only the user running the server
 * may read it, whatever the umask of the shell that started it.
 */
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../plugins/config';
import { createDatabase } from './connection';
import { migrateToLatest } from './migrate';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the SQLite data folder', () => {
  let base: string;
  const umask = process.umask(0o022);
  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'duly-files-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));
  afterAll(() => process.umask(umask));

  test('is created 0700, and the database file and its WAL files 0600', async () => {
    const config = loadConfig({ INIT_CWD: base, DATA_DIR: 'data' }, []);
    const db = createDatabase(config.database);
    await migrateToLatest(db);
    await db.destroy().catch(() => undefined);
    const reopened = createDatabase(config.database);
    await reopened.selectFrom('organizations').select('id').execute();
    const files = readdirSync(config.dataDir);
    expect(files).toEqual(expect.arrayContaining(['duly.sqlite', 'jwt-secret']));
    expect(modeOf(config.dataDir)).toBe(0o700);
    for (const file of files)
      expect([file, modeOf(path.join(config.dataDir, file))]).toEqual([file, 0o600]);
    await reopened.destroy();
  });

  test('a database file left readable by an older version is made private when opened', async () => {
    const dir = path.join(base, 'old');
    mkdirSync(dir, { mode: 0o755 });
    const filename = path.join(dir, 'duly.sqlite');
    writeFileSync(filename, '');
    chmodSync(filename, 0o644);
    const db = createDatabase({ dialect: 'sqlite', filename });
    await migrateToLatest(db);
    for (const file of readdirSync(dir)) {
      expect([file, modeOf(path.join(dir, file))]).toEqual([file, 0o600]);
    }
    await db.destroy();
  });
});

describe('SQLite durability', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'duly-sync-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  /** `pragma synchronous` as the writer runs it: 2 is FULL, 1 is NORMAL. */
  async function writerSynchronous(env: NodeJS.ProcessEnv): Promise<number> {
    const config = loadConfig({ INIT_CWD: base, ...env }, []);
    const db = createDatabase(config.database);
    try {
      await migrateToLatest(db);
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      return rows[0].synchronous;
    } finally {
      await db.destroy();
    }
  }

  test('every commit is synced to disk before it answers (synchronous FULL), unless SQLITE_SYNCHRONOUS=normal', async () => {
    expect(await writerSynchronous({})).toBe(2);
    expect(await writerSynchronous({ SQLITE_SYNCHRONOUS: 'normal' })).toBe(1);
  });
});
