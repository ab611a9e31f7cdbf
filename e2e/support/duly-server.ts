import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { startTestSmtpServer, type TestSmtpServer } from '../../api/src/index';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** Fixed so a test can sign a token the server accepts, or one it must refuse. */
export const E2E_JWT_SECRET = 'duly-e2e-secret-0123456789-abcdefghijklmnop';

export type Database = 'sqlite' | 'postgres';

/** Where the server keeps its data, as the API's `createDatabase` takes it. */
export type DulyDatabase =
  { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; connectionString: string };

export interface DulyServer {
  baseURL: string;
  port: number;
  /** The server's database, for what the API cannot do yet (support/passwords.ts). */
  database: DulyDatabase;
  /** Its DATA_DIR (the database, the remotes' releases). */
  dataDir: string;
  /** The SMTP server its mail goes to (a real one, in this process): links are read from it. */
  mailbox: TestSmtpServer | undefined;
  /** Everything the server printed so far (start-up, logs, errors). */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  database?: Database;
  /** The port to listen on (default: a free one), for a PUBLIC_URL known before start. */
  port?: number;
  /** Extra environment (REMOTE_TASKS_URL, …). */
  env?: Record<string, string>;
  /**
   * Where its mail goes: a test's own SMTP server, else one started (and stopped) with the
   * server. (An SMTP_URL in `env` instead leaves the server without a mailbox here.)
   */
  mailbox?: TestSmtpServer;
  /** Extra options of `npm start` (`--demo`). */
  args?: string[];
}

/** Each running server's mailbox by its base URL (support/api.ts confirms sign-ups from it). */
const mailboxes = new Map<string, TestSmtpServer>();

/** The mailbox of the server at `baseURL`, if it was started here with one. */
export function mailboxOf(baseURL: string): TestSmtpServer | undefined {
  return mailboxes.get(baseURL.replace(/\/+$/, ''));
}

/** Settings the test machine may have that must not leak into a server under test. */
const INHERITED_SETTINGS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'JWT_SECRET',
  'TOKEN_TTL',
  'CORS_ORIGINS',
  'API_BASE_URL',
  'REMOTE_TASKS_URL',
  'REMOTE_CERTIFICATES_URL',
  'REMOTE_EMPLOYEES_URL',
  'REMOTE_TEAM_URL',
  'DULY_WEB_ROOT',
  'DULY_BENCH_PAGE_DIR',
  'DULY_SHELL_DIR',
  'SHELL_MANIFEST',
  'SMTP_URL',
  'MAIL_FROM',
  'PUBLIC_URL',
  'REMINDER_TIME',
  'SCHEDULER_INTERVAL_MS',
  'DULY_CLOCK_FILE',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A fresh, empty PostgreSQL database beside the one DATABASE_URL names; dropped by stop(). */
async function createPostgresDatabase(
  baseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `duly_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the product as `npm start` does (`node scripts/start.mjs`, less its build step) on a
 * free port of 127.0.0.1 with a fresh data folder (and a fresh PostgreSQL database when asked),
 * and resolves once it prints that it is running.
 */
export async function startDuly({
  database = 'sqlite',
  port: requestedPort,
  env = {},
  mailbox: givenMailbox,
  args = [],
}: StartOptions = {}): Promise<DulyServer> {
  const port = requestedPort ?? (await freePort());
  const ownMailbox = givenMailbox || env.SMTP_URL ? undefined : await startTestSmtpServer();
  const mailbox = givenMailbox ?? ownMailbox;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'duly-e2e-data-'));
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  if (database === 'postgres') {
    const baseUrl = process.env.DATABASE_URL;
    if (!baseUrl) throw new Error('The postgres project needs DATABASE_URL');
    postgres = await createPostgresDatabase(baseUrl);
  }

  const inherited = { ...process.env };
  for (const name of INHERITED_SETTINGS) delete inherited[name];
  // --no-build: the global setup built everything once; a build in the middle of the run would
  // change the files the other servers are serving.
  const script = [path.join(REPO_ROOT, 'scripts/start.mjs'), '--no-build', ...args];
  const child = spawn(process.execPath, script, {
    cwd: REPO_ROOT,
    // Its own process group, so stop() ends the server the script started too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: 'warn',
      // federation.spec.ts reads which packages each script bundles from its source map;
      // production serves none by default (api/src/web).
      DULY_SERVE_SOURCE_MAPS: 'on',
      // The links in its mails lead to the address the tests reach it on.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The reminders' job changes statuses when dates pass (a certificate a test sets expired
      // on a past date would become escalated under it): off unless a test asks for it with
      // `env: { SCHEDULER: 'on' }` (docs/reminders.md).
      SCHEDULER: 'off',
      // Every test signs up its own organisation, all from 127.0.0.1 (docs/accounts.md, "Limits").
      SIGNUP_LIMIT: '10000',
      // Some specs make many requests with one person's token in a minute.
      USER_REQUEST_LIMIT: '100000',
      // Webhook receivers the tests start listen on 127.0.0.1 (docs/integrations.md).
      WEBHOOKS_ALLOW_PRIVATE: '1',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...(mailbox ? { SMTP_URL: mailbox.url } : {}),
      ...env,
    },
  });

  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Duly is running on')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`The server exited (code ${code}) before it was ready:\n${output}`)),
    );
  });
  ready.catch(() => undefined); // observed below; a late exit after start-up is not an error here

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      const killer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
    mailboxes.delete(`http://127.0.0.1:${port}`);
    await ownMailbox?.close();
  };

  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`The server did not start within 120 s:\n${output}`)),
      120_000,
    ).unref(),
  );
  try {
    await Promise.race([ready, timeout]);
  } catch (error) {
    await stop();
    throw error;
  }
  const databaseOfServer: DulyDatabase = postgres
    ? { dialect: 'postgres', connectionString: postgres.url }
    : // The file the API opens in DATA_DIR (api/src/plugins/config.ts).
      { dialect: 'sqlite', filename: path.join(dataDir, 'duly.sqlite') };
  if (mailbox) mailboxes.set(`http://127.0.0.1:${port}`, mailbox);
  return {
    baseURL: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    database: databaseOfServer,
    mailbox,
    output: () => output,
    stop,
  };
}
