/**
 * What SQLite's `synchronous = FULL` costs a write (`npm run bench:sqlite-sync`, issue 24
 * item 16). Not a test: it prints figures.
 *
 * One SQLite file per setting (in a temporary folder on the same disk as the OS's tmp), opened
 * as the API opens it (db/connection.ts: WAL, the writer in a worker thread). Each round
 * commits BENCH_SYNC_WRITES (default 2,000) transactions of one task insert, first one after
 * another (the latency of one write), then 16 at a time (the throughput of the one writer).
 * Rounds alternate FULL and NORMAL (three of each), so that other work on a shared machine
 * weighs on both alike; the median round is reported, with the load average.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, migrateToLatest, type Db } from '../api/src/index';

const WRITES = Number(process.env.BENCH_SYNC_WRITES ?? 2_000);
const ROUNDS = 3;
const CONCURRENT = 16;

type Setting = 'full' | 'normal';

async function seed(db: Db): Promise<{ organizationId: string; userId: string }> {
  const now = new Date().toISOString();
  const organizationId = randomUUID();
  const userId = randomUUID();
  await db
    .insertInto('organizations')
    .values({ id: organizationId, name: 'Bench', created_at: now, updated_at: now })
    .execute();
  await db
    .insertInto('users')
    .values({
      id: userId,
      organization_id: organizationId,
      email: `bench-${userId}@example.test`,
      first_name: 'Bench',
      last_name: 'Writer',
      full_name: 'Bench Writer',
      role: 'admin',
      department: null,
      status: 'active',
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { organizationId, userId };
}

async function writeOne(db: Db, organizationId: string, userId: string): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute((trx) =>
    trx
      .insertInto('tasks')
      .values({
        id: randomUUID(),
        organization_id: organizationId,
        title: 'A bench task',
        description: null,
        due_date: now,
        status: 'pending',
        assigned_to_user_id: userId,
        created_by_user_id: userId,
        assigner_id: userId,
        created_at: now,
        updated_at: now,
      })
      .execute(),
  );
}

interface Round {
  sequentialMsPerWrite: number;
  concurrentWritesPerS: number;
}

async function round(dir: string, setting: Setting, index: number): Promise<Round> {
  const filename = path.join(dir, `${setting}-${index}.sqlite`);
  const db = createDatabase({ dialect: 'sqlite', filename, synchronous: setting });
  try {
    await migrateToLatest(db);
    const { organizationId, userId } = await seed(db);
    let started = performance.now();
    for (let i = 0; i < WRITES; i += 1) await writeOne(db, organizationId, userId);
    const sequentialMsPerWrite = (performance.now() - started) / WRITES;
    started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        while (next < WRITES) {
          next += 1;
          await writeOne(db, organizationId, userId);
        }
      }),
    );
    const concurrentWritesPerS = WRITES / ((performance.now() - started) / 1000);
    return { sequentialMsPerWrite, concurrentWritesPerS };
  } finally {
    await db.destroy();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'duly-sync-bench-'));
  const results: Record<Setting, Round[]> = { full: [], normal: [] };
  try {
    for (let index = 0; index < ROUNDS; index += 1) {
      for (const setting of ['full', 'normal'] as const) {
        results[setting].push(await round(dir, setting, index));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const row = (setting: Setting) => {
    const sequential = median(results[setting].map((r) => r.sequentialMsPerWrite));
    const concurrent = median(results[setting].map((r) => r.concurrentWritesPerS));
    return { sequential, concurrent };
  };
  const full = row('full');
  const normal = row('normal');
  console.log(
    `SQLite synchronous: ${WRITES} one-insert transactions per round, median of ${ROUNDS} rounds`,
  );
  console.log('| synchronous | one after another (ms/write) | 16 at a time (writes/s) |');
  console.log('| ----------- | ---------------------------: | ----------------------: |');
  console.log(
    `| FULL        | ${full.sequential.toFixed(3).padStart(28)} | ${full.concurrent.toFixed(0).padStart(23)} |`,
  );
  console.log(
    `| NORMAL      | ${normal.sequential.toFixed(3).padStart(28)} | ${normal.concurrent.toFixed(0).padStart(23)} |`,
  );
  console.log(
    `FULL costs ${(full.sequential - normal.sequential).toFixed(3)} ms per write one after another, ` +
      `${((1 - full.concurrent / normal.concurrent) * 100).toFixed(1)} % of the throughput 16 at a time.`,
  );
  console.log(
    `Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (${os.cpus().length} CPUs)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
