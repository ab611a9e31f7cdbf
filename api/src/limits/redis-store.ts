/**
 * The shared limits in Redis (REDIS_URL), for deployments that run one: per key a sorted set
 * of hits scored by their time in ms, expiring with its longest window. The script runs
 * atomically in Redis, so one call (one round trip) checks every key and records the hit, and
 * two instances cannot both take a key's last place. Expired hits are trimmed by each call and
 * whole keys by Redis's own expiry: nothing to clean in batches.
 */
import { Redis } from 'ioredis';
import {
  gateOf,
  keepPerKey,
  newHit,
  type LimitCheck,
  type LimitStore,
  type StoreAnswer,
} from './store';
import type { CountAnswer } from './user-requests';

// KEYS: the checks' keys, then the recorded keys. ARGV: now, hit, n, then per check
// max, window, gate (1-based, 0 = always, -1 = never), then per recorded key its keep (ms).
const ADMIT = `
local now, hit, n = tonumber(ARGV[1]), ARGV[2], tonumber(ARGV[3])
local counts, waits = {}, {}
for i = 1, n do
  local max, window = tonumber(ARGV[1 + 3 * i]), tonumber(ARGV[2 + 3 * i])
  local recent = redis.call('ZRANGEBYSCORE', KEYS[i], '(' .. (now - window), '+inf', 'WITHSCORES')
  local count = #recent / 2
  counts[i], waits[i] = count, 0
  if count >= max then
    local oldest = tonumber(recent[2 * (count - max + 1)])
    waits[i] = oldest and math.max(1, math.ceil((oldest + window - now) / 1000)) or 1
  end
end
local wait = 0
for i = 1, n do
  local gate = tonumber(ARGV[3 + 3 * i])
  if gate == 0 or (gate > 0 and counts[gate] >= tonumber(ARGV[1 + 3 * gate])) then
    wait = math.max(wait, waits[i])
  end
end
if wait > 0 then return wait end
for j = n + 1, #KEYS do
  local keep = tonumber(ARGV[3 + 3 * n + (j - n)])
  redis.call('ZREMRANGEBYSCORE', KEYS[j], '-inf', now - keep)
  redis.call('ZADD', KEYS[j], now, hit)
  local ttl = redis.call('PTTL', KEYS[j])
  if ttl < keep then redis.call('PEXPIRE', KEYS[j], keep) end
end
return 0
`;

// The two-window count of user-requests.ts. KEYS: the current window's key, the previous one's.
// ARGV: max, window (ms), now (ms). Answers 0 (counted) or the seconds to wait (not counted).
const COUNT = `
local max, window, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local start = math.floor(now / window) * window
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
local counted = tonumber(redis.call('GET', KEYS[1]) or '0') + 1
local overlap = 1 - (now - start) / window
if previous * overlap + counted <= max then
  redis.call('SET', KEYS[1], counted, 'PX', start + 2 * window - now)
  return 0
end
local others, untilAt = counted - 1, 0
if others < max then
  untilAt = start + window * (1 - (max - others - 1) / previous)
else
  untilAt = start + window + window * (1 - (max - 1) / others)
end
return math.max(1, math.ceil((untilAt - now) / 1000))
`;

export class RedisLimitStore implements LimitStore {
  readonly kind = 'redis';
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'duly:limit:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.redis.defineCommand('dulyLimitAdmit', { lua: ADMIT });
    this.redis.defineCommand('dulyLimitCount', { numberOfKeys: 2, lua: COUNT });
  }

  async admit(checks: LimitCheck[], now = Date.now()): Promise<StoreAnswer> {
    const hit = newHit(now);
    const keep = keepPerKey(checks);
    const keys = [...checks.map((check) => check.key), ...keep.keys()].map(
      (key) => this.prefix + key,
    );
    const args = [
      now,
      hit,
      checks.length,
      ...checks.flatMap((check) => [check.max, check.windowMs, gateOf(check)]),
      ...keep.values(),
    ];
    const run = (this.redis as unknown as Record<string, (...a: unknown[]) => Promise<number>>)
      .dulyLimitAdmit;
    const wait = Number(await run.call(this.redis, keys.length, ...keys, ...args));
    return wait > 0 ? { admitted: false, retryAfterSeconds: wait } : { admitted: true, hit };
  }

  async release(keys: string[], hit: string): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.zrem(this.prefix + key, hit);
    await pipeline.exec();
  }

  async forget(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async count(key: string, max: number, windowMs: number, now = Date.now()): Promise<CountAnswer> {
    const window = Math.floor(now / windowMs);
    const run = (this.redis as unknown as Record<string, (...a: unknown[]) => Promise<number>>)
      .dulyLimitCount;
    const wait = Number(
      await run.call(
        this.redis,
        `${this.prefix}${key}:${window}`,
        `${this.prefix}${key}:${window - 1}`,
        max,
        windowMs,
        now,
      ),
    );
    return { admitted: wait === 0, retryAfterSeconds: wait };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
