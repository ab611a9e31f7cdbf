/**
 * The activity history at scale (issue 29), on PostgreSQL: one organisation with
 * BENCH_ACTIVITY_ROWS entries (default 5,000,000), seeded with generate_series in SQL (hashes are
 * placeholders: this measures reads, not verify). Then, each the median of BENCH_RUNS (default
 * 30) after a warm-up, through the repository the route uses:
 *
 * - the organisation-wide list's first page (50 entries + X-Total-Count);
 * - its 1000th keyset page (`before=<id>`, 50 a page);
 * - one item's history (an item with 50 entries, first page + count);
 * - the write overhead: `PUT /tasks/{id}`, `PUT /certificates/{id}` and `PUT /employees/{id}`
 *   through the whole API in-process with the history on and off (the bench-only
 *   `setActivityRecording`), interleaved request by request, on a SQLite file and on
 *   PostgreSQL (writeOverhead); `(median on − median off) / median on`, and each request's
 *   CPU time (this process's and its PostgreSQL server processes', cpuMeter), which the
 *   waits of a loaded machine do not inflate. The load average is printed before and after.
 *   BENCH_ACTIVITY_PROFILE=1: each save's statements instead. BENCH_ACTIVITY_DATABASES=sqlite
 *   (or postgres): the writes on that database only.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/activity-bench.ts
 *
 * The database `duly_bench_activity_sealed` (BENCH_ACTIVITY_DB) is created, kept between runs (seeding takes minutes;
 * BENCH_ACTIVITY_RESEED=1 starts again) and never touches any other.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import * as activity from '../api/src/index';
import {
  buildApp,
  DEFAULT_ACTIVITY_SEAL_MS,
  certificateSchedule,
  createDatabase,
  migrateToLatest,
  signToken,
  verifyActivity,
  type DatabaseSettings,
  type Db,
} from '../api/src/index';
import { testConfig } from '../api/test/helper';
import { freshDatabase } from '../api/test/server-process';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ACTIVITY_ROWS ?? 5_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/**
 * Not main's `duly_bench_activity`: migration 2026-11-30-702 (the seals) changes the tables, and
 * a database this tree migrated cannot serve an older tree's bench (run side by side).
 */
const NAME = process.env.BENCH_ACTIVITY_DB ?? 'duly_bench_activity_sealed';
/** BENCH_ACTIVITY_WRITES_ONLY=1: only the write overhead (no seeding, no reads). */
const WRITES_ONLY = process.env.BENCH_ACTIVITY_WRITES_ONLY === '1';
/**
 * BENCH_ACTIVITY_DATABASES=sqlite (or postgres): the write overhead on that database only
 * (sqlite: PostgreSQL is not touched at all, and the reads are skipped). Default: both.
 */
const DATABASES = (process.env.BENCH_ACTIVITY_DATABASES ?? 'sqlite,postgres').split(',');
const ON_SQLITE = DATABASES.includes('sqlite');
const ON_POSTGRES = DATABASES.includes('postgres');
const ORG = '00000000-0000-4000-8000-000000000001';
/** Entities the seeded entries are about: each has ROWS / ENTITIES entries. */
const ENTITIES = Math.max(1, Math.floor(ROWS / 50));

async function openDatabase(): Promise<Db> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [NAME]);
  if (exists.rowCount && process.env.BENCH_ACTIVITY_RESEED === '1') {
    await admin.query(`drop database ${NAME} with (force)`);
  }
  if (!exists.rowCount || process.env.BENCH_ACTIVITY_RESEED === '1') {
    await admin.query(`create database ${NAME}`);
  }
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${NAME}`;
  const db = createDatabase({ dialect: 'postgres', connectionString: url.toString(), poolSize: 4 });
  await migrateToLatest(db);
  return db;
}

async function seed(db: Db): Promise<void> {
  const head = await db
    .selectFrom('activity_heads')
    .select('last_id')
    .where('organization_id', '=', ORG)
    .executeTakeFirst();
  if (head && Number(head.last_id) >= ROWS) return;
  const started = performance.now();
  console.log(`Seeding ${ROWS.toLocaleString('en')} entries…`);
  // One statement per million, so progress shows and no transaction grows without bound.
  const step = 1_000_000;
  for (let from = 1; from <= ROWS; from += step) {
    const to = Math.min(ROWS, from + step - 1);
    await sql`insert into activity (organization_id, id, at, actor_kind, actor_id, actor_name,
        entity_type, entity_id, action, changes)
      select ${ORG}, i,
        to_char(timestamp '2020-01-01' + i * interval '30 seconds', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"'),
        'user', 'user-' || (i % 200), 'Person ' || (i % 200),
        'task', 'item-' || (i % ${ENTITIES}), 'updated',
        '{"title":["old ' || i || '","new ' || i || '"]}'
      from generate_series(${from}::bigint, ${to}::bigint) as i`.execute(db);
    // Their seals, as the sealer leaves them (placeholder hashes: reads are measured here).
    await sql`insert into activity_seals (organization_id, entry_id, prev_hash, hash)
      select ${ORG}, i, md5((i - 1)::text), md5(i::text)
      from generate_series(${from}::bigint, ${to}::bigint) as i`.execute(db);
    console.log(
      `  ${to.toLocaleString('en')} (${Math.round((performance.now() - started) / 1000)} s)`,
    );
  }
  // The sequence above the seeded ids (they were given here, not by it).
  await sql`select setval('activity_id_seq', greatest(${ROWS}::bigint,
    (select last_value from activity_id_seq)))`.execute(db);
  await sql`insert into activity_heads (organization_id, last_id, last_hash, start_id,
      start_prev_hash, sealed)
    values (${ORG}, ${ROWS}, md5(${String(ROWS)}), 1, '', ${ROWS})
    on conflict (organization_id) do update set last_id = excluded.last_id,
      last_hash = excluded.last_hash, sealed = excluded.sealed`.execute(db);
  await sql`analyze activity`.execute(db);
  console.log(`Seeded in ${Math.round((performance.now() - started) / 1000)} s`);
}

async function median(run: () => Promise<unknown>, runs = RUNS): Promise<number> {
  for (let i = 0; i < 3; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function reads(db: Db) {
  const filter = { organizationId: ORG };
  const page = async (before?: number) => {
    const items = await activity.listActivity(db, filter, { limit: 50, offset: 0, before });
    await activity.countActivity(db, filter);
    return items;
  };
  const first = await median(() => page());
  const deepBefore = ROWS - 999 * 50 + 1;
  const deep = await median(() => page(deepBefore));
  const deepItems = await page(deepBefore);
  const itemFilter = { organizationId: ORG, entityId: `item-${Math.floor(ENTITIES / 2)}` };
  const item = await median(async () => {
    await activity.listActivity(db, itemFilter, { limit: 20, offset: 0 });
    await activity.countActivity(db, itemFilter);
  });
  const itemCount = await activity.countActivity(db, itemFilter);
  return { first, deep, deepFirstId: deepItems[0]?.id, item, itemCount };
}

/** The three saves measured, each changing one field to a new value every time. */
function measuredWrites(ids: { task: string; certificate: string; person: string }) {
  return [
    {
      name: 'PUT /tasks/{id}',
      request: (n: number) => ({
        url: `/api/v1/tasks/${ids.task}`,
        payload: { title: `Title ${n}` },
      }),
    },
    {
      name: 'PUT /certificates/{id}',
      request: (n: number) => ({
        url: `/api/v1/certificates/${ids.certificate}/`,
        payload: { name: `Certificate ${n}` },
      }),
    },
    {
      name: 'PUT /employees/{id}',
      request: (n: number) => ({
        url: `/api/v1/employees/${ids.person}`,
        payload: { department: `Department ${n}` },
      }),
    },
  ] as const;
}

/** An organisation with a manager, one of their people, a task and a certificate. */
async function benchOrganization(db: Db) {
  const organizationId = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('organizations')
    .values({ id: organizationId, name: 'Bench', created_at: now, updated_at: now })
    .execute();
  const person = (role: 'manager' | 'employee', name: string) => ({
    id: randomUUID(),
    organization_id: organizationId,
    email: `bench-${name.toLowerCase()}-${organizationId}@example.test`,
    full_name: `Bench ${name}`,
    first_name: 'Bench',
    last_name: name,
    role,
  });
  const manager = person('manager', 'Manager');
  const employee = person('employee', 'Employee');
  for (const user of [manager, employee]) {
    await db
      .insertInto('users')
      .values({
        ...user,
        phone: null,
        department: null,
        status: 'active',
        password_hash: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('user_emails')
      .values({ email: user.email, organization_id: organizationId, user_id: user.id })
      .execute();
  }
  const task = randomUUID();
  await db
    .insertInto('tasks')
    .values({
      id: task,
      organization_id: organizationId,
      title: 'Bench task',
      description: null,
      due_date: new Date(Date.now() + 86_400_000).toISOString(),
      status: 'pending',
      assigned_to_user_id: employee.id,
      created_by_user_id: manager.id,
      assigner_id: manager.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const certificate = randomUUID();
  const expiry = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  await db
    .insertInto('certificates')
    .values({
      ...certificateSchedule(expiry, 30),
      id: certificate,
      organization_id: organizationId,
      name: 'Bench certificate',
      description: null,
      issue_date: null,
      expiry_date: expiry,
      reminder_days_before: 30,
      status: 'active',
      incharge_person_id: employee.id,
      created_by_user_id: manager.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { organizationId, manager, ids: { task, certificate, person: employee.id } };
}

/**
 * CPU time (µs) spent so far by this process (all its threads, SQLite's writer among them) and
 * by the PostgreSQL server processes of the bench's connections, when the server runs on this
 * machine (`/proc/<pid>/schedstat`, nanoseconds). Unlike the wall time, a loaded machine does
 * not inflate it (a process waiting for a CPU or a disk is not running), so it shows what
 * recording costs the save's own work when the shares of wall time swing with the load.
 */
function cpuMeter(db: Db, postgres: boolean) {
  let servers: number[] = [];
  return {
    /** The server processes now serving the bench's database (the pool may have grown). */
    async refresh(): Promise<void> {
      if (!postgres) return;
      const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
        where datname = current_database() and backend_type = 'client backend'`.execute(db);
      servers = rows
        .map((row) => row.pid)
        .filter((pid) => {
          try {
            readFileSync(`/proc/${pid}/schedstat`);
            return true;
          } catch {
            return false;
          }
        });
    },
    /** How many server processes are counted (0: the server's CPU is not). */
    servers: () => servers.length,
    /**
     * [this process, its server processes, this process's main (API) thread], µs so far. The
     * API thread's share (`/proc/thread-self/schedstat`, Linux) tells its work from the
     * SQLite threads' (and V8's helper threads'): process.cpuUsage covers every thread.
     */
    read(): [number, number, number] {
      const api = apiThreadMicros();
      const { user, system } = process.cpuUsage();
      let server = 0;
      for (const pid of servers) {
        try {
          server += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
        } catch {
          // The connection closed; its time is lost alike for both modes.
        }
      }
      return [user + system, server, api];
    },
  };
}

/** The calling thread's CPU time (µs); NaN where /proc/thread-self is missing. */
function apiThreadMicros(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1000;
  } catch {
    return Number.NaN;
  }
}

/** The medians (ms) of each request's CPU time, on and off, and of each pair's on − off. */
function cpuMedians(cpu: Record<'on' | 'off', [number, number, number][]>) {
  const of = (part: (time: [number, number, number]) => number) => ({
    on: mid(cpu.on.map(part)) / 1000,
    off: mid(cpu.off.map(part)) / 1000,
    added: mid(cpu.on.map((time, i) => part(time) - part(cpu.off[i]!))) / 1000,
  });
  return {
    total: of(([own, server]) => own + server),
    own: of(([own]) => own),
    server: of(([, server]) => server),
    api: of(([, , api]) => api),
  };
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 30);

function mid(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/**
 * What recording costs a write, on one database, measured in one run: each save through the
 * whole API in-process (`app.inject`, the route, its transaction, the commit) with the history
 * on and off (the bench-only switch: without it the save runs its UPDATE alone, no old values,
 * no entry), interleaved request by request (pairs, one a mode, in alternating order) over
 * ROUNDS rounds of PER_ROUND pairs, after 5 warm-up pairs. The overhead is the median of
 * each pair's own difference (on − off) over the median save with the history on: the two
 * requests of a pair run back to back, so a spell of load (a commit's WAL flush that swings
 * by tens of ms, another process) falls on both and cancels out, where the difference of two
 * medians taken apart carries each half's noise (on a quiet machine it moved a share by ±4
 * points between runs of the same tree). That difference of medians,
 * `(median on − median off) / median on`, is still printed beside it; each round's own paired
 * share gives the range.
 */
async function writeOverhead(db: Db, database: DatabaseSettings) {
  // The sealer runs as in production (every second): its passes share the machine with the
  // saves measured, on and off alike.
  const config = testConfig({ database, activitySealMs: DEFAULT_ACTIVITY_SEAL_MS });
  const app = await buildApp({ config, db });
  await app.ready();
  const { organizationId, manager, ids } = await benchOrganization(db);
  const token = signToken(
    { ...manager, token_version: 0 },
    config.jwtSecret,
    config.tokenTtlSeconds,
  );
  const meter = cpuMeter(db, database.dialect === 'postgres');
  let n = 0;
  const results = [];
  try {
    for (const write of measuredWrites(ids)) {
      const put = async () => {
        n += 1;
        const response = await app.inject({
          method: 'PUT',
          headers: { authorization: `Bearer ${token}` },
          ...write.request(n),
        });
        if (response.statusCode !== 200) {
          throw new Error(`${write.name} answered ${response.statusCode}: ${response.body}`);
        }
      };
      /** Each request's CPU time (µs, cpuMeter: this process, its servers), read outside its timed span. */
      const cpu = {
        on: [] as [number, number, number][],
        off: [] as [number, number, number][],
      };
      const timed = async (mode: 'on' | 'off') => {
        activity.setActivityRecording(mode === 'on');
        const cpuBefore = meter.read();
        const started = performance.now();
        await put();
        const took = performance.now() - started;
        const cpuAfter = meter.read();
        cpu[mode].push([
          cpuAfter[0] - cpuBefore[0],
          cpuAfter[1] - cpuBefore[1],
          cpuAfter[2] - cpuBefore[2],
        ]);
        return took;
      };
      for (let i = 0; i < 5; i += 1) {
        await timed('on');
        await timed('off');
      }
      await meter.refresh();
      cpu.on.length = 0;
      cpu.off.length = 0;
      const on: number[] = [];
      const off: number[] = [];
      const shares: number[] = [];
      /** Each pair's on − off: its median is the time recording adds, less moved by load. */
      const added: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const times = { on: [] as number[], off: [] as number[] };
        const roundAdded: number[] = [];
        // Pairs of requests, one a mode, in alternating order: a spell of load falls on both.
        for (let i = 0; i < PER_ROUND; i += 1) {
          const order = i % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
          for (const mode of order) times[mode].push(await timed(mode));
          roundAdded.push(times.on[i]! - times.off[i]!);
        }
        activity.setActivityRecording(true);
        on.push(...times.on);
        off.push(...times.off);
        added.push(...roundAdded);
        shares.push(mid(roundAdded) / mid(times.on));
      }
      results.push({
        name: write.name,
        on: mid(on),
        off: mid(off),
        share: mid(added) / mid(on),
        mediansShare: (mid(on) - mid(off)) / mid(on),
        shares,
        added: mid(added),
        cpu: cpuMedians(cpu),
      });
    }
  } finally {
    activity.setActivityRecording(true);
  }
  await app.close();
  await activity.sealSettled(db, organizationId);
  const verified = await verifyActivity(db, organizationId);
  if (!verified.ok || verified.unsealed > 0) {
    throw new Error(`The chain does not verify: ${JSON.stringify(verified)}`);
  }
  return {
    results,
    entries: verified.checked,
    servers: meter.servers(),
    sealing: await sealingCost(db, meter, database.dialect === 'postgres'),
  };
}

/**
 * What the sealer costs, off the saves' path: SEAL_ENTRIES entries written one transaction
 * each (as saves write them), then the one pass that chains them (on PostgreSQL once its
 * first phase's wait is over), timed alone: wall time and CPU time (this process and the
 * server's processes) per entry.
 */
const SEAL_ENTRIES = 500;

async function sealingCost(db: Db, meter: ReturnType<typeof cpuMeter>, postgres: boolean) {
  const organizationId = randomUUID();
  for (let i = 0; i < SEAL_ENTRIES; i += 1) {
    await db.transaction().execute(async (trx) => {
      await activity.recordActivity(trx, activity.SYSTEM, [
        {
          organizationId,
          entityType: 'task',
          entityId: randomUUID(),
          action: 'updated',
          changes: { title: [`Title ${i}`, `Title ${i + 1}`] },
        },
      ]);
    });
  }
  // PostgreSQL: the first phase, then its wait (nothing sealed by these). SQLite has none.
  if (postgres) {
    const phase = await activity.sealActivity(db, organizationId);
    if (phase.sealed > 0) throw new Error('sealed before it was timed');
    for (;;) {
      const { rows } = await sql<{ ended: boolean }>`select pg_snapshot_xmin(pg_current_snapshot())
        >= cast((select pending_xmax from activity_heads where organization_id = ${organizationId})
          as xid8) as ended`.execute(db);
      if (rows[0]!.ended) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  await meter.refresh();
  const cpuBefore = meter.read();
  const started = performance.now();
  const pass = await activity.sealActivity(db, organizationId);
  const took = performance.now() - started;
  const cpuAfter = meter.read();
  if (pass.sealed !== SEAL_ENTRIES) throw new Error(`sealed ${pass.sealed} entries`);
  return {
    entries: pass.sealed,
    wall: took / pass.sealed,
    cpu: (cpuAfter[0] - cpuBefore[0] + cpuAfter[1] - cpuBefore[1]) / 1000 / pass.sealed,
  };
}

/**
 * BENCH_ACTIVITY_PROFILE=1 (PostgreSQL): every statement each save sends, history on and then
 * off, over PER_ROUND saves, through the API's own connection (createDatabase: its named
 * statements, as the API runs): for each, the median time from the request's start to the
 * statement's sending ("at") and from its sending to its answer ("takes"). The gaps between one
 * answer and the next sending are the time spent in Node.
 */
async function profileStatements(url: string) {
  const timeline = new Map<string, { at: number[]; takes: number[] }>();
  let requestStarted: number | undefined;
  const query = pg.Client.prototype.query;
  // Patched before the pool's clients exist, so createDatabase's own wrapper calls this one.
  pg.Client.prototype.query = function timed(this: pg.Client, ...args: unknown[]) {
    const sent = performance.now();
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first.text ?? '')).replace(/\s+/g, ' ');
    if (requestStarted !== undefined && result instanceof Promise) {
      const started = requestStarted;
      void result.then(
        () => {
          const entry = timeline.get(text) ?? { at: [], takes: [] };
          entry.at.push(sent - started);
          entry.takes.push(performance.now() - sent);
          timeline.set(text, entry);
        },
        () => undefined,
      );
    }
    return result;
  } as typeof query;
  const database = { dialect: 'postgres' as const, connectionString: url, poolSize: 4 };
  const db = createDatabase(database);
  // The sealer runs as in production (every second): its passes share the machine with the
  // saves measured, on and off alike.
  const config = testConfig({ database, activitySealMs: DEFAULT_ACTIVITY_SEAL_MS });
  const app = await buildApp({ config, db });
  await app.ready();
  const { manager, ids } = await benchOrganization(db);
  const token = signToken(
    { ...manager, token_version: 0 },
    config.jwtSecret,
    config.tokenTtlSeconds,
  );
  let n = 0;
  try {
    for (const write of measuredWrites(ids)) {
      const put = () => {
        n += 1;
        return app.inject({
          method: 'PUT',
          headers: { authorization: `Bearer ${token}` },
          ...write.request(n),
        });
      };
      for (const mode of ['on', 'off'] as const) {
        activity.setActivityRecording(mode === 'on');
        for (let i = 0; i < 5; i += 1) await put();
        timeline.clear();
        const total: number[] = [];
        for (let i = 0; i < PER_ROUND; i += 1) {
          requestStarted = performance.now();
          await put();
          total.push(performance.now() - requestStarted);
          requestStarted = undefined;
        }
        console.log(
          `\n${write.name}, history ${mode}: ${mid(total).toFixed(2)} ms a request (median), its statements:`,
        );
        console.log('      at    takes');
        const rows = [...timeline].sort(([, a], [, b]) => mid(a.at) - mid(b.at));
        for (const [text, { at, takes }] of rows) {
          const each = (at.length / PER_ROUND).toFixed(1);
          console.log(
            `  ${mid(at).toFixed(2).padStart(6)} ${mid(takes).toFixed(2).padStart(6)} ms ×${each}  ${text.slice(0, 100)}`,
          );
        }
      }
      activity.setActivityRecording(true);
    }
  } finally {
    pg.Client.prototype.query = query;
    activity.setActivityRecording(true);
    await app.close();
    await db.destroy();
  }
}

/** A fresh SQLite file, as the API runs by default (WAL, synchronous full). */
async function openSqlite(): Promise<{ db: Db; database: DatabaseSettings; drop(): void }> {
  const fresh = await freshDatabase('sqlite', 'duly-activity-bench');
  const db = createDatabase(fresh.settings);
  await migrateToLatest(db);
  return { db, database: fresh.settings, drop: () => void fresh.drop() };
}

function printWrites(name: string, w: Awaited<ReturnType<typeof writeOverhead>>) {
  const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(9);
  const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
  console.log(
    `\nWrite overhead, ${name}: history on vs off, ${ROUNDS} rounds of ${PER_ROUND} interleaved pairs, medians (${w.entries} entries written, the chain verified):`,
  );
  console.log(
    `  ${'write'.padEnd(24)}     on       off   added (pairs' median)   recording's share (rounds' range)   medians' difference`,
  );
  for (const r of w.results) {
    const range = `${pct(Math.min(...r.shares))} … ${pct(Math.max(...r.shares))}`;
    console.log(
      `  ${r.name.padEnd(24)}${ms(r.on)}${ms(r.off)}  ${ms(r.added)}               ${pct(r.share).padStart(7)} (${range})   ${pct(r.mediansShare).padStart(7)}`,
    );
  }
  console.log(
    `  sealing (the timer's pass, off the saves' path), ${w.sealing.entries} entries at once: ${ms(w.sealing.wall)} wall, ${ms(w.sealing.cpu)} CPU an entry`,
  );
  const servers = w.servers > 0 ? ` + its ${w.servers} server processes` : '';
  console.log(`  CPU time a request (this process${servers}), medians; added: pairs' median:`);
  console.log(
    `  ${'write'.padEnd(24)}     on       off    share     added   of which the API thread${w.servers > 0 ? ' (this process, server)' : ''}`,
  );
  for (const r of w.results) {
    const { total, own, server, api } = r.cpu;
    const parts = w.servers > 0 ? ` (${ms(own.added)}, ${ms(server.added)})` : '';
    console.log(
      `  ${r.name.padEnd(24)}${ms(total.on)}${ms(total.off)}  ${pct((total.on - total.off) / total.on).padStart(7)}${ms(total.added)}  ${ms(api.added)}${parts}`,
    );
  }
}

async function main() {
  const db = ON_POSTGRES ? await openDatabase() : undefined;
  const sqlite = ON_SQLITE ? await openSqlite() : undefined;
  try {
    if (db && !WRITES_ONLY) {
      await seed(db);
      const { count } = await db
        .selectFrom('activity')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('organization_id', '=', ORG)
        .executeTakeFirstOrThrow();
      const r = await reads(db);
      const ms = (value: number) => `${value.toFixed(2)} ms`;
      console.log(
        `\nActivity history, PostgreSQL, ${Number(count).toLocaleString('en')} entries in one organisation (median of ${RUNS}):`,
      );
      console.log(`  first page (50 + total)           ${ms(r.first)}`);
      console.log(`  1000th keyset page (before=${r.deepFirstId! + 1})  ${ms(r.deep)}`);
      console.log(`  an item's history (${r.itemCount} entries)     ${ms(r.item)}`);
    }
    const url = new URL(ADMIN_URL);
    url.pathname = `/${NAME}`;
    console.log(
      `\nLoad average before the writes: ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
    );
    if (db && process.env.BENCH_ACTIVITY_PROFILE === '1') {
      await profileStatements(url.toString());
      return;
    }
    if (sqlite) printWrites('SQLite (a file)', await writeOverhead(sqlite.db, sqlite.database));
    if (db) {
      printWrites(
        'PostgreSQL',
        await writeOverhead(db, { dialect: 'postgres', connectionString: url.toString() }),
      );
    }
    console.log(`\nLoad average after the writes: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  } finally {
    await db?.destroy();
    await sqlite?.db.destroy();
    sqlite?.drop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
