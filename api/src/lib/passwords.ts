/**
 * Password hashes with node's scrypt and a per-user salt (ARCHITECTURE 6).
 * Stored as `scrypt$N$r$p$salt$hash` (base64), so every hash carries the cost it was made
 * with: raising the cost leaves existing hashes verifiable, and `needsRehash` tells sign-in
 * which ones to upgrade once their password is known again.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_BYTES = 16;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's password storage minimum for scrypt (N=2^17, r=8, p=1): 128 MiB and, on the
 * 2-core development machine, about 0.9 s of one core per hash (measured 24 Nov 2026, load
 * 1.4; 16384 took 76 ms). login-limiter.ts bounds how many run at once.
 */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/** The most memory a stored hash may ask for: a corrupt row must not exhaust the server. */
const LARGEST_MEMORY = 256 * 1024 * 1024;

/** scrypt needs 128·N·r·p bytes; node refuses more than `maxmem` (32 MiB by default). */
function memoryFor({ N, r, p }: ScryptCost): number {
  return 128 * N * r * p + 1024 * 1024;
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: memoryFor(cost) }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  cost: ScryptCost = PASSWORD_COST,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  const { N, r, p } = cost;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const [scheme, N, r, p, salt, hash, ...rest] = stored.split('$');
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  const sane =
    scheme === 'scrypt' &&
    rest.length === 0 &&
    Boolean(salt) &&
    Boolean(hash) &&
    Number.isSafeInteger(cost.N) &&
    cost.N > 1 &&
    (cost.N & (cost.N - 1)) === 0 &&
    Number.isSafeInteger(cost.r) &&
    cost.r >= 1 &&
    Number.isSafeInteger(cost.p) &&
    cost.p >= 1 &&
    128 * cost.N * cost.r * cost.p <= LARGEST_MEMORY;
  if (!sane) return null;
  return { cost, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

/** Compares in constant time; false for a malformed or missing hash. */
export async function verifyPassword(
  password: string,
  stored: string | null,
  cost: ScryptCost = PASSWORD_COST,
): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) {
    // Spend the same time as a real check, so response times do not reveal which emails exist.
    await derive(password, DUMMY_SALT, cost);
    return false;
  }
  const actual = await derive(password, parsed.salt, parsed.cost);
  return parsed.hash.length === actual.length && timingSafeEqual(parsed.hash, actual);
}

/** Whether a hash (already verified) was made with a cost weaker than `cost`: rehash it. */
export function needsRehash(stored: string, cost: ScryptCost = PASSWORD_COST): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.cost;
  return N < cost.N || r < cost.r || p < cost.p;
}

const DUMMY_SALT = randomBytes(SALT_BYTES);
