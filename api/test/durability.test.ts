/**
 * Durability: a real server process takes concurrent writes (new tasks, and status changes of
 * tasks it already created), is killed with SIGKILL in the middle of them, and is started again
 * on the same data. Every write it acknowledged (201, 200) must be there after the restart:
 * SQLite in WAL mode with synchronous=NORMAL loses nothing a crashed process committed, and
 * PostgreSQL commits before the answer leaves.
 *
 * Bounded: the writes stop at the kill, after WRITES_BEFORE_KILL acknowledgements; the whole
 * test takes a few seconds per database, most of it two server start-ups.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, testDatabases, type TestDatabase } from './helper';
import { freePort, startServer } from './server-process';

const WRITERS = 16;
const WRITES_BEFORE_KILL = 300;
const JWT_SECRET = 'durability-test-secret-that-is-long-enough';

interface Acknowledged {
  created: Set<string>;
  completed: Set<string>;
}

describe.each(testDatabases())('durability on %s', (kind) => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'duly-durability-'));
    if (kind === 'postgres') database = await openTestDatabase(kind, false);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('every acknowledged write survives kill -9 in the middle of concurrent writes', async () => {
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET,
      DATABASE_URL:
        database?.settings.dialect === 'postgres' ? database.settings.connectionString : '',
    };
    const api = `http://127.0.0.1:${port}/api/v1`;
    child = await startServer(env);

    const signup = await fetch(`${api}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `durable-${port}@example.test`,
        password: 'a good password',
        name: 'Durable Owner',
        organization_name: 'Durable Org',
      }),
    });
    expect(signup.status).toBe(201);
    const { token } = (await signup.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const acknowledged: Acknowledged = { created: new Set(), completed: new Set() };
    let acknowledgements = 0;
    let killed = false;
    let sequence = 0;
    let cutOff = 0;
    const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));

    // Each writer creates a task, then marks the one it created before as completed, and so on
    // until the server is gone. Only answers that arrived count as acknowledged.
    async function writer(): Promise<void> {
      let previous: string | undefined;
      while (!killed) {
        try {
          if (previous && sequence % 2 === 0) {
            const id = previous;
            previous = undefined;
            const response = await fetch(`${api}/tasks/${id}`, {
              method: 'PATCH',
              headers,
              body: JSON.stringify({ status: 'completed' }),
            });
            if (response.status === 200) acknowledged.completed.add(id);
          } else {
            sequence += 1;
            const response = await fetch(`${api}/tasks/`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ title: `Durable ${sequence}`, due_date: '2030-01-01T10:00' }),
            });
            if (response.status === 201) {
              previous = ((await response.json()) as { id: string }).id;
              acknowledged.created.add(previous);
            }
          }
          acknowledgements += 1;
          if (acknowledgements === WRITES_BEFORE_KILL) {
            // Writes of the other writers are in flight at this moment.
            child!.kill('SIGKILL');
            killed = true;
          }
        } catch {
          // The connection died with the server: this write was never acknowledged.
          cutOff += 1;
          killed = true;
        }
      }
    }

    await Promise.all(Array.from({ length: WRITERS }, writer));
    await exited;
    // The kill landed in the middle of writes: some never got their answer.
    expect(cutOff).toBeGreaterThan(0);
    expect(acknowledged.created.size).toBeGreaterThan(WRITES_BEFORE_KILL / 3);
    expect(acknowledged.completed.size).toBeGreaterThan(0);

    child = await startServer(env);
    const stored = new Map<string, string>();
    for (let offset = 0; ; offset += 200) {
      const page = await fetch(`${api}/tasks/?limit=200&offset=${offset}&sort=created_at`, {
        headers,
      });
      expect(page.status).toBe(200);
      const tasks = (await page.json()) as { id: string; status: string }[];
      for (const task of tasks) stored.set(task.id, task.status);
      if (tasks.length < 200) break;
    }

    const lostTasks = [...acknowledged.created].filter((id) => !stored.has(id));
    const lostCompletions = [...acknowledged.completed].filter(
      (id) => stored.get(id) !== 'completed',
    );
    expect({ lostTasks, lostCompletions }).toEqual({ lostTasks: [], lostCompletions: [] });

    const stopped = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await stopped).toBe(0);
    child = undefined;
    // Two start-ups and a few hundred writes: seconds, but more than jest's default 5 s on a
    // busy machine.
  }, 60_000);
});
