/**
 * API load benchmark (`npm run bench:api`). Not a test: it prints figures.
 *
 * Seeds three organisations of different sizes (10,000 tasks and 2,000 certificates; 2,000 and
 * 400; 200 and 40), starts the real API server (a child process, as `npm start` runs it) and a
 * bare Fastify hello-world on this machine, then drives each with autocannon (50 connections,
 * 10 s each, after a warm-up). The headline is real traffic on the uncached path (`mix`): every
 * request picks an organisation, 1 in 10 is a write (POST /tasks/), the others read
 *   GET /api/v1/tasks/ (pages, sorts and status filters varied)   or   GET /api/v1/dashboard/
 * and the report gives requests/s, p50/p99 latency and the ratio to hello-world's requests/s
 * (writes included in the mix's requests/s). Targets (issue 16): ratio ≥ 0.10 on SQLite,
 * ≥ 0.06 on PostgreSQL, p99 < 50 ms.
 *
 * The 10 s are taken in 5 interleaved rounds of 2 s (hello, tasks, dashboard, hello, …), so
 * that other work on a shared machine weighs on all alike and the ratios stay meaningful.
 * Requests/s is over all rounds; p99 is the median of the rounds' p99 (the worst round is
 * printed too). The load average at the end is printed with the table.
 *
 * SQLite by default (a file in a temporary DATA_DIR); PostgreSQL when DATABASE_URL is set (a
 * fresh `duly_bench_<random>` database on that server, dropped afterwards). BENCH_DURATION
 * (seconds) and BENCH_CONNECTIONS override 10 and 50. Requests carry a browser's
 * `Accept-Encoding: gzip, deflate, br` (API answers are compressed, issue 18);
 * BENCH_ACCEPT_ENCODING=identity measures without compression. On SQLite the uncached figures come from
 * an API process with RESPONSE_CACHE=off; the same mixes through the default process (with
 * the response cache) are reported apart. PostgreSQL never caches. BENCH_BASELINE=<git ref>
 * (e.g. `main`) also starts that version's API (exported with `git archive`) uncached on the
 * same database and measures its mixes in the same rounds, in place of the cached ones: an
 * A/B of this tree against it. Results are also written to bench/results/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import {
  freePort,
  freshDatabase,
  signIn,
  startApi as startApiProcess,
  stopServer as stop,
  waitUntilAnswers,
  type ApiServer,
  type FreshDatabase as BenchDatabase,
} from '../api/test/server-process';
import {
  certificateSchedule,
  createDatabase,
  hashPassword,
  migrateToLatest,
  type Db,
  type NewCertificate,
  type NewTask,
  type NewUser,
} from '../api/src/index';
import { ROOT, exportBaseline } from './baseline';

// autocannon ships no types; these are the parts used here.
interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: { setupRequest: (request: RawRequest) => RawRequest }[];
}
interface AutocannonResult {
  requests: { average: number; total: number };
  duration: number;
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = createRequire(__filename)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

const TASKS = 10_000;
const CERTIFICATES = 2_000;
const EMPLOYEES = 20;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_S = 3;
const ROUNDS = 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** What a browser sends; its answers are compressed as a browser's would be. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const PASSWORD = 'bench-password';
const ADMIN_EMAIL = 'bench-admin@example.test';
// Issue 16: the uncached mix at these ratios of hello-world, p99 under 50 ms.
const TARGET_RATIO_SQLITE = 0.1;
const TARGET_RATIO_POSTGRES = 0.06;
const TARGET_P99_MS = 50;

/** BENCH_BASELINE: a git ref (`main`) whose API is measured beside this tree's. */
const BASELINE_REF = process.env.BENCH_BASELINE;

async function insertInBatches<T>(items: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < items.length; start += 500) {
    await insert(items.slice(start, start + 500));
  }
}

/** The organisations of the mix: one large, one middling, one small (real traffic is uneven). */
const ORGANISATIONS: OrganisationShape[] = [
  { name: 'Bench Org', adminEmail: ADMIN_EMAIL, tasks: TASKS, certificates: CERTIFICATES },
  {
    name: 'Bench Org M',
    adminEmail: 'bench-admin-m@example.test',
    tasks: 2_000,
    certificates: 400,
  },
  { name: 'Bench Org S', adminEmail: 'bench-admin-s@example.test', tasks: 200, certificates: 40 },
];

interface OrganisationShape {
  name: string;
  adminEmail: string;
  tasks: number;
  certificates: number;
}

/** One organisation: an admin, 20 employees, its tasks and certificates. */
export async function seed(
  db: Db,
  shape: OrganisationShape = ORGANISATIONS[0],
  passwordHash?: string,
): Promise<void> {
  const now = new Date();
  const stamp = now.toISOString();
  const organizationId = randomUUID();
  await db
    .insertInto('organizations')
    .values({ id: organizationId, name: shape.name, created_at: stamp, updated_at: stamp })
    .execute();

  const user = (index: number, role: NewUser['role'], email: string): NewUser => ({
    id: randomUUID(),
    organization_id: organizationId,
    email,
    first_name: `Person${index}`,
    last_name: 'Bench',
    full_name: `Person${index} Bench`,
    phone: null,
    department: 'Engineering',
    role,
    status: 'active',
    password_hash: null,
    created_at: stamp,
    updated_at: stamp,
  });
  const admin = {
    ...user(0, 'admin', shape.adminEmail),
    password_hash: passwordHash ?? (await hashPassword(PASSWORD)),
  };
  const employees = Array.from({ length: EMPLOYEES }, (_, i) =>
    user(i + 1, 'employee', `${organizationId}-${i + 1}@example.test`),
  );
  await db
    .insertInto('users')
    .values([admin, ...employees])
    .execute();
  // The global sign-in lookup, as the API's own user creation keeps it (migration 010).
  await db
    .insertInto('user_emails')
    .values(
      [admin, ...employees].map(({ email, id }) => ({
        email,
        organization_id: organizationId,
        user_id: id,
      })),
    )
    .execute();

  const taskStatuses = ['pending', 'in_progress', 'completed', 'overdue', 'escalated'] as const;
  const tasks: NewTask[] = Array.from({ length: shape.tasks }, (_, i) => ({
    id: randomUUID(),
    organization_id: organizationId,
    title: `Task ${i + 1}`,
    description: i % 2 ? 'Seeded for the benchmark' : null,
    due_date: new Date(now.getTime() + ((i % 360) - 180) * 86_400_000 + i * 1000).toISOString(),
    status: taskStatuses[i % taskStatuses.length],
    // Every tenth task is unassigned, as new tasks often are.
    assigned_to_user_id: i % 10 === 0 ? null : employees[i % EMPLOYEES].id,
    created_by_user_id: admin.id,
    assigner_id: admin.id,
    created_at: stamp,
    updated_at: stamp,
  }));
  await insertInBatches(tasks, (batch) => db.insertInto('tasks').values(batch).execute());

  const certificateStatuses = ['active', 'expired', 'renewed', 'escalated'] as const;
  const certificates: NewCertificate[] = Array.from({ length: shape.certificates }, (_, i) => {
    const expiryDate = new Date(now.getTime() + ((i % 400) - 100) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return {
      id: randomUUID(),
      organization_id: organizationId,
      name: `Certificate ${i + 1}`,
      description: null,
      issue_date: null,
      expiry_date: expiryDate,
      reminder_days_before: 30,
      ...certificateSchedule(expiryDate, 30),
      department: 'Engineering',
      incharge_person_id: employees[i % EMPLOYEES].id,
      created_by_user_id: admin.id,
      assigner_id: admin.id,
      status: certificateStatuses[i % certificateStatuses.length],
      created_at: stamp,
      updated_at: stamp,
    };
  });
  await insertInBatches(certificates, (batch) =>
    db.insertInto('certificates').values(batch).execute(),
  );
}

// ---------------------------------------------------------------- scale (PostgreSQL)

/** Issue 16: each request at 1,000,000 tasks takes at most this many times what it does at 10,000. */
const SCALE_TARGET = 1.5;
const SCALE_SIZES = [
  { name: 'Scale 10k', adminEmail: 'scale-10k@example.test', tasks: 10_000, certificates: 2_000 },
  {
    name: 'Scale 1M',
    adminEmail: 'scale-1m@example.test',
    tasks: Number(process.env.BENCH_SCALE_TASKS ?? 1_000_000),
    certificates: Number(process.env.BENCH_SCALE_CERTIFICATES ?? 200_000),
  },
];
const SCALE_REQUESTS = [
  ['first page', '/tasks/?limit=50'],
  ['deep page', '/tasks/?limit=50&offset=9950'],
  ['filtered page', '/tasks/?limit=50&status=pending&sort=-due_date'],
  ['dashboard', '/dashboard/'],
] as const;
const SCALE_SAMPLES = 21;

/**
 * One organisation seeded with set-based SQL (generate_series): a million rows in one
 * statement instead of two thousand round trips. The same dates as `seed`, in the state the
 * reminders' sweep leaves an organisation in, as it is in production: no open task past its
 * due instant (overdue for up to 3 days, escalated after), no active or renewed certificate
 * past its expiry date (expired for 30 days, escalated after); otherwise the API's start-up
 * sweep would spend the measurement marking a few hundred thousand rows. The counters
 * (migration 011) are filled by their triggers, one aggregate per statement.
 */
async function seedSetBased(db: Db, shape: OrganisationShape, passwordHash: string) {
  const organizationId = randomUUID();
  const stamp = new Date().toISOString();
  await sql`insert into organizations (id, name, created_at, updated_at)
    values (${organizationId}, ${shape.name}, ${stamp}, ${stamp})`.execute(db);
  await sql`insert into users (id, organization_id, email, first_name, last_name, full_name,
      phone, department, role, status, password_hash, created_at, updated_at)
    select gen_random_uuid()::text, ${organizationId},
      case when i = 0 then ${shape.adminEmail} else ${organizationId} || '-' || i || '@example.test' end,
      'Person' || i, 'Bench', 'Person' || i || ' Bench', null, 'Engineering',
      case when i = 0 then 'admin' else 'employee' end, 'active',
      case when i = 0 then ${passwordHash} end, ${stamp}, ${stamp}
    from generate_series(0, ${EMPLOYEES}) as i`.execute(db);
  await sql`insert into user_emails (email, organization_id, user_id)
    select email, organization_id, id from users where organization_id = ${organizationId}`.execute(
    db,
  );
  const people = sql`(select (select id from users where organization_id = ${organizationId} and role = 'admin') as admin,
      array_agg(id order by email) as employees
    from users where organization_id = ${organizationId} and role = 'employee') as p`;
  await sql`insert into tasks (id, organization_id, title, description, due_date, status,
      assigned_to_user_id, created_by_user_id, assigner_id, created_at, updated_at)
    select gen_random_uuid()::text, ${organizationId}, 'Task ' || i,
      case when i % 2 = 1 then 'Seeded for the benchmark' end,
      to_char(d.due at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      case
        when d.due >= now() then (array['pending', 'in_progress', 'completed'])[i % 3 + 1]
        when d.due > now() - interval '3 days' then (array['overdue', 'completed'])[i % 2 + 1]
        else (array['escalated', 'completed'])[i % 2 + 1]
      end,
      case when i % 10 <> 0 then p.employees[i % ${EMPLOYEES} + 1] end,
      p.admin, p.admin, ${stamp}, ${stamp}
    from generate_series(0, ${shape.tasks - 1}) as i, ${people},
      lateral (select now() + ((i % 360) - 180) * interval '1 day' + i * interval '1 second'
        as due) as d`.execute(db);
  // remind_on null: every reminder already recorded; escalate_on as certificateSchedule sets it.
  await sql`insert into certificates (id, organization_id, name, description, issue_date,
      expiry_date, reminder_days_before, remind_on, escalate_on, department,
      incharge_person_id, created_by_user_id, assigner_id, status, created_at, updated_at)
    select gen_random_uuid()::text, ${organizationId}, 'Certificate ' || i, null, null,
      to_char(e.expiry, 'YYYY-MM-DD'), 30, null, to_char(e.expiry + 31, 'YYYY-MM-DD'),
      'Engineering', p.employees[i % ${EMPLOYEES} + 1], p.admin, p.admin,
      case
        when e.expiry >= current_date then (array['active', 'renewed'])[i % 2 + 1]
        when e.expiry + 31 > current_date then 'expired'
        else 'escalated'
      end, ${stamp}, ${stamp}
    from generate_series(0, ${shape.certificates - 1}) as i, ${people},
      lateral (select current_date + ((i % 400) - 100) as expiry) as e`.execute(db);
}

/** Median server time of one request, sequential (no queueing in the figure), in ms. */
async function medianMs(url: string, token: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SCALE_SAMPLES + 3; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  return median(times);
}

/** The 10k and 1M organisations side by side in one database; prints each request's ratio. */
async function scaleComparison(database: BenchDatabase): Promise<string> {
  const db = createDatabase(database.settings);
  const passwordHash = await hashPassword(PASSWORD);
  for (const shape of SCALE_SIZES) {
    const started = Date.now();
    await seedSetBased(db, shape, passwordHash);
    console.log(`  seeded ${shape.tasks} tasks in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  await sql`vacuum analyze`.execute(db);
  await db.destroy();
  const api = await startApi(database);
  try {
    const { base } = api;
    const tokens: string[] = [];
    for (const shape of SCALE_SIZES) tokens.push(await signIn(base, shape.adminEmail, PASSWORD));
    const rows: string[] = [];
    for (const [name, url] of SCALE_REQUESTS) {
      // Interleaved, so that the machine's other load weighs on both sizes alike.
      const small: number[] = [];
      const large: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        small.push(await medianMs(`${base}${url}`, tokens[0]));
        large.push(await medianMs(`${base}${url}`, tokens[1]));
      }
      const [a, b] = [median(small), median(large)];
      const ratio = b / a;
      rows.push(
        `| ${`${name} (${url})`.padEnd(64)} | ${a.toFixed(1).padStart(8)} | ${b.toFixed(1).padStart(8)} | ${ratio.toFixed(2).padStart(5)} | ${ratio <= SCALE_TARGET ? 'meets' : 'misses'} |`,
      );
    }
    return [
      `Scale on ${database.label}: ${SCALE_SIZES[1].tasks} tasks/${SCALE_SIZES[1].certificates} certificates ` +
        `vs ${SCALE_SIZES[0].tasks}/${SCALE_SIZES[0].certificates}, one request at a time, median of ` +
        `${SCALE_SAMPLES} × 3 interleaved rounds, target ratio ≤ ${SCALE_TARGET}, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      '',
      `| ${'request'.padEnd(64)} | 10k (ms) |  1M (ms) | ratio | target |`,
      `| ${'-'.repeat(64)} | -------: | -------: | ----: | ------ |`,
      ...rows,
    ].join('\n');
  } finally {
    await api.stop();
  }
}

// ---------------------------------------------------------------- servers

const HELLO_WORLD = `
const app = require('fastify')({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

function startHelloWorld(port: number): ChildProcess {
  return spawn(process.execPath, ['-e', HELLO_WORLD], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: 'inherit',
  });
}

/** One secret for every API process of the run, so one token works on each. */
const JWT_SECRET = randomBytes(32).toString('hex');

/**
 * BENCH_CPU_PROF=<dir>: the uncached API process writes a V8 CPU profile there when it stops
 * (`npx tsx bench/cpu-profile-summary.ts <file>` summarises it).
 */
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;

function startApi(
  database: BenchDatabase,
  env: Record<string, string> = {},
  profile = false,
  root = ROOT,
): Promise<ApiServer> {
  return startApiProcess({
    database,
    apiDir: path.join(root, 'api'),
    // The child is the server itself (server-process.ts), so the profile is the server's.
    nodeOptions:
      profile && CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : [],
    // Request logging off (its default, LOG_LEVEL=warn), as it is for hello-world: this
    // measures the API, not the log.
    env: { JWT_SECRET, ...env },
  });
}

// ---------------------------------------------------------------- load

interface Measurement {
  name: string;
  requestsPerSecond: number;
  /** Median of the rounds' p50 and p99, in ms. */
  p50Ms: number;
  p99Ms: number;
  worstP99Ms: number;
  failures: number;
}

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** A traffic mix: each request is drawn afresh (see `mix`). */
  next?: () => RawRequest;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

/** A signed-in organisation of the mix. */
interface Caller {
  token: string;
  tasks: number;
}

const WRITE_SHARE = 0.1;
const TASK_SORTS = ['due_date', '-due_date', 'urgency', '-created_at', 'title'];
const TASK_FILTERS = ['', '', '&status=pending', '&status=overdue', '&status=completed'];

/**
 * Real traffic, as far as one client can make it: every request picks one of the
 * organisations (large, middling, small), 1 in 10 is a write (a new task, which also clears
 * the response cache), the rest a read of `kind`. Task lists vary the page (first pages
 * mostly, sometimes deep), the sort and the status filter, so an exact-URL cache mostly misses.
 */
function mix(callers: Caller[], kind: 'tasks' | 'dashboard'): () => RawRequest {
  return () => {
    const caller = pick(callers);
    const headers = {
      authorization: `Bearer ${caller.token}`,
      'content-type': 'application/json',
      'accept-encoding': ACCEPT_ENCODING,
    };
    if (Math.random() < WRITE_SHARE) {
      const due = new Date(Date.now() + Math.random() * 90 * 86_400_000).toISOString();
      return {
        method: 'POST',
        path: '/api/v1/tasks/',
        headers,
        body: JSON.stringify({ title: 'Bench write', due_date: due }),
      };
    }
    if (kind === 'dashboard') return { method: 'GET', path: '/api/v1/dashboard/', headers };
    const pages = Math.max(1, Math.floor(caller.tasks / 50));
    // Half the reads are the first page; the rest spread over the first 20 pages and, 1 in 10, anywhere.
    const roll = Math.random();
    const page =
      roll < 0.5
        ? 0
        : roll < 0.9
          ? Math.floor(Math.random() * Math.min(20, pages))
          : Math.floor(Math.random() * pages);
    const query = `limit=50&offset=${page * 50}&sort=${pick(TASK_SORTS)}${pick(TASK_FILTERS)}`;
    return { method: 'GET', path: `/api/v1/tasks/?${query}`, headers };
  };
}

function load(target: Target, duration: number): Promise<AutocannonResult> {
  const { url, headers, next } = target;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers,
    ...(next ? { requests: [{ setupRequest: () => next() }] } : {}),
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measure(targets: Target[]): Promise<Measurement[]> {
  for (const target of targets) await load(target, WARM_UP_S);
  const rounds = new Map<string, AutocannonResult[]>(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Every other round in reverse, so that no target always follows the same one.
    for (const target of round % 2 ? targets : [...targets].reverse()) {
      rounds.get(target.name)!.push(await load(target, DURATION_S / ROUNDS));
    }
    console.log(`  round ${round}/${ROUNDS} done`);
  }
  return targets.map(({ name }) => {
    const results = rounds.get(name)!;
    const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
    const seconds = results.reduce((sum, r) => sum + r.duration, 0);
    return {
      name,
      requestsPerSecond: requests / seconds,
      p50Ms: median(results.map((r) => r.latency.p50)),
      p99Ms: median(results.map((r) => r.latency.p99)),
      worstP99Ms: Math.max(...results.map((r) => r.latency.p99)),
      failures: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    };
  });
}

function report(label: string, hello: Measurement, endpoints: Measurement[]): string {
  const rows = [hello, ...endpoints].map((m) => {
    const ratio = m === hello ? '1.00' : (m.requestsPerSecond / hello.requestsPerSecond).toFixed(2);
    const cells = [
      m.name.padEnd(33),
      String(Math.round(m.requestsPerSecond)).padStart(7),
      String(m.p50Ms).padStart(6),
      String(m.p99Ms).padStart(6),
      String(m.worstP99Ms).padStart(10),
      ratio.padStart(5),
      String(m.failures).padStart(6),
    ];
    return `| ${cells.join(' | ')} |`;
  });
  const targetRatio = label === 'SQLite' ? TARGET_RATIO_SQLITE : TARGET_RATIO_POSTGRES;
  const verdicts = endpoints
    .filter((m) => m.name.includes('uncached'))
    .map((m) => {
      const ratio = m.requestsPerSecond / hello.requestsPerSecond;
      const ok = ratio >= targetRatio && m.p99Ms < TARGET_P99_MS;
      return `${m.name}: ${ok ? 'meets' : 'misses'} the target (ratio ≥ ${targetRatio}, p99 < ${TARGET_P99_MS} ms)`;
    });
  return [
    `API benchmark on ${label}: organisations of ` +
      ORGANISATIONS.map((o) => `${o.tasks} tasks/${o.certificates} certificates`).join(', ') +
      `, ${WRITE_SHARE * 100} % writes, ` +
      `${CONNECTIONS} connections, ${DURATION_S} s each (${ROUNDS} interleaved rounds) after a ` +
      `${WARM_UP_S} s warm-up, ` +
      `${os.cpus().length} CPUs, Node ${process.version}`,
    '',
    '| endpoint                          |   req/s | p50 ms | p99 ms | worst p99 | ratio | failed |',
    '| --------------------------------- | ------: | -----: | -----: | --------: | ----: | -----: |',
    ...rows,
    '',
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end`,
    ...verdicts,
  ].join('\n');
}

async function main(): Promise<void> {
  const database = await freshDatabase(process.env.DATABASE_URL ? 'postgres' : 'sqlite');
  const children: ChildProcess[] = [];
  const cleanUps: (() => void)[] = [];
  try {
    console.log(`Seeding ${database.label}: ${ORGANISATIONS.length} organisations…`);
    const db = createDatabase(database.settings);
    await migrateToLatest(db);
    const passwordHash = await hashPassword(PASSWORD);
    for (const shape of ORGANISATIONS) await seed(db, shape, passwordHash);
    // Planner statistics (and PostgreSQL's visibility map, for index-only counts), as
    // autovacuum or `pragma optimize` would have them after a bulk load in production.
    await sql
      .raw(database.settings.dialect === 'postgres' ? 'vacuum analyze' : 'analyze')
      .execute(db);
    await db.destroy();

    // On SQLite the API keeps list and dashboard answers until the data changes
    // (plugins/response-cache.ts). The same run therefore also measures a second
    // API process with RESPONSE_CACHE=off on the same file, so the figures show
    // both what a repeated request costs and what a database read costs.
    const sqlite = database.settings.dialect === 'sqlite';
    const helloPort = await freePort();
    const hello = startHelloWorld(helloPort);
    children.push(hello);
    await waitUntilAnswers(`http://127.0.0.1:${helloPort}/`, hello);
    const api = await startApi(database, {}, database.settings.dialect === 'postgres');
    children.push(api.child);
    const apiBase = api.base;
    let uncachedBase: string | undefined;
    if (sqlite) {
      const uncached = await startApi(database, { RESPONSE_CACHE: 'off' }, true);
      children.push(uncached.child);
      uncachedBase = uncached.base;
    }

    // BENCH_BASELINE=<git ref>: that version's API too, uncached, on the same database, its
    // mixes measured in the same rounds as this tree's (an A/B free of the machine's drift).
    let baselineBase: string | undefined;
    if (BASELINE_REF) {
      const baselineRoot = exportBaseline(BASELINE_REF);
      cleanUps.push(() => rmSync(baselineRoot, { recursive: true, force: true }));
      const baseline = await startApi(database, { RESPONSE_CACHE: 'off' }, false, baselineRoot);
      children.push(baseline.child);
      baselineBase = baseline.base;
    }

    const callers: Caller[] = [];
    for (const shape of ORGANISATIONS) {
      callers.push({
        token: await signIn(apiBase, shape.adminEmail, PASSWORD),
        tasks: shape.tasks,
      });
    }

    // The headline is the uncached path: on SQLite the process with RESPONSE_CACHE=off,
    // on PostgreSQL the only one (it never caches). The cache is reported apart.
    const readBase = uncachedBase ?? apiBase;
    const targets: Target[] = [
      { name: 'hello-world GET /', url: `http://127.0.0.1:${helloPort}/` },
      { name: 'mix GET /tasks/ (uncached)', url: readBase, next: mix(callers, 'tasks') },
      { name: 'mix GET /dashboard/ (uncached)', url: readBase, next: mix(callers, 'dashboard') },
    ];
    if (baselineBase) {
      targets.push(
        {
          name: `mix GET /tasks/ (uncached, ${BASELINE_REF})`,
          url: baselineBase,
          next: mix(callers, 'tasks'),
        },
        {
          name: `mix GET /dashboard/ (uncached, ${BASELINE_REF})`,
          url: baselineBase,
          next: mix(callers, 'dashboard'),
        },
      );
    } else if (uncachedBase) {
      targets.push(
        { name: 'mix GET /tasks/ (cache)', url: apiBase, next: mix(callers, 'tasks') },
        { name: 'mix GET /dashboard/ (cache)', url: apiBase, next: mix(callers, 'dashboard') },
      );
    }
    console.log('Measuring…');
    const [helloResult, ...endpoints] = await measure(targets);

    const text = report(database.label, helloResult, endpoints);
    console.log(`\n${text}`);
    const resultsDir = path.join(__dirname, 'results');
    mkdirSync(resultsDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    writeFileSync(
      path.join(resultsDir, `api-${database.settings.dialect}-${stamp}.json`),
      JSON.stringify({ database: database.label, hello: helloResult, endpoints }, null, 2),
    );

    // 1M vs 10k (PostgreSQL; takes minutes, BENCH_SCALE=off skips it). The mix's servers
    // are stopped first so that they take no share of the machine.
    if (!sqlite && process.env.BENCH_SCALE !== 'off') {
      await Promise.all(children.map(stop));
      console.log('Seeding the scale comparison…');
      const scale = await scaleComparison(database);
      console.log(`\n${scale}`);
      writeFileSync(path.join(resultsDir, `scale-postgres-${stamp}.md`), `${scale}\n`);
    }
  } finally {
    await Promise.all(children.map(stop));
    await database.drop();
    for (const cleanUp of cleanUps) cleanUp();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('The API benchmark failed:', error);
    process.exitCode = 1;
  });
}
