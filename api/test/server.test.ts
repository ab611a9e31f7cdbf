/**
 * `PORT=p DATA_DIR=d npm start -w api` (tsx src/server.ts): serves /api/v1 on
 * 127.0.0.1:p with a fresh database in d, and stops cleanly on SIGTERM.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, serverDatabaseEnv, testDatabases, type TestDatabase } from './helper';
import { freePort, spawnServer, waitForOutput } from './server-process';

describe.each(testDatabases())('the server process on %s', (kind) => {
  let dataDir: string;
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'duly-server-'));
    // PostgreSQL: a fresh, unmigrated database, so the start-up migration is what builds it.
    if (kind === 'postgres') database = await openTestDatabase(kind, false);
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('migrates a fresh database, serves /api/v1 on 127.0.0.1:PORT and stops on SIGTERM', async () => {
    const port = await freePort();
    const child = spawnServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      ...serverDatabaseEnv(database),
      // Unset: the server generates one into the data folder.
      JWT_SECRET: '',
    });
    try {
      const output = await waitForOutput(child, /listening on (http:\/\/\S+)/);
      expect(output).toContain(`http://127.0.0.1:${port}/api/v1`);

      const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(health.status).toBe(200);
      const signup = await fetch(`http://127.0.0.1:${port}/api/v1/auth/signup/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `owner-${port}@example.test`,
          password: 'a good password',
          name: 'Owner',
          organization_name: 'Started Org',
        }),
      });
      expect(signup.status).toBe(201);

      // The generated JWT secret is kept in the data folder, readable by the owner only.
      const secret = path.join(dataDir, 'jwt-secret');
      expect(statSync(secret).mode & 0o777).toBe(0o600);
      expect(existsSync(path.join(dataDir, 'duly.sqlite'))).toBe(kind === 'sqlite');
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 60_000); // A server start-up and a sign-up: more than jest's default 5 s on a busy machine.
});
