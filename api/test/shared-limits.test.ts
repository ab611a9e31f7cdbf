/**
 * The limits counted in one place for every instance (issue 31, item 1): two instances on one
 * PostgreSQL give an attacker who spreads guesses over both one budget, not two; the stores
 * (PostgreSQL's table, Redis) admit race-free under several keys at once. SQLite's in-process
 * limits are covered by limits.test.ts and lib/*-limiter.test.ts, unchanged.
 *
 * Redis: a redis-server of its own on a free port when the binary is installed (Debian's
 * `redis-server`; .ci/run installs it); otherwise the Redis half is skipped and says why.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/lib/passwords';
import { PostgresLimitStore } from '../src/limits/pg-store';
import { RedisLimitStore } from '../src/limits/redis-store';
import type { LimitStore } from '../src/limits/store';
import { ACCOUNT_LIMITS } from '../src/lib/request-limiter';
import {
  LEGACY_COST,
  call,
  createOrganization,
  createUser,
  openTestDatabase,
  testConfig,
  type TestDatabase,
} from './helper';

jest.setTimeout(60_000);

const SMALL = {
  perAccountAndAddress: { max: 4, windowMs: 60_000 },
  perAddress: { max: 100, windowMs: 60_000 },
  perAccount: { max: 100, windowMs: 60_000 },
  perAddressAtTargetedAccount: { max: 1 },
};

describe('two instances on one PostgreSQL share the limits', () => {
  let database: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let email: string;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const instance = () =>
      buildApp({ config: testConfig({ signInLimits: SMALL }), db: database.db });
    first = await instance();
    second = await instance();
    const org = await createOrganization(database.db);
    email = `person-${randomUUID()}@example.test`;
    await createUser(database.db, org.id, {
      email,
      password_hash: await hashPassword('the right password', LEGACY_COST),
    });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  test('wrong passwords alternated over both instances get one budget, then 429 on both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const app = i % 2 === 0 ? first : second;
      const answer = await call(app, 'POST', '/auth/login', {
        body: { email, password: `wrong ${i}` },
        remoteAddress: '198.51.100.7',
      });
      statuses.push(answer.statusCode);
    }
    // One instance's budget (4) in all, not 4 on each.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
  });

  test('forgot-password spread over both instances is counted once per email and address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await call(i % 2 === 0 ? first : second, 'POST', '/auth/forgot-password', {
        body: { email: 'someone@example.test' },
        remoteAddress: '198.51.100.8',
      });
      statuses.push(answer.statusCode);
    }
    const perEmail = ACCOUNT_LIMITS.forgotPerEmail.max;
    expect(statuses).toEqual([
      ...Array<number>(perEmail).fill(202),
      ...Array<number>(6 - perEmail).fill(429),
    ]);
  });
});

/** The store contract, run against each shared store. */
function storeContract(
  name: string,
  open: () => Promise<{ stores: LimitStore[]; close: () => Promise<void> }>,
) {
  describe(name, () => {
    let stores: LimitStore[];
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ stores, close } = await open());
    });
    afterAll(() => close?.());
    const key = () => `test:${randomUUID()}`;

    test('parallel admissions from two instances at one key: exactly the cap is admitted', async () => {
      const shared = key();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          stores[i % 2].admit([{ key: shared, max: 7, windowMs: 60_000, record: true }]),
        ),
      );
      expect(answers.filter((answer) => answer.admitted)).toHaveLength(7);
    });

    test('all keys or none; the wait runs until the oldest counted hit leaves the window', async () => {
      const [a, b] = [key(), key()];
      const now = Date.now();
      const both = (at: number) =>
        stores[0].admit(
          [
            { key: a, max: 3, windowMs: 60_000, record: true },
            { key: b, max: 1, windowMs: 60_000, record: true },
          ],
          at,
        );
      expect((await both(now)).admitted).toBe(true);
      expect(await both(now + 10_000)).toEqual({ admitted: false, retryAfterSeconds: 50 });
      // The refused request counted nowhere: `a` still has two places.
      const onlyA = () =>
        stores[1].admit([{ key: a, max: 3, windowMs: 60_000, record: true }], now + 11_000);
      expect((await onlyA()).admitted).toBe(true);
      expect((await onlyA()).admitted).toBe(true);
      expect((await onlyA()).admitted).toBe(false);
    });

    test('release takes a hit back, forget clears a key; a gated check applies only while its gate is full', async () => {
      const [k, gate] = [key(), key()];
      const once = () => stores[0].admit([{ key: k, max: 1, windowMs: 60_000, record: true }]);
      const hit = await once();
      expect(hit.admitted).toBe(true);
      expect((await once()).admitted).toBe(false);
      if (hit.admitted) await stores[1].release([k], hit.hit);
      expect((await once()).admitted).toBe(true);
      await stores[1].forget(k);
      expect((await once()).admitted).toBe(true);

      const gated = () =>
        stores[0].admit([
          { key: gate, max: 2, windowMs: 60_000, record: true, gateOnly: true },
          { key: k, max: 0, windowMs: 60_000, whenFull: 0 },
        ]);
      expect((await gated()).admitted).toBe(true);
      expect((await gated()).admitted).toBe(true);
      // The gate is full now: the gated check (max 0) refuses; the gate alone never does.
      expect((await gated()).admitted).toBe(false);
    });

    test('count: parallel counts from two instances admit exactly the budget; refusals are not counted', async () => {
      const person = key();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => stores[i % 2].count(person, 7, 60_000)),
      );
      expect(answers.filter((answer) => answer.admitted)).toHaveLength(7);
      const refused = answers.find((answer) => !answer.admitted)!;
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    });

    test("count: the previous window's count weighs by how much of it still overlaps", async () => {
      const person = key();
      const start = Math.floor(Date.now() / 60_000) * 60_000 - 120_000;
      for (let i = 0; i < 10; i += 1) await stores[i % 2].count(person, 10, 60_000, start + 500);
      const next = start + 60_000 + 15_000;
      expect((await stores[0].count(person, 10, 60_000, next)).admitted).toBe(true);
      expect((await stores[1].count(person, 10, 60_000, next)).admitted).toBe(true);
      expect(await stores[0].count(person, 10, 60_000, next)).toEqual({
        admitted: false,
        retryAfterSeconds: 3,
      });
    });
  });
}

storeContract('PostgreSQL limit store', async () => {
  const database = await openTestDatabase('postgres');
  const stores = [new PostgresLimitStore(database.db), new PostgresLimitStore(database.db)];
  return {
    stores,
    close: async () => {
      // Old rows go in batches; a fresh row stays.
      const store = stores[0] as PostgresLimitStore;
      await store.admit([{ key: 'test:fresh', max: 1, windowMs: 60_000, record: true }]);
      expect(await store.sweep(Date.now() + 120_000)).toBeGreaterThan(1);
      await Promise.all(stores.map((s) => s.close()));
      await database.drop();
    },
  };
});

const redisServer = spawnSync('sh', ['-c', 'command -v redis-server']).stdout.toString().trim();
if (!redisServer) {
  describe('Redis limit store', () => {
    test.skip('redis-server is not installed (apt-get install redis-server): the Redis store is not tested here', () => {});
  });
} else {
  let server: ChildProcess | undefined;
  storeContract('Redis limit store', async () => {
    const port = await freePort();
    server = spawn(redisServer, ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const url = `redis://127.0.0.1:${port}`;
    const stores = [new RedisLimitStore(url), new RedisLimitStore(url)];
    return {
      stores,
      close: async () => {
        await Promise.all(stores.map((s) => s.close()));
        server?.kill();
      },
    };
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
