/**
 * The streamed export at scale (issue 27: "a 1,000,000-row export streamed (memory flat)";
 * `npm run bench:export`). Not part of `npm test`.
 *
 * For each database (BENCH_DATABASES, `sqlite,postgres`), one organisation per size of
 * BENCH_EXPORT_ROWS (`10000,100000,1000000`) holds exactly that many certificates. They are
 * written in one set-based statement per organisation (PostgreSQL `generate_series`, SQLite a
 * recursive CTE) and KEPT between runs, like bench/activity-bench.ts keeps its entries: the
 * SQLite file in `$TMPDIR/duly-export-bench/`, the PostgreSQL database `duly_bench_export` at
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); BENCH_EXPORT_RESEED=1
 * starts again. The list counters are kept by the tables' triggers during the insert (one
 * aggregate per statement on PostgreSQL, two upserts a row on SQLite), so they stay right.
 *
 * Then a fresh API process (as `npm start` runs it, SCHEDULER=off) and BENCH_RUNS rounds
 * (default 3), each in this order: the idle server for BENCH_IDLE_SECONDS (3), then for each
 * format of BENCH_FORMATS (`csv,xlsx`) each size, smallest first: GET
 * /certificates/export?format=… downloaded by a client that keeps nothing (Accept-Encoding as
 * a browser sends it; the CSV's lines are counted after decompressing, the .xlsx must end with
 * the zip's end record). For every step: the wall time, rows/s, the server's CPU time
 * (user + system, /proc/<pid>/stat), and its resident memory: at the start (VmRSS), its peak
 * during the step (VmHWM after resetting it through /proc/<pid>/clear_refs, and VmRSS sampled
 * every 50 ms), and the growth, peak − start. Memory is flat when the growth at 1,000,000 rows
 * is that at 10,000 (and at idle) within noise, not ten or a hundred times more.
 *
 * Prints the medians (with the range) per database, format and size, `/proc/loadavg`, and
 * writes bench/results/export-<date>.json.
 *
 *   npm run bench:export
 *   BENCH_DATABASES=postgres BENCH_FORMATS=xlsx BENCH_RUNS=1 npm run bench:export
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createDatabase, migrateToLatest } from '../api/src/index';
import {
  postgresAdminUrl,
  signUp,
  startApi,
  type ApiServer,
  type DatabaseKind,
} from '../api/test/server-process';

const SIZES = (process.env.BENCH_EXPORT_ROWS ?? '10000,100000,1000000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as DatabaseKind[];
const FORMATS = (process.env.BENCH_FORMATS ?? 'csv,xlsx').split(',') as ('csv' | 'xlsx')[];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 3);
/** What Chromium asks for (less zstd, which the API does not offer). */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
const RESEED = process.env.BENCH_EXPORT_RESEED === '1';
/** Node options for the server (`--max-old-space-size=96`: is a growth garbage or kept?). */
const SERVER_NODE_OPTIONS = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '')
  .split(' ')
  .filter(Boolean);
const NAME = 'duly_bench_export';
const SQLITE_DIR = path.join(os.tmpdir(), 'duly-export-bench');
const PASSWORD = 'bench-password-1';
const SAMPLE_MS = 50;
/** /proc's clock ticks per second (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

// ---------------------------------------------------------------- the server's process

function statusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
}

const mib = (kib: number) => Math.round((kib / 1024) * 10) / 10;

/** CPU time the process has used so far, user + system, in seconds (/proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's `(…)`: utime and stime are the 12th and 13th of them.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Sets VmHWM back to the current VmRSS (Linux ≥ 4.0; the process is ours). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

interface Measured<T> {
  result: T;
  seconds: number;
  cpu: number;
  /** MiB: VmRSS at the start, the peak (VmHWM and the samples), VmRSS at the end. */
  rss: { start: number; peak: number; end: number };
}

async function measured<T>(pid: number, work: () => Promise<T>): Promise<Measured<T>> {
  resetPeak(pid);
  const cpuBefore = cpuSeconds(pid);
  const start = statusKiB(pid, 'VmRSS');
  let sampled = start;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, statusKiB(pid, 'VmRSS'));
  }, SAMPLE_MS);
  const began = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - began) / 1000;
    const peak = Math.max(sampled, statusKiB(pid, 'VmHWM'));
    return {
      result,
      seconds,
      cpu: Math.round((cpuSeconds(pid) - cpuBefore) * 100) / 100,
      rss: { start: mib(start), peak: mib(peak), end: mib(statusKiB(pid, 'VmRSS')) },
    };
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------- the kept database

interface BenchDatabase {
  kind: DatabaseKind;
  /** For the API process. */
  server: { dataDir: string; databaseUrl: string };
  query<Row>(text: string, values?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

async function openSqlite(): Promise<BenchDatabase> {
  const file = path.join(SQLITE_DIR, 'duly.sqlite');
  if (RESEED) rmSync(SQLITE_DIR, { recursive: true, force: true });
  mkdirSync(SQLITE_DIR, { recursive: true });
  const migrator = createDatabase({ dialect: 'sqlite', filename: file });
  await migrateToLatest(migrator);
  await migrator.destroy();
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  // The bench's own fill needs no durability.
  db.pragma('synchronous = OFF');
  return {
    kind: 'sqlite',
    server: { dataDir: SQLITE_DIR, databaseUrl: '' },
    async query<Row>(text: string, values: unknown[] = []) {
      // `$1` as PostgreSQL numbers them, named `@p1` for better-sqlite3 (one may come twice).
      const statement = db.prepare(text.replace(/\$(\d+)/g, '@p$1'));
      const named = Object.fromEntries(values.map((value, i) => [`p${i + 1}`, value]));
      if (statement.reader) return statement.all(named) as Row[];
      statement.run(named);
      return [];
    },
    async close() {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

async function openPostgres(): Promise<BenchDatabase> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [NAME]);
  if (exists.rowCount && RESEED) await admin.query(`drop database ${NAME} with (force)`);
  if (!exists.rowCount || RESEED) await admin.query(`create database ${NAME}`);
  await admin.end();
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${NAME}`;
  const migrator = createDatabase({ dialect: 'postgres', connectionString: url.toString() });
  await migrateToLatest(migrator);
  await migrator.destroy();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    kind: 'postgres',
    server: { dataDir: SQLITE_DIR, databaseUrl: url.toString() },
    async query<Row>(text: string, values: unknown[] = []) {
      return (await client.query(text, values)).rows as Row[];
    },
    close: () => client.end(),
  };
}

const CERTIFICATE_COLUMNS = `id, organization_id, name, description, issue_date, expiry_date,
  reminder_days_before, department, incharge_person_id, created_by_user_id, assigner_id, status,
  remind_on, escalate_on, certificate_type_id, reminder_offsets, created_at, updated_at`;

/**
 * Certificates `from`..`to` of the organisation in one statement, each valid for the app:
 * in charge of the admin (so the export joins their email), expiring over the coming three
 * years with its reminder schedule (expiry − 30 days, escalation expiry + 31, as
 * certificateSchedule computes it), every fifth with a description that needs CSV quoting.
 * Ids are UUID-shaped and ascending, so the primary key grows at its end.
 */
function fillStatement(kind: DatabaseKind, orgIndex: number): string {
  const hex = orgIndex.toString(16).padStart(8, '0');
  if (kind === 'postgres') {
    const day = (offset: string) => `(date '2027-01-01' + (i % 1000) ${offset})::text`;
    return `insert into certificates (${CERTIFICATE_COLUMNS})
      select '${hex}-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), $1,
        'Certificate ' || i, case when i % 5 = 0 then 'Checked, "twice"' end, '2025-01-01',
        ${day('')}, 30, 'Dept ' || (i % 7), $2, $2, null, 'active',
        ${day('- 30')}, ${day('+ 31')}, null, null, $3, $3
      from generate_series($4::int, $5::int) as i`;
  }
  const day = (offset: number) => `date('2027-01-01', ((i % 1000) + ${offset}) || ' days')`;
  return `with recursive n(i) as (select $4 union all select i + 1 from n where i < $5)
    insert into certificates (${CERTIFICATE_COLUMNS})
    select printf('${hex}-0000-4000-8000-%012x', i), $1,
      'Certificate ' || i, case when i % 5 = 0 then 'Checked, "twice"' end, '2025-01-01',
      ${day(0)}, 30, 'Dept ' || (i % 7), $2, $2, null, 'active',
      ${day(-30)}, ${day(31)}, null, null, $3, $3
    from n`;
}

interface Session {
  token: string;
  user: { id: string; organization_id: string };
}

async function logIn(api: string, email: string): Promise<Session> {
  const response = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Session;
}

interface Organisation {
  size: number;
  token: string;
}

/** The admin of the organisation holding `size` certificates, signed up on the first run. */
async function organisationOf(
  db: BenchDatabase,
  api: string,
  size: number,
  orgIndex: number,
): Promise<Organisation> {
  const email = `export-${size}@bench.test`;
  const [held] = await db.query('select 1 from user_emails where email = $1', [email]);
  if (!held) {
    const { user } = await signUp(api, {
      email,
      password: PASSWORD,
      organization_name: `Export ${size}`,
    });
    // What following the sign-up's verification link does: the admin holds their address.
    await db.query(
      'insert into user_emails (email, organization_id, user_id) values ($1, $2, $3)',
      [email, user.organization_id, user.id],
    );
  }
  const { token, user: admin } = await logIn(api, email);
  const [{ n }] = await db.query<{ n: number | string }>(
    'select count(*) as n from certificates where organization_id = $1',
    [admin.organization_id],
  );
  const have = Number(n);
  if (have < size) {
    const began = performance.now();
    await db.query(fillStatement(db.kind, orgIndex), [
      admin.organization_id,
      admin.id,
      new Date().toISOString(),
      have + 1,
      size,
    ]);
    if (db.kind === 'postgres') await db.query('analyze certificates');
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    console.log(`${db.kind}: ${size - have} certificates written in ${seconds} s`);
  }
  return { size, token };
}

// ---------------------------------------------------------------- the download

interface Download {
  bytes: number;
  /** CSV: data lines; .xlsx: undefined (the zip's end record is checked instead). */
  rows?: number;
}

/** Downloads an export as a browser would, keeping nothing but counts. */
function download(api: string, token: string, format: 'csv' | 'xlsx'): Promise<Download> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${api}/certificates/export?format=${format}`,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`export ${format}: ${response.statusCode}`));
          response.resume();
          return;
        }
        let bytes = 0;
        let lines = 0;
        let tail = Buffer.alloc(0);
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (format === 'xlsx') tail = Buffer.concat([tail, chunk]).subarray(-22);
        });
        const encoding = response.headers['content-encoding'];
        const body =
          encoding === 'br'
            ? response.pipe(zlib.createBrotliDecompress())
            : encoding === 'gzip'
              ? response.pipe(zlib.createGunzip())
              : encoding === 'deflate'
                ? response.pipe(zlib.createInflate())
                : response;
        body.on('data', (chunk: Buffer) => {
          if (format === 'csv') for (const byte of chunk) if (byte === 10) lines += 1;
        });
        body.on('error', reject);
        body.on('end', () => {
          if (format === 'xlsx') {
            // The end of central directory record: the zip was written to its end.
            if (tail.readUInt32LE(0) !== 0x06054b50) reject(new Error('xlsx: no zip end record'));
            else resolve({ bytes });
          } else resolve({ bytes, rows: lines - 1 });
        });
      },
    );
    request.on('error', reject);
  });
}

// ---------------------------------------------------------------- the rounds

interface Step {
  database: DatabaseKind;
  /** `idle`, `csv` or `xlsx`. */
  step: string;
  rows: number;
  round: number;
  seconds: number;
  cpu: number;
  rss: { start: number; peak: number; end: number };
  bytes: number;
  load: string;
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim();

async function benchOne(kind: DatabaseKind, steps: Step[]): Promise<void> {
  const db = kind === 'sqlite' ? await openSqlite() : await openPostgres();
  const env = { SCHEDULER: 'off', JWT_SECRET: 'export-bench-secret-export-bench-secret' };
  let server: ApiServer | undefined = await startApi({ database: db.server, env });
  const organisations: Organisation[] = [];
  try {
    for (const [index, size] of SIZES.entries()) {
      organisations.push(await organisationOf(db, server.base, size, index + 1));
    }
    await db.close();
    // A fresh process for the measures: the sign-ups' memory is not the export's.
    await server.stop();
    server = await startApi({ database: db.server, env, nodeOptions: SERVER_NODE_OPTIONS });
    const pid = server.child.pid!;
    const api = server.base;
    // Warm-up: the first export of each format loads its modules and compiles its code.
    for (const format of FORMATS) await download(api, organisations[0].token, format);
    for (let round = 1; round <= RUNS; round += 1) {
      const idle = await measured(
        pid,
        () => new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000)),
      );
      steps.push({
        database: kind,
        step: 'idle',
        rows: 0,
        round,
        ...idle,
        bytes: 0,
        load: loadavg(),
      });
      for (const format of FORMATS) {
        for (const { size, token } of organisations) {
          const run = await measured(pid, () => download(api, token, format));
          if (run.result.rows !== undefined && run.result.rows !== size) {
            throw new Error(`${kind} ${format}: ${run.result.rows} rows, not ${size}`);
          }
          const step: Step = {
            database: kind,
            step: format,
            rows: size,
            round,
            seconds: run.seconds,
            cpu: run.cpu,
            rss: run.rss,
            bytes: run.result.bytes,
            load: loadavg(),
          };
          steps.push(step);
          console.log(
            `${kind} ${format} ${size} round ${round}: ${step.seconds.toFixed(1)} s, ` +
              `RSS ${step.rss.start} → ${step.rss.peak} MiB, load ${step.load.split(' ')[0]}`,
          );
        }
      }
    }
  } finally {
    await server?.stop();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `median (min–max)`. */
function spread(values: number[], digits: number): string {
  const f = (v: number) => v.toFixed(digits);
  return `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})`;
}

function report(steps: Step[]): void {
  console.log(
    '\ndatabase  step  rows       wall s              rows/s              CPU s               ' +
      'RSS start MiB       RSS peak MiB        growth MiB          MB sent',
  );
  const groups = new Map<string, Step[]>();
  for (const step of steps) {
    const key = `${step.database}|${step.step}|${step.rows}`;
    groups.set(key, [...(groups.get(key) ?? []), step]);
  }
  for (const group of groups.values()) {
    const { database, step, rows } = group[0];
    const column = (text: string) => text.padEnd(20);
    console.log(
      `${database.padEnd(9)} ${step.padEnd(5)} ${String(rows).padEnd(10)} ` +
        column(
          spread(
            group.map((s) => s.seconds),
            1,
          ),
        ) +
        column(
          rows
            ? spread(
                group.map((s) => rows / s.seconds),
                0,
              )
            : '-',
        ) +
        column(
          spread(
            group.map((s) => s.cpu),
            2,
          ),
        ) +
        column(
          spread(
            group.map((s) => s.rss.start),
            0,
          ),
        ) +
        column(
          spread(
            group.map((s) => s.rss.peak),
            0,
          ),
        ) +
        column(
          spread(
            group.map((s) => s.rss.peak - s.rss.start),
            1,
          ),
        ) +
        (rows ? (median(group.map((s) => s.bytes)) / 1e6).toFixed(2) : '-'),
    );
  }
}

async function main() {
  console.log(`/proc/loadavg at the start: ${loadavg()} (${os.cpus().length} cores)`);
  const steps: Step[] = [];
  for (const kind of DATABASES) await benchOne(kind, steps);
  report(steps);
  const end = loadavg();
  console.log(`\n/proc/loadavg at the end: ${end} (${os.cpus().length} cores)`);
  const dir = path.join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `export-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.json`),
    `${JSON.stringify({ sizes: SIZES, formats: FORMATS, runs: RUNS, acceptEncoding: ACCEPT_ENCODING, loadavg: end, steps }, null, 2)}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
