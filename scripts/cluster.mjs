#!/usr/bin/env node
// `npm run cluster`: Duly as several instances behind a load balancer, for anyone to try
// (issue 31; docs/scaling.md, "Several instances"). Starts
//   - PgBouncer in transaction mode (Debian's `pgbouncer`) in front of the PostgreSQL of
//     DATABASE_URL (default postgres://postgres@127.0.0.1:5432/duly_cluster, created if missing),
//   - three API instances (CLUSTER_INSTANCES) on the ports after CLUSTER_PORT, each with
//     DATABASE_URL through PgBouncer, DATABASE_POOLING=transaction (no named statements) and
//     DATABASE_DIRECT_URL to PostgreSQL itself (each instance's one LISTEN connection),
//   - nginx (Debian's `nginx-light`) on CLUSTER_PORT (8080) spreading requests over them, with
//     the live-updates streams unbuffered.
// Installs pgbouncer and nginx with apt-get when they are missing and this runs as root (as
// .ci/run installs its tools); otherwise says what to install. Ctrl-C stops everything.
// Everything it writes (configs, logs, the shared DATA_DIR) is under CLUSTER_DIR
// (a folder in the system's temporary directory by default). Docker users: docker-compose.yml.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pgbouncerConfig } from './pgbouncer.mjs';
import {
  buildStalePackages,
  probeUrl,
  releaseBuiltShell,
  startServer,
  waitUntilServing,
} from './start.mjs';

const env = process.env;
const PORT = Number(env.CLUSTER_PORT || 8080);
const INSTANCES = Number(env.CLUSTER_INSTANCES || 3);
const BOUNCER_PORT = Number(env.CLUSTER_PGBOUNCER_PORT || 6432);
const DIR = path.resolve(env.CLUSTER_DIR || path.join(tmpdir(), `duly-cluster-${PORT}`));
const DATABASE_URL = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/duly_cluster';

const children = [];
let stopping = false;

function log(line) {
  console.log(`[cluster] ${line}`);
}

function which(binary) {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']) {
    if (existsSync(path.join(dir, binary))) return path.join(dir, binary);
  }
  const found = spawnSync('sh', ['-c', `command -v ${binary}`])
    .stdout.toString()
    .trim();
  return found || undefined;
}

/** pgbouncer and nginx, installed from Debian's packages when missing and allowed. */
function ensureTools() {
  const missing = [
    ['pgbouncer', 'pgbouncer'],
    ['nginx', 'nginx-light'],
  ].filter(([binary]) => !which(binary));
  if (missing.length === 0) return;
  const packages = missing.map(([, pkg]) => pkg);
  if (userInfo().uid !== 0 || !which('apt-get')) {
    throw new Error(
      `Install ${packages.join(' and ')} first (apt-get install ${packages.join(' ')}).`,
    );
  }
  log(`Installing ${packages.join(', ')} (apt-get)…`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  let result = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: aptEnv,
  });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
    result = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: 'inherit',
      env: aptEnv,
    });
  }
  if (result.status !== 0) throw new Error(`apt-get install ${packages.join(' ')} failed`);
}

/** nginx's config: round robin over the instances; the live-updates streams unbuffered. */
function nginxConfig(ports) {
  const temp = (name) => path.join(DIR, 'nginx-temp', name);
  return `worker_processes 1;
daemon off;
pid ${path.join(DIR, 'nginx.pid')};
error_log ${path.join(DIR, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size 50m;
  upstream duly {
${ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${PORT};
    location / {
      proxy_pass http://duly;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
    }
    # Live updates (docs/live.md): no buffering (the API also says X-Accel-Buffering: no), and
    # longer than the 25 s heartbeat between two reads.
    location /api/v1/events {
      proxy_pass http://duly;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

function track(name, child) {
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      log(`${name} stopped (${signal ?? `exit ${code}`}); stopping the cluster`);
      stop(1);
    }
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  const pgbouncerPid = path.join(DIR, 'pgbouncer.pid');
  if (existsSync(pgbouncerPid)) {
    try {
      process.kill(Number(readFileSync(pgbouncerPid, 'utf8').trim()), 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(code), 1500).unref();
}

/** Creates the database of DATABASE_URL when it does not exist yet (through the server's `postgres`). */
async function ensureDatabase(server, database) {
  const admin = new URL(server);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      database,
    ]);
    if (rowCount === 0) {
      await client.query(`create database "${database.replace(/"/g, '""')}"`);
      log(`Created the database ${database}`);
    }
  } finally {
    await client.end();
  }
}

async function main() {
  ensureTools();
  mkdirSync(path.join(DIR, 'data'), { recursive: true });
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(DIR, 'nginx-temp', name), { recursive: true });
  }
  const server = new URL(DATABASE_URL);
  const database = decodeURIComponent(server.pathname.replace(/^\//, '')) || 'postgres';
  await ensureDatabase(server, database);

  // PgBouncer refuses to run as root: it then runs as the postgres user (or nobody).
  writeFileSync(
    path.join(DIR, 'pgbouncer.ini'),
    pgbouncerConfig(server, { port: BOUNCER_PORT, dir: DIR }),
  );
  const asUser = userInfo().uid === 0 ? (which('psql') ? 'postgres' : 'nobody') : undefined;
  if (asUser) {
    const id = spawnSync('id', ['-u', asUser]).stdout.toString().trim();
    if (id) chownSync(DIR, Number(id), -1);
  }
  const bouncer = spawnSync(
    which('pgbouncer'),
    ['-d', ...(asUser ? ['-u', asUser] : []), path.join(DIR, 'pgbouncer.ini')],
    { stdio: 'inherit' },
  );
  if (bouncer.status !== 0) throw new Error(`pgbouncer did not start (see ${DIR}/pgbouncer.log)`);
  log(`PgBouncer (transaction mode) on 127.0.0.1:${BOUNCER_PORT} → ${server.host}`);

  try {
    releaseBuiltShell({
      built: buildStalePackages(),
      env: { ...env, DATA_DIR: path.join(DIR, 'data') },
    });
  } catch (error) {
    console.error(`\n${error.message}: fix the build above, then run npm run cluster again.`);
    stop(1);
    return;
  }

  const pooled = new URL(`postgres://127.0.0.1:${BOUNCER_PORT}/${database}`);
  pooled.username = server.username || 'postgres';
  const secretFile = path.join(DIR, 'jwt-secret');
  if (!existsSync(secretFile))
    writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  const ports = Array.from({ length: INSTANCES }, (_, index) => PORT + 1 + index);
  for (const [index, port] of ports.entries()) {
    const child = track(
      `instance ${index + 1}`,
      startServer({
        args: ['--no-build'],
        env: {
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(DIR, 'data'),
          DATABASE_URL: pooled.toString(),
          DATABASE_POOLING: 'transaction',
          DATABASE_DIRECT_URL: DATABASE_URL,
          JWT_SECRET: env.JWT_SECRET || readFileSync(secretFile, 'utf8'),
          TRUST_PROXY: '127.0.0.1',
          PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${PORT}`,
          LOG_FORMAT: 'json',
          LOG_LEVEL: env.LOG_LEVEL || 'warn',
          // One instance sends the reminders at a time anyway (a lease); the others need not try.
          SCHEDULER: index === 0 ? env.SCHEDULER || 'on' : 'off',
        },
      }),
    );
    // The first one migrates the database; the others start once it answers.
    await waitUntilServing(probeUrl('127.0.0.1', port), child);
    log(`instance ${index + 1} on 127.0.0.1:${port}`);
  }

  writeFileSync(path.join(DIR, 'nginx.conf'), nginxConfig(ports));
  track(
    'nginx',
    spawn(which('nginx'), ['-c', path.join(DIR, 'nginx.conf'), '-p', DIR], { stdio: 'inherit' }),
  );
  await waitUntilServing(probeUrl('127.0.0.1', PORT), children.at(-1));
  log(
    `Duly is running on http://localhost:${PORT} (${INSTANCES} instances behind nginx; files in ${DIR})`,
  );
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
main().catch((error) => {
  console.error(`[cluster] ${error.message}`);
  stop(1);
});
