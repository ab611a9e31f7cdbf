/**
 * The import at scale (issue 27; `npm run bench:import`). Not part of `npm test`. The export's
 * bench is bench/export-bench.ts (`npm run bench:export`).
 *
 * For each database (SQLite in a temporary DATA_DIR; PostgreSQL in a fresh
 * `duly_import_bench_<random>` database at DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped
 * afterwards) it starts the API as `npm start` does (one process, so the memory read is the
 * server's own), signs up, imports BENCH_PEOPLE people (500), then a BENCH_ROWS-row (50,000)
 * certificates CSV: the preview (dry run), then the apply of that preview, each timed from the
 * upload to `status: done`, while the server's resident memory (VmRSS) is sampled every 50 ms.
 * Targets (issue 27): under 60 s and under 300 MB resident each.
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
import { freshDatabase, signUp as signUpAdmin, startApi } from '../api/test/server-process';
import { exportBaseline } from './baseline';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 500);
const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
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
    `${JSON.stringify({ rows: ROWS, loadavg, results }, null, 2)}\n`,
  );
  if (!met) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
