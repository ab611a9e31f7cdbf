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
 * Then, on SQLite (BENCH_EXPORT_DATABASES=sqlite,postgres for both), the certificates are
 * copied inside the database up to BENCH_EXPORT_ROWS (1,000,000) and GET /certificates/export
 * streams them as CSV: the time, the bytes and rows received, and the server's RSS at the
 * start, its peak and at the end (a streamed export keeps it flat).
 *
 * Prints a table and `/proc/loadavg`; writes bench/results/import-<date>.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 500);
const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const EXPORT_DATABASES = (process.env.BENCH_EXPORT_DATABASES ?? 'sqlite').split(',');
const SAMPLE_MS = 50;

/** The process's resident memory (VmRSS), in MiB. */
function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return Math.round((kib / 1024) * 10) / 10;
}

/** Samples the server's RSS while `work` runs: its value at the start, peak and end. */
async function measured<T>(pid: number, work: () => Promise<T>) {
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
    return { result, seconds, rss: { start, peak: Math.max(peak, end), end } };
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
  rss: { start: number; peak: number; end: number };
  outcome: string;
}

async function benchOne(kind: 'sqlite' | 'postgres', results: Result[]): Promise<void> {
  const database = await freshDatabase(kind, 'duly-import-bench');
  const server = await startApi({
    database,
    env: { IMPORT_MAX_ROWS: String(Math.max(ROWS, PEOPLE)) },
  });
  const api = server.base;
  try {
    const pid = server.child.pid!;
    const token = await signUp(api);
    const people = await runImport(api, token, { kind: 'employees' }, 'people.csv', peopleCsv());
    if (people.created !== PEOPLE) throw new Error(`people: ${JSON.stringify(people)}`);
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
    results.push({
      database: kind,
      step: 'import preview',
      rows: ROWS,
      seconds: preview.seconds,
      rss: preview.rss,
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
    results.push({
      database: kind,
      step: 'import apply',
      rows: ROWS,
      seconds: apply.seconds,
      rss: apply.rss,
      outcome: `${a.status}: ${a.created} created, ${a.failed} failed${a.error ? ` (${a.error})` : ''}`,
    });
    console.log(
      `${kind}: preview ${preview.seconds.toFixed(1)} s, apply ${apply.seconds.toFixed(1)} s`,
    );

    if (EXPORT_DATABASES.includes(kind)) {
      const grown = await measured(pid, () => growCertificates(database, EXPORT_ROWS));
      console.log(
        `${kind}: ${grown.result} certificates (copied in ${grown.seconds.toFixed(1)} s)`,
      );
      const exported = await measured(pid, () => streamExport(api, token));
      results.push({
        database: kind,
        step: 'export CSV (streamed)',
        rows: exported.result.rows,
        seconds: exported.seconds,
        rss: exported.rss,
        outcome: `${(exported.result.bytes / 1024 / 1024).toFixed(0)} MB received`,
      });
    }
  } finally {
    await server.stop();
    await database.drop();
  }
}

async function main() {
  const results: Result[] = [];
  for (const kind of DATABASES as ('sqlite' | 'postgres')[]) await benchOne(kind, results);
  const loadavg = readFileSync('/proc/loadavg', 'utf8').trim();
  console.log('');
  console.log(
    'database  step                    rows       time (s)  RSS start / peak / end (MiB)  outcome',
  );
  for (const r of results) {
    console.log(
      `${r.database.padEnd(9)} ${r.step.padEnd(23)} ${String(r.rows).padEnd(10)} ${r.seconds
        .toFixed(1)
        .padStart(8)}  ${`${r.rss.start} / ${r.rss.peak} / ${r.rss.end}`.padEnd(29)} ${r.outcome}`,
    );
  }
  const imports = results.filter((r) => r.step.startsWith('import'));
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
