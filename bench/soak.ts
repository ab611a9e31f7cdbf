/**
 * Soak test (`npm run soak`): a bounded load on the real server, to show it stays correct and
 * its memory flat under a long mix of reads and writes. Not part of `npm test`.
 *
 * Starts the API as `npm start` does (one process: node --import tsx src/server.ts, so the
 * memory read is the server's own), creates ORGANISATIONS organisations through the API
 * (sign-up, employees, tasks, certificates), then drives it with autocannon for SOAK_DURATION
 * seconds (60) over SOAK_CONNECTIONS connections (100). Every request picks an organisation at
 * random and, by weight, one of: the task, certificate and employee lists, a task, the
 * dashboard (reads, 80 %), or a new task, a status change, a certificate change (writes, 20 %).
 *
 * Prints requests/s, p50/p99 latency, errors (socket errors, timeouts and every answer that is
 * not 2xx: all must be 0) and the server's resident memory before the load, every 10 s during
 * it and at the end. Exits 1 when there was any error. SQLite by default (a temporary
 * DATA_DIR); PostgreSQL when DATABASE_URL is set (a fresh `duly_soak_<random>` database there,
 * dropped afterwards). Results are also written to bench/results/.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase, signUp, startApi } from '../api/test/server-process';

// autocannon ships no types; these are the parts used here.
interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: { setupRequest: (request: RawRequest) => RawRequest }[];
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
const autocannon = createRequire(__filename)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

const DURATION_S = Number(process.env.SOAK_DURATION ?? 60);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 100);
const ORGANISATIONS = 5;
const EMPLOYEES_EACH = 10;
const TASKS_EACH = 200;
const CERTIFICATES_EACH = 50;
const MEMORY_SAMPLE_S = 10;

/** The server's resident memory (VmRSS), in MiB. */
function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return Math.round((kib / 1024) * 10) / 10;
}

// ---------------------------------------------------------------- seed, through the API

interface Organisation {
  token: string;
  employees: string[];
  tasks: string[];
  certificates: string[];
}

async function send(api: string, method: string, url: string, token: string, body: unknown) {
  const response = await fetch(`${api}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; token?: string };
}

async function createOrganisation(api: string, index: number): Promise<Organisation> {
  const { token } = await signUp(api, {
    email: `soak-${index}-${randomBytes(3).toString('hex')}@example.test`,
    password: 'soak-password',
    name: `Soak Owner ${index}`,
    organization_name: `Soak Org ${index}`,
  });
  const organisation: Organisation = { token, employees: [], tasks: [], certificates: [] };
  for (let i = 0; i < EMPLOYEES_EACH; i += 1) {
    const employee = await send(api, 'POST', '/employees/', token, {
      email: `soak-${index}-employee-${i}-${randomBytes(3).toString('hex')}@example.test`,
      firstName: `Employee${i}`,
      lastName: `Org${index}`,
    });
    organisation.employees.push(employee.id);
  }
  for (let i = 0; i < TASKS_EACH; i += 1) {
    const task = await send(api, 'POST', '/tasks/', token, newTask(organisation, i));
    organisation.tasks.push(task.id);
  }
  for (let i = 0; i < CERTIFICATES_EACH; i += 1) {
    const certificate = await send(api, 'POST', '/certificates/', token, {
      name: `Certificate ${i}`,
      expiry_date: `2027-${String((i % 12) + 1).padStart(2, '0')}-15`,
      reminder_days_before: 30,
      incharge_person_id: organisation.employees[i % EMPLOYEES_EACH],
    });
    organisation.certificates.push(certificate.id);
  }
  return organisation;
}

function newTask(organisation: Organisation, i: number) {
  return {
    title: `Soak task ${i}`,
    description: 'Created by the soak test',
    due_date: `2027-${String((i % 12) + 1).padStart(2, '0')}-10T10:00:00+05:30`,
    assigned_to_user_id: organisation.employees[i % organisation.employees.length],
  };
}

// ---------------------------------------------------------------- the mix

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const STATUSES = ['pending', 'in_progress', 'completed'] as const;

type Operation = (organisation: Organisation) => Omit<RawRequest, 'headers'>;

/** [weight, operation]: reads 80 %, writes 20 %. */
const MIX: [number, Operation][] = [
  [25, () => ({ method: 'GET', path: '/api/v1/tasks/?limit=50' })],
  [10, () => ({ method: 'GET', path: '/api/v1/tasks/?limit=20&sort=-due_date&status=pending' })],
  [15, () => ({ method: 'GET', path: '/api/v1/dashboard/' })],
  [10, () => ({ method: 'GET', path: '/api/v1/certificates/?limit=50' })],
  [10, () => ({ method: 'GET', path: '/api/v1/employees/' })],
  [10, (o) => ({ method: 'GET', path: `/api/v1/tasks/${pick(o.tasks)}` })],
  [
    8,
    (o) => ({
      method: 'POST',
      path: '/api/v1/tasks/',
      body: JSON.stringify(newTask(o, Math.floor(Math.random() * 1000))),
    }),
  ],
  [
    8,
    (o) => ({
      method: 'PATCH',
      path: `/api/v1/tasks/${pick(o.tasks)}`,
      body: JSON.stringify({ status: pick(STATUSES) }),
    }),
  ],
  [
    4,
    (o) => ({
      method: 'PUT',
      path: `/api/v1/certificates/${pick(o.certificates)}/`,
      body: JSON.stringify({ reminder_days_before: 1 + Math.floor(Math.random() * 60) }),
    }),
  ],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [weight]) => sum + weight, 0);

function nextRequest(organisations: Organisation[]): RawRequest {
  const organisation = pick(organisations);
  let roll = Math.random() * TOTAL_WEIGHT;
  const operation = MIX.find(([weight]) => (roll -= weight) < 0)?.[1] ?? MIX[0][1];
  return {
    ...operation(organisation),
    headers: {
      authorization: `Bearer ${organisation.token}`,
      'content-type': 'application/json',
    },
  };
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const database = await freshDatabase(
    process.env.DATABASE_URL ? 'postgres' : 'sqlite',
    'duly-soak',
  );
  try {
    const server = await startApi({ database, readyWithinMs: 30_000 });
    try {
      await soak(database.label, server.base, server.port, server.child.pid!);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

async function soak(label: string, api: string, port: number, pid: number): Promise<void> {
  console.log(`Soak on ${label}: seeding ${ORGANISATIONS} organisations…`);
  const organisations: Organisation[] = [];
  for (let i = 0; i < ORGANISATIONS; i += 1) organisations.push(await createOrganisation(api, i));

  const memory: [string, number][] = [['start', residentMiB(pid)]];
  const started = Date.now();
  const sampler = setInterval(() => {
    memory.push([`${Math.round((Date.now() - started) / 1000)} s`, residentMiB(pid)]);
  }, MEMORY_SAMPLE_S * 1000);
  console.log(`${CONNECTIONS} connections for ${DURATION_S} s…`);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    timeout: 10,
    requests: [{ setupRequest: () => nextRequest(organisations) }],
  });
  clearInterval(sampler);
  memory.push(['end', residentMiB(pid)]);

  const errors = result.errors + result.timeouts + result.non2xx;
  const statuses = Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${status}: ${count}`)
    .join(', ');
  const lines = [
    `Soak: ${label}, ${ORGANISATIONS} organisations, ${CONNECTIONS} connections, ${DURATION_S} s, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)} at the end`,
    `requests: ${result.requests.total} (${Math.round(result.requests.average)}/s); statuses ${statuses}`,
    `latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    `errors: ${errors} (socket errors ${result.errors}, timeouts ${result.timeouts}, not 2xx ${result.non2xx})`,
    `server memory (RSS, MiB): ${memory.map(([at, mib]) => `${at} ${mib}`).join(', ')}`,
  ];
  console.log(`\n${lines.join('\n')}`);
  const resultsDir = path.join(__dirname, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(path.join(resultsDir, `soak-${stamp}.txt`), `${lines.join('\n')}\n`);
  if (errors > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
