// PgBouncer in transaction mode (Debian's `pgbouncer`) in front of a PostgreSQL, for the test
// step that runs the API suite through it (scripts/test.mjs; docs/scaling.md, "Several
// instances"). Every database name goes to the same server, so each test file's fresh
// database is reached through the pooler too.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/** The pgbouncer binary, or undefined when the package is not installed. */
export function pgbouncerBinary() {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) {
    if (existsSync(path.join(dir, 'pgbouncer'))) return path.join(dir, 'pgbouncer');
  }
  return undefined;
}

/** PgBouncer's config: every database name to `server` (a URL), in transaction mode. */
export function pgbouncerConfig(server, { port, dir }) {
  const target = [
    `host=${server.hostname || '127.0.0.1'}`,
    `port=${server.port || 5432}`,
    `user=${decodeURIComponent(server.username || 'postgres')}`,
    server.password ? `password=${decodeURIComponent(server.password)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `[databases]
* = ${target}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
; Local use: PgBouncer logs in to PostgreSQL as the user above, whoever connects to it.
auth_type = any
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 20
; The pg driver sends these at connect; PgBouncer would refuse an unknown one.
ignore_startup_parameters = extra_float_digits,options
unix_socket_dir =
logfile = ${path.join(dir, 'pgbouncer.log')}
pidfile = ${path.join(dir, 'pgbouncer.pid')}
`;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function answers(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts PgBouncer in front of the PostgreSQL of `serverUrl`; resolves to
 * `{ url, adminUrl, stop() }`, `url` being `serverUrl` through the pooler and `adminUrl` its
 * admin console. PgBouncer refuses to run as root: it then runs as
 * the postgres user (or nobody).
 */
export async function startPgBouncer(serverUrl) {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'duly-pgbouncer-'));
  writeFileSync(path.join(dir, 'pgbouncer.ini'), pgbouncerConfig(server, { port, dir }));
  const asRoot = userInfo().uid === 0;
  const asUser = asRoot
    ? spawnSync('id', ['-u', 'postgres']).status === 0
      ? 'postgres'
      : 'nobody'
    : undefined;
  if (asUser) chownSync(dir, Number(spawnSync('id', ['-u', asUser]).stdout.toString().trim()), -1);
  const started = spawnSync(
    binary,
    ['-d', ...(asUser ? ['-u', asUser] : []), path.join(dir, 'pgbouncer.ini')],
    { stdio: 'inherit' },
  );
  const log = () =>
    existsSync(path.join(dir, 'pgbouncer.log'))
      ? readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8')
      : '';
  if (started.status !== 0) throw new Error(`pgbouncer did not start:\n${log()}`);
  const stop = () => {
    const pidFile = path.join(dir, 'pgbouncer.pid');
    try {
      if (existsSync(pidFile))
        process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGTERM');
    } catch {
      // Already gone.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let waited = 0; !(await answers(port)); waited += 100) {
    if (waited > 10_000) {
      const output = log();
      stop();
      throw new Error(`pgbouncer does not answer on port ${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const url = new URL(serverUrl);
  url.host = `127.0.0.1:${port}`;
  // The admin console (SHOW POOLS, SHOW CLIENTS): auth_type any lets any user in.
  const adminUrl = new URL(url);
  adminUrl.pathname = '/pgbouncer';
  return { url: url.toString(), adminUrl: adminUrl.toString(), stop };
}
