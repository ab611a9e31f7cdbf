/**
 * `PORT=p DATA_DIR=d npm start -w api` (tsx src/server.ts): serves /api/v1 on
 * 127.0.0.1:p with a fresh database in d, and stops cleanly on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, testDatabases, type TestDatabase } from './helper';

const API_DIR = path.resolve(__dirname, '..');
const TSX = require.resolve('tsx/cli');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`Timed out waiting for ${pattern}; output:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before ${pattern}; output:\n${output}`));
    });
  });
}

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
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL:
        database?.settings.dialect === 'postgres' ? database.settings.connectionString : '',
    };
    delete env.JWT_SECRET;
    const child = spawn(process.execPath, [TSX, 'src/server.ts'], { cwd: API_DIR, env });
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
  });
});
