/**
 * What the token-version check costs (issue 14 part 5): the API of this tree against the API of
 * BENCH_BASELINE_REF (default: the merge base with `main`, exported with `git archive` to a temporary folder, using
 * this tree's node_modules), both on SQLite with the response cache off, each with 21 people of
 * one organisation (an admin and 20 employees) calling at random. Autocannon, 50 connections,
 * interleaved rounds (BENCH_ROUNDS, default 3, of BENCH_DURATION seconds, default 3) so that
 * the machine's other load weighs on both alike. Prints requests per second and p99 for each,
 * and this tree's figures as a ratio of the baseline's.
 *
 *   npx tsx bench/token-version-bench.ts
 */
import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  freshDatabase,
  startApi as startApiProcess,
  type ApiServer,
  type FreshDatabase,
} from '../api/test/server-process';
import { ROOT, exportBaseline } from './baseline';

interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
}
interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(__filename)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: { setupRequest: (request: RawRequest) => RawRequest }[];
}) => Promise<AutocannonResult>;

/** Default: where this branch left main (main may have moved to dependencies not installed here). */
const BASELINE_REF =
  process.env.BENCH_BASELINE_REF ??
  execFileSync('git', ['merge-base', 'HEAD', 'main'], { cwd: ROOT }).toString().trim();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const CONNECTIONS = 50;
const JWT_SECRET = randomBytes(32).toString('hex');

interface Api extends ApiServer {
  name: string;
  database: FreshDatabase;
}

/** One tree's API (`root`), uncached, on a fresh SQLite file; one JWT secret for both. */
async function startApi(name: string, root: string): Promise<Api> {
  const database = await freshDatabase('sqlite', 'duly-tv-bench');
  const api = await startApiProcess({
    database,
    apiDir: path.join(root, 'api'),
    env: { RESPONSE_CACHE: 'off', JWT_SECRET },
  });
  return { ...api, name, database };
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A token as the API signs it (HS256), without `ver`: version 0 on both trees. */
function tokenFor(user: { id: string; email: string; role: string; organization_id: string }) {
  const encode = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
    sub: user.id,
    email: user.email,
    full_name: null,
    role: user.role,
    organization_id: user.organization_id,
    iat,
    exp: iat + 3600,
  })}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}

/** One organisation: the admin, 20 employees, 200 tasks spread over them. */
async function seed(api: Api): Promise<{ tokens: string[]; organizationId: string }> {
  const admin = await post<{ token: string; user: { organization_id: string } }>(
    `${api.base}/auth/signup`,
    {
      email: `admin-${randomBytes(4).toString('hex')}@bench.test`,
      password: 'bench-password-1',
      name: 'Bench Admin',
      organization_name: 'Bench Org',
    },
  );
  const people: { id: string; email: string; role: string; organization_id: string }[] = [];
  for (let index = 0; index < 20; index += 1) {
    people.push(
      await post(
        `${api.base}/employees/`,
        { email: `person-${index}@bench.test`, firstName: `Person${index}` },
        admin.token,
      ),
    );
  }
  for (let index = 0; index < 200; index += 1) {
    await post(
      `${api.base}/tasks/`,
      {
        title: `Task ${index}`,
        due_date: '2030-01-01T00:00:00Z',
        assigned_to_user_id: people[index % people.length].id,
      },
      admin.token,
    );
  }
  return {
    tokens: [admin.token, ...people.map(tokenFor)],
    organizationId: admin.user.organization_id,
  };
}

const TARGETS: [name: string, path: (organizationId: string) => string][] = [
  // The cheapest read (one primary-key lookup): where the check weighs most.
  ['GET /organizations/{id}', (organizationId) => `/organizations/${organizationId}`],
  ['GET /tasks/?limit=50', () => '/tasks/?limit=50'],
];

async function main() {
  const baselineDir = exportBaseline(BASELINE_REF);
  const apis = [await startApi(`baseline (${BASELINE_REF})`, baselineDir)];
  apis.push(await startApi('this tree', ROOT));
  try {
    const seeded = await Promise.all(apis.map(seed));
    const results = new Map<string, AutocannonResult[]>();
    const key = (api: number, target: number) => `${api}:${target}`;
    for (let round = 0; round <= ROUNDS; round += 1) {
      // Round 0 warms both up and is not counted.
      for (const [targetIndex, [, pathOf]] of TARGETS.entries()) {
        // Each round swaps which server goes first, so a load that rises or falls during a
        // round does not always favour the same one.
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        for (const apiIndex of order) {
          const api = apis[apiIndex];
          const { tokens, organizationId } = seeded[apiIndex];
          const result = await autocannon({
            url: api.base,
            connections: CONNECTIONS,
            duration: round === 0 ? 1 : DURATION_S,
            requests: [
              {
                setupRequest: (request) => ({
                  ...request,
                  method: 'GET',
                  path: `/api/v1${pathOf(organizationId)}`,
                  headers: {
                    authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}`,
                  },
                }),
              },
            ],
          });
          if (round > 0) {
            const list = results.get(key(apiIndex, targetIndex)) ?? [];
            list.push(result);
            results.set(key(apiIndex, targetIndex), list);
          }
        }
      }
      if (round > 0) console.log(`  round ${round}/${ROUNDS} done`);
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    console.log(`\nload average ${(await import('node:os')).loadavg()[0].toFixed(2)}`);
    console.log(
      '| request | baseline req/s | this tree req/s | ratio | baseline p99 | this p99 | non-2xx |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const [targetIndex, [name]] of TARGETS.entries()) {
      const [before, after] = [0, 1].map((apiIndex) => results.get(key(apiIndex, targetIndex))!);
      const rps = (list: AutocannonResult[]) => median(list.map((r) => r.requests.average));
      const p99 = (list: AutocannonResult[]) => median(list.map((r) => r.latency.p99));
      const failures = [...before, ...after].reduce((sum, r) => sum + r.non2xx + r.errors, 0);
      console.log(
        `| ${name} | ${rps(before).toFixed(0)} | ${rps(after).toFixed(0)} | ${(
          rps(after) / rps(before)
        ).toFixed(3)} | ${p99(before)} ms | ${p99(after)} ms | ${failures} |`,
      );
    }
  } finally {
    for (const api of apis) {
      await api.stop();
      await api.database.drop();
    }
    rmSync(baselineDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
