/**
 * Live-updates streams at scale (issue 31, item 4; docs/live.md). Not a test: it prints
 * figures.
 *
 * Starts the API (src/server.ts, SQLite, a fresh DATA_DIR) as a child process, signs up
 * LIVE_ORGANISATIONS organisations, and opens LIVE_STREAMS streams (`GET /api/v1/events` with
 * the admin's token) spread evenly over them, from this process, each on its own connection.
 * Reports:
 * - the server's resident memory (VmRSS) before and with the streams open (target: 10,000
 *   idle streams under 500 MB);
 * - the fan-out: a task of the first organisation is changed LIVE_ROUNDS times, and each time
 *   the time from the write's answer until every one of that organisation's streams has
 *   received its `tasks` event (target: 1,000 streams in under 200 ms), as min, median, max.
 *
 * LIVE_STREAMS (10,000), LIVE_ORGANISATIONS (10), LIVE_ROUNDS (5) override the defaults.
 */
import { readFileSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { freshDatabase, signUp, startApi } from '../api/test/server-process';

const STREAMS = Number(process.env.LIVE_STREAMS ?? 10_000);
const ORGANISATIONS = Number(process.env.LIVE_ORGANISATIONS ?? 10);
const ROUNDS = Number(process.env.LIVE_ROUNDS ?? 5);

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function send<T>(method: string, url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Streams of one organisation: each counts the `tasks` events it received. */
interface Streams {
  /** Per stream, how many `tasks` events it has heard. */
  heard: number[];
  /** Per count n, how many streams have heard at least n: the check is O(1) per event. */
  reached: number[];
  waiters: Set<() => void>;
}

const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

function openStream(base: string, token: string, streams: Streams): Promise<void> {
  const index = streams.heard.push(0) - 1;
  return new Promise((resolve, reject) => {
    const url = new URL(`${base}/events`);
    const req = request(
      url,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (chunk.includes('event: ready')) resolve();
          const events = chunk.split('"type":"tasks"').length - 1;
          if (events > 0) {
            for (let n = 0; n < events; n += 1) {
              streams.heard[index] += 1;
              const count = streams.heard[index];
              streams.reached[count] = (streams.reached[count] ?? 0) + 1;
            }
            for (const wake of streams.waiters) wake();
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function allHeard(streams: Streams, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if ((streams.reached[count] ?? 0) >= streams.heard.length) {
        streams.waiters.delete(check);
        resolve();
      }
    };
    streams.waiters.add(check);
    check();
  });
}

async function main() {
  const database = await freshDatabase('sqlite', 'duly-live-bench');
  // The child is the server itself (server-process.ts), whose memory is measured; a loaded
  // machine starts it slowly.
  const api = await startApi({
    database,
    env: { SCHEDULER: 'off', SIGNUP_LIMIT: '100000' },
    readyWithinMs: 180_000,
  });
  try {
    const admins: { token: string }[] = [];
    for (let index = 0; index < ORGANISATIONS; index += 1) {
      admins.push(await signUp(api.base, { organization_name: `Bench Org ${index}` }));
    }
    const task = await send<{ id: string }>(
      'POST',
      `${api.base}/tasks/`,
      { title: 'Fan-out task', due_date: '2030-01-01T00:00:00Z' },
      admins[0].token,
    );
    const idle = residentMb(api.child.pid!);

    const byOrganisation: Streams[] = admins.map(() => ({
      heard: [],
      reached: [],
      waiters: new Set(),
    }));
    const opening = performance.now();
    const batch = 500;
    for (let opened = 0; opened < STREAMS; opened += batch) {
      await Promise.all(
        Array.from({ length: Math.min(batch, STREAMS - opened) }, (_, offset) => {
          const organisation = (opened + offset) % ORGANISATIONS;
          return openStream(api.base, admins[organisation].token, byOrganisation[organisation]);
        }),
      );
    }
    const openedIn = performance.now() - opening;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const withStreams = residentMb(api.child.pid!);

    const fanOut: number[] = [];
    const first = byOrganisation[0];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const status = round % 2 === 0 ? 'pending' : 'in_progress';
      await send('PATCH', `${api.base}/tasks/${task.id}`, { status }, admins[0].token);
      const answered = performance.now();
      await allHeard(first, round);
      fanOut.push(performance.now() - answered);
    }
    fanOut.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(
      `streams: ${STREAMS} over ${ORGANISATIONS} organisations, opened in ${ms(openedIn)}`,
    );
    console.log(
      `server resident memory: ${idle} MB idle, ${withStreams} MB with the streams open ` +
        `(+${withStreams - idle} MB; target: under 500 MB)`,
    );
    console.log(
      `fan-out to ${first.heard.length} streams of one organisation, from the write's answer ` +
        `to the last stream's event, ${ROUNDS} rounds: min ${ms(fanOut[0])}, median ` +
        `${ms(fanOut[Math.floor(fanOut.length / 2)])}, max ${ms(fanOut[fanOut.length - 1])} ` +
        '(target: under 200 ms)',
    );
    console.log(
      `load average: ${(await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    agent.destroy();
    await api.stop();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
