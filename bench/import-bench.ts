/**
 * The import and export at scale (issue 27; `npm run bench:import`). Not part of `npm test`.
 *
 * For each database (SQLite in a temporary DATA_DIR; PostgreSQL in a fresh
 * `duly_import_bench_<random>` database at DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped
 * afterwards) it starts the API as `npm start` does (one process, so the memory read is the
 * server's own), signs up, imports BENCH_PEOPLE people (500), then a BENCH_ROWS-row (50,000)
 * certificates CSV: the preview (dry run), then the apply of that preview, each timed from the
 * upload to `status: done`, while the server's resident memory (VmRSS) is sampled every 50 ms.
 * Targets (issue 27): under 60 s and under 300 MB resident each.
 *
 * Then, on SQLite (BENCH_EXPORT_DATABASES=sqlite,postgres for both), for each size of
 * BENCH_EXPORT_ROWS (1000000; `10000,1000000` compares two) the certificates are copied inside
 * the database up to that size and GET /certificates/export streams them as CSV: the time, the
 * bytes and rows received, and the server's RSS at the start, its peak and at the end (a
 * streamed export keeps it flat, whatever the size).
 *
 * BENCH_BASELINE=<git ref> (`main`): that version's API is measured too, on a database of its
 * own, before this tree's on each database (an A/B in one run; its rows are labelled with the
 * ref). BENCH_CPU_PROF=<dir>: this tree's API writes a V8 CPU profile there when it stops
 * (`npx tsx bench/cpu-profile-summary.ts <file>`).
 *
 * Every step also reports the server's CPU time (user + system, from /proc/<pid>/stat: less
 * noisy than the wall clock on a shared machine) and the 1-minute load average when it ended.
 * Prints a table and `/proc/loadavg`; writes bench/results/import-<date>.json.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  freshDatabase,
  signUp as signUpAdmin,
  startApi,
  type FreshDatabase,
} from '../api/test/server-process';
import { exportBaseline } from './baseline';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 500);
const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
/** The list's sizes to export at, smallest first (`10000,1000000`: memory flat from one to the other). */
const EXPORT_ROWS = (process.env.BENCH_EXPORT_ROWS ?? '1000000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const EXPORT_DATABASES = (process.env.BENCH_EXPORT_DATABASES ?? 'sqlite').split(',');
const BASELINE_REF = process.env.BENCH_BASELINE;
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;
const SAMPLE_MS = 50;
/** /proc's clock ticks per second (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/** The process's resident memory (VmRSS), in MiB. */
function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return Math.round((kib / 1024) * 10) / 10;
}

/** CPU time the process has used so far, user + system, in seconds (/proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's `(…)`: utime and stime are the 12th and 13th of them.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * Samples the server's RSS while `work` runs: its value at the start, peak and end; and the
 * server's CPU time (user + system) spent meanwhile, less noisy than the wall clock on a
 * machine others share.
 */
async function measured<T>(pid: number, work: () => Promise<T>) {
  const cpuBefore = cpuSeconds(pid);
  const start = residentMiB(pid);
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMiB(pid));
  }, SAMPLE_MS);
  const began = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - began) / 1000;
    const end = residentMiB(pid);
    const cpu = Math.round((cpuSeconds(pid) - cpuBefore) * 10) / 10;
    return { result, seconds, cpu, rss: { start, peak: Math.max(peak, end), end } };
  } finally {
    clearInterval(timer);
  }
}

interface ImportAnswer {
  id: string;
  status: string;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  error?: string;
}

/** Uploads a file and polls GET /imports/{id} until the job ends. */
async function runImport(
  api: string,
  token: string,
  fields: Record<string, string>,
  name: string,
  csv: string,
): Promise<ImportAnswer> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([csv], { type: 'text/csv' }), name);
  const response = await fetch(`${api}/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 202) {
    throw new Error(`POST /imports: ${response.status} ${await response.text()}`);
  }
  const { id } = (await response.json()) as { id: string };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const current = await fetch(`${api}/imports/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await current.json()) as ImportAnswer;
    if (body.status === 'done' || body.status === 'failed') return body;
  }
}

async function signUp(api: string): Promise<string> {
  return (await signUpAdmin(api, { organization_name: 'Import Bench' })).token;
}

const personEmail = (i: number) => `person${i}@bench.test`;

function peopleCsv(): string {
  const lines = ['email,first_name,last_name,department'];
  for (let i = 0; i < PEOPLE; i += 1)
    lines.push(`${personEmail(i)},Person${i},Bench,Dept ${i % 7}`);
  return `${lines.join('\n')}\n`;
}

/** Every certificate a distinct (person, name); dd/MM/yyyy dates, as a spreadsheet has them. */
function certificatesCsv(): string {
  const lines = ['Certificate name;Person in charge;Issued;Expires;Reminder days;Department'];
  for (let i = 0; i < ROWS; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    lines.push(
      `Certificate ${i};${personEmail(i % PEOPLE)};${day}/${month}/2025;${day}/${month}/${2027 + (i % 3)};30;Dept ${i % 7}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Copies the certificates inside the database until there are `target`. */
async function growCertificates(database: FreshDatabase, target: number): Promise<number> {
  const columns = [
    'organization_id',
    'name',
    'description',
    'issue_date',
    'expiry_date',
    'reminder_days_before',
    'department',
    'incharge_person_id',
    'created_by_user_id',
    'assigner_id',
    'status',
    'remind_on',
    'escalate_on',
    'certificate_type_id',
    'reminder_offsets',
    'created_at',
    'updated_at',
  ];
  const list = columns.join(', ');
  if (database.kind === 'sqlite') {
    const db = new Database(path.join(database.dataDir, 'duly.sqlite'));
    db.pragma('busy_timeout = 10000');
    // The bench's own writes need no durability; the log is folded back after each copy.
    db.pragma('synchronous = OFF');
    const count = () =>
      (db.prepare('select count(*) as n from certificates').get() as { n: number }).n;
    for (let copy = 1; count() < target; copy += 1) {
      const missing = target - count();
      db.prepare(
        `insert into certificates (id, ${list.replace('name,', '')}, name)
         select lower(hex(randomblob(16))), ${list.replace('name,', '')}, name || ' copy ${copy}'
         from certificates where name not like '% copy %' limit ${missing}`,
      ).run();
      db.pragma('wal_checkpoint(TRUNCATE)');
    }
    const total = count();
    db.close();
    return total;
  }
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  const count = async () =>
    Number((await client.query('select count(*) as n from certificates')).rows[0].n);
  for (let copy = 1; (await count()) < target; copy += 1) {
    const missing = target - (await count());
    await client.query(
      `insert into certificates (id, ${list.replace('name,', '')}, name)
       select gen_random_uuid()::text, ${list.replace('name,', '')}, name || ' copy ${copy}'
       from certificates where name not like '% copy %' limit ${missing}`,
    );
  }
  await client.query('analyze certificates');
  const total = await count();
  await client.end();
  return total;
}

/** Streams the export, counting bytes and lines without keeping them. */
async function streamExport(api: string, token: string) {
  const response = await fetch(`${api}/certificates/export?format=csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
  let bytes = 0;
  let lines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const byte of value) if (byte === 10) lines += 1;
  }
  return { bytes, rows: lines - 1 };
}

interface Result {
  database: string;
  step: string;
  rows: number;
  seconds: number;
  /** The server's CPU time (user + system) during the step, in seconds. */
  cpu: number;
  rss: { start: number; peak: number; end: number };
  outcome: string;
  /** The 1-minute load average when the step ended (other work on the machine counts). */
  load: number;
}

/** Keeps a step's result, and prints it at once (a run cut short still tells what it measured). */
function record(results: Result[], result: Result): void {
  results.push(result);
  console.log(
    `${result.database} ${result.step}: ${result.seconds.toFixed(1)} s, CPU ${result.cpu} s, ` +
      `RSS ${result.rss.start} / ${result.rss.peak} / ${result.rss.end} MiB, load ${result.load}`,
  );
}

const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** `apiRoot`: another version's tree (BENCH_BASELINE), labelled `version`; this tree's by default. */
async function benchOne(
  kind: 'sqlite' | 'postgres',
  results: Result[],
  version?: { label: string; apiRoot: string },
): Promise<void> {
  const database = await freshDatabase(kind, 'duly-import-bench');
  const server = await startApi({
    database,
    env: { IMPORT_MAX_ROWS: String(Math.max(ROWS, PEOPLE)) },
    ...(version
      ? { apiDir: path.join(version.apiRoot, 'api') }
      : CPU_PROFILE_DIR
        ? { nodeOptions: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] }
        : {}),
  });
  const api = server.base;
  try {
    const pid = server.child.pid!;
    const token = await signUp(api);
    const people = await measured(pid, () =>
      runImport(api, token, { kind: 'employees' }, 'people.csv', peopleCsv()),
    );
    if (people.result.created !== PEOPLE) throw new Error(`people: ${JSON.stringify(people)}`);
    record(results, {
      database: version ? `${kind} (${version.label})` : kind,
      step: 'employees import',
      rows: PEOPLE,
      seconds: people.seconds,
      cpu: people.cpu,
      rss: people.rss,
      load: loadAverage(),
      outcome: `${people.result.status}: ${people.result.created} created`,
    });
    const csv = certificatesCsv();
    console.log(
      `${kind}: ${ROWS} certificate rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB`,
    );

    const preview = await measured(pid, () =>
      runImport(
        api,
        token,
        { kind: 'certificates', mode: 'upsert', dry_run: 'true' },
        'certificates.csv',
        csv,
      ),
    );
    const p = preview.result;
    record(results, {
      database: version ? `${kind} (${version.label})` : kind,
      step: 'import preview',
      rows: ROWS,
      seconds: preview.seconds,
      cpu: preview.cpu,
      rss: preview.rss,
      load: loadAverage(),
      outcome: `${p.status}: ${p.created} create, ${p.failed} error${p.error ? ` (${p.error})` : ''}`,
    });
    const apply = await measured(pid, () =>
      runImport(
        api,
        token,
        { kind: 'certificates', mode: 'upsert', preview_id: p.id },
        'certificates.csv',
        csv,
      ),
    );
    const a = apply.result;
    record(results, {
      database: version ? `${kind} (${version.label})` : kind,
      step: 'import apply',
      rows: ROWS,
      seconds: apply.seconds,
      cpu: apply.cpu,
      rss: apply.rss,
      load: loadAverage(),
      outcome: `${a.status}: ${a.created} created, ${a.failed} failed${a.error ? ` (${a.error})` : ''}`,
    });
    console.log(
      `${kind}: preview ${preview.seconds.toFixed(1)} s, apply ${apply.seconds.toFixed(1)} s`,
    );

    for (const size of EXPORT_DATABASES.includes(kind) ? EXPORT_ROWS : []) {
      // A size below what the import left is exported as it is (the list only grows).
      const grown = await measured(pid, () => growCertificates(database, size));
      console.log(
        `${kind}: ${grown.result} certificates (copied in ${grown.seconds.toFixed(1)} s)`,
      );
      const exported = await measured(pid, () => streamExport(api, token));
      record(results, {
        database: version ? `${kind} (${version.label})` : kind,
        step: 'export CSV (streamed)',
        rows: exported.result.rows,
        seconds: exported.seconds,
        cpu: exported.cpu,
        rss: exported.rss,
        outcome: `${(exported.result.bytes / 1024 / 1024).toFixed(0)} MB received`,
        load: loadAverage(),
      });
    }
  } finally {
    await server.stop();
    await database.drop();
  }
}

async function main() {
  const results: Result[] = [];
  const baselineRoot = BASELINE_REF ? exportBaseline(BASELINE_REF) : undefined;
  try {
    for (const kind of DATABASES as ('sqlite' | 'postgres')[]) {
      if (baselineRoot) {
        await benchOne(kind, results, { label: BASELINE_REF!, apiRoot: baselineRoot });
      }
      await benchOne(kind, results);
    }
  } finally {
    if (baselineRoot) rmSync(baselineRoot, { recursive: true, force: true });
  }
  const loadavg = readFileSync('/proc/loadavg', 'utf8').trim();
  console.log('');
  console.log(
    'database         step                    rows       time (s)  CPU (s)  load  RSS start / peak / end (MiB)  outcome',
  );
  for (const r of results) {
    console.log(
      `${r.database.padEnd(16)} ${r.step.padEnd(23)} ${String(r.rows).padEnd(10)} ${r.seconds
        .toFixed(1)
        .padStart(
          8,
        )}  ${r.cpu.toFixed(1).padStart(7)}  ${r.load.toFixed(2).padStart(4)}  ${`${r.rss.start} / ${r.rss.peak} / ${r.rss.end}`.padEnd(29)} ${r.outcome}`,
    );
  }
  const imports = results.filter((r) => r.step.startsWith('import '));
  const met = imports.every((r) => r.seconds < 60 && r.rss.peak < 300);
  console.log(`\nTargets (import under 60 s and 300 MB resident): ${met ? 'met' : 'MISSED'}`);
  console.log(`/proc/loadavg: ${loadavg} (${os.cpus().length} cores)`);
  const dir = path.join(__dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `import-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.json`),
    `${JSON.stringify({ rows: ROWS, exportRows: EXPORT_ROWS, loadavg, results }, null, 2)}\n`,
  );
  if (!met) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
