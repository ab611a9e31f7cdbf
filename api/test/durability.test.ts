/**
 * Durability: a real server process takes concurrent writes (new tasks, and status changes of
 * tasks it already created), is killed with SIGKILL in the middle of them, and is started again
 * on the same data. Every write it acknowledged (201, 200) must be there after the restart:
 * SQLite in WAL mode loses nothing a crashed process committed (with synchronous FULL, the
 * default, and NORMAL alike; only a power loss tells them apart, docs/scaling.md "Durability"),
 * and PostgreSQL commits before the answer leaves.
 *
 * Bounded: the writes stop at the kill, after WRITES_BEFORE_KILL acknowledgements; the whole
 * test takes a few seconds per database on an idle machine, most of it two server start-ups.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase, serverDatabaseEnv, testDatabases, type TestDatabase } from './helper';
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
      ...serverDatabaseEnv(database),
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
    let killedWith = -1; // How many writes were awaiting their answer at the kill.
    let outstanding = 0;
    let sequence = 0;
    const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));

    /** Sends a write; its answer counts only if it arrives whole. */
    async function write(url: string, method: string, body: unknown) {
      outstanding += 1;
      try {
        const response = await fetch(url, { method, headers, body: JSON.stringify(body) });
        return { status: response.status, body: (await response.json()) as { id: string } };
      } finally {
        outstanding -= 1;
      }
    }

    // Each writer creates tasks and marks those it created as completed, without pause, until
    // a write fails because the server is gone. The kill comes once WRITES_BEFORE_KILL writes
    // are acknowledged, at a moment other writes are awaiting their answer.
    async function writer(): Promise<void> {
      let previous: string | undefined;
      for (;;) {
        try {
          if (previous && sequence % 2 === 0) {
            const id = previous;
            previous = undefined;
            const answer = await write(`${api}/tasks/${id}`, 'PATCH', { status: 'completed' });
            if (answer.status === 200) acknowledged.completed.add(id);
          } else {
            sequence += 1;
            const answer = await write(`${api}/tasks/`, 'POST', {
              title: `Durable ${sequence}`,
              due_date: '2030-01-01T10:00',
            });
            if (answer.status === 201) {
              previous = answer.body.id;
              acknowledged.created.add(previous);
            }
          }
        } catch {
          return; // The server is gone: this write was never acknowledged.
        }
        acknowledgements += 1;
        if (killedWith < 0 && acknowledgements >= WRITES_BEFORE_KILL && outstanding > 0) {
          killedWith = outstanding;
          child!.kill('SIGKILL');
        }
      }
    }

    await Promise.all(Array.from({ length: WRITERS }, writer));
    await exited;
    expect(killedWith).toBeGreaterThan(0);
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
