/**
 * The API as `npm start -w api` runs it (src/server.ts, a child process), for the tests that
 * need a real process (start-up, shutdown, being killed) and for the benchmarks (bench/), which
 * share this start-up (issue 25): a free port, a fresh database (a SQLite file, or a PostgreSQL
 * database created and dropped), ready once /health answers, a signed-up organisation, stopped.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseSettings } from '../src/db/connection';
import { startupDiagnostics } from './startup-diagnostics';

export const API_DIR = path.resolve(__dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs = 20_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const startedAt = Date.now();
    // The last lines are what tell why a start-up stalled; a long log would bury them.
    const tail = () => (output.length > 4_000 ? `...${output.slice(-4_000)}` : output);
    let settled = false;
    const timer = setTimeout(() => {
      const load = os.loadavg().map((value) => value.toFixed(1));
      const message =
        `Timed out after ${Date.now() - startedAt} ms waiting for ${pattern} ` +
        `(process ${child.pid} still running, load ${load.join(' ')}); output:\n${tail()}`;
      // What the databases were doing: a start-up waiting on a lock or a pool says so there.
      void startupDiagnostics().then((diagnostics) => {
        if (!settled) reject(new Error(`${message}\n${diagnostics}`));
        settled = true;
      });
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!settled && pattern.test(output)) {
        settled = true;
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!settled)
        reject(new Error(`The server exited (${code}) before ${pattern}; output:\n${tail()}`));
      settled = true;
    });
  });
}

export interface SpawnOptions {
  /** The api/ folder to run: another version's for an A/B (bench/baseline.ts); this one's by default. */
  apiDir?: string;
  /** Node options before the script, such as `--cpu-prof`. */
  nodeOptions?: string[];
  /** Piped by default, for waitForOutput; a bench that reads nothing must not pipe stdout. */
  stdio?: StdioOptions;
}

/**
 * Starts src/server.ts with `env` added to this process's environment. Through node's
 * `--import tsx` rather than the tsx command, which runs the server in a second process:
 * the child here is the server itself, so a SIGKILL kills the server, not a wrapper, and a
 * bench measures the server's own memory and CPU profile.
 */
export function spawnServer(env: NodeJS.ProcessEnv, options: SpawnOptions = {}): ChildProcess {
  // DULY_STARTUP_TRACE: a line per start-up step (server.ts), so that a start that stalls shows
  // where in the timeout's output.
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    DULY_STARTUP_TRACE: '1',
    ...env,
  };
  const args = [...(options.nodeOptions ?? []), '--import', 'tsx', 'src/server.ts'];
  return spawn(process.execPath, args, {
    cwd: options.apiDir ?? API_DIR,
    env: merged,
    stdio: options.stdio ?? 'pipe',
  });
}

/** Starts the server and waits until it listens. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawnServer(env);
  await waitForOutput(child, /listening on http:\/\/\S+/);
  return child;
}

/** Waits until `url` answers 2xx (an API's /health); fails at once if the server exits. */
export async function waitUntilAnswers(
  url: string,
  child: ChildProcess,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${url} did not answer within ${timeoutMs / 1000} s\n${await startupDiagnostics()}`,
  );
}

/** SIGTERM, then waits for the exit (at once if it has ended already, by a code or a signal). */
export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------- a fresh database

export type DatabaseKind = 'sqlite' | 'postgres';

export interface FreshDatabase {
  kind: DatabaseKind;
  label: 'SQLite' | 'PostgreSQL';
  /** A new temporary DATA_DIR: documents, and SQLite's `duly.sqlite`. */
  dataDir: string;
  /** DATABASE_URL for a server on it: '' for SQLite (the file in `dataDir`). */
  databaseUrl: string;
  /** For createDatabase in this process (a bench's seed). */
  settings: DatabaseSettings;
  /** Drops the PostgreSQL database and removes `dataDir`. */
  drop(): Promise<void>;
}

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The PostgreSQL server's admin URL: DATABASE_URL, or the local default. */
export const postgresAdminUrl = (): string => process.env.DATABASE_URL || DEFAULT_POSTGRES;

async function onPostgres<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database of `kind` (the server migrates it as it starts): a SQLite file in a
 * new temporary folder, or `<prefix>_<random>` created on the PostgreSQL server at `adminUrl`.
 */
export async function freshDatabase(
  kind: DatabaseKind,
  prefix = 'duly-bench',
  adminUrl = postgresAdminUrl(),
): Promise<FreshDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') {
    return {
      kind,
      label: 'SQLite',
      dataDir,
      databaseUrl: '',
      settings: { dialect: 'sqlite', filename: path.join(dataDir, 'duly.sqlite') },
      drop: async () => removeDataDir(),
    };
  }
  const name = `${prefix.replace(/\W/g, '_')}_${randomBytes(5).toString('hex')}`;
  await onPostgres(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    label: 'PostgreSQL',
    dataDir,
    databaseUrl: url.toString(),
    settings: { dialect: 'postgres', connectionString: url.toString() },
    async drop() {
      await onPostgres(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
      removeDataDir();
    },
  };
}

// ---------------------------------------------------------------- a server on it

export interface ApiServer {
  /** `http://127.0.0.1:<port>/api/v1` */
  base: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface ApiOptions extends SpawnOptions {
  database: Pick<FreshDatabase, 'dataDir' | 'databaseUrl'>;
  /** Added last: RESPONSE_CACHE, SCHEDULER, a shared JWT_SECRET, … */
  env?: NodeJS.ProcessEnv;
  readyWithinMs?: number;
}

/**
 * The API on `database`, on a free port of 127.0.0.1, once /health answers. Its request limit
 * per user is counted but never reached (a bench sends far more than a person), its output is
 * dropped but for errors on stderr, and it stops by SIGTERM (`stop`).
 */
export async function startApi(options: ApiOptions): Promise<ApiServer> {
  const port = await freePort();
  const child = spawnServer(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.database.dataDir,
      DATABASE_URL: options.database.databaseUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      USER_REQUEST_LIMIT: '1000000000',
      ...options.env,
    },
    { stdio: ['ignore', 'ignore', 'inherit'], ...options },
  );
  const base = `http://127.0.0.1:${port}/api/v1`;
  try {
    await waitUntilAnswers(`${base}/health`, child, options.readyWithinMs);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return { base, port, child, stop: () => stopServer(child) };
}

// ---------------------------------------------------------------- signing up and in

export interface SignedUp {
  token: string;
  email: string;
  password: string;
  user: { id: string; organization_id: string; role: string; email: string };
}

async function postJson<T>(url: string, body: unknown, expected: number): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== expected) {
    throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** Signs up a new organisation (a unique admin email unless one is given); its admin's token. */
export async function signUp(
  base: string,
  fields: { email?: string; password?: string; name?: string; organization_name?: string } = {},
): Promise<SignedUp> {
  const email = fields.email ?? `admin-${randomBytes(4).toString('hex')}@bench.test`;
  const password = fields.password ?? 'bench-password-1';
  const answer = await postJson<Omit<SignedUp, 'email' | 'password'>>(
    `${base}/auth/signup`,
    {
      email,
      password,
      name: fields.name ?? 'Bench Admin',
      organization_name: fields.organization_name ?? 'Bench Org',
    },
    201,
  );
  return { ...answer, email, password };
}

/** Signs in; the token. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  return (await postJson<{ token: string }>(`${base}/auth/login`, { email, password }, 200)).token;
}
