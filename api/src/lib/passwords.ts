/**
 * Password hashes with node's scrypt and a per-user salt (ARCHITECTURE 6).
 * Stored as `scrypt$N$r$p$salt$hash` (base64), so the cost can be raised later
 * without invalidating existing hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const DEFAULT_COST: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>> = { N: 16_384, r: 8, p: 1 };

function derive(password: string, salt: Buffer, cost: typeof DEFAULT_COST): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, DEFAULT_COST);
  const { N, r, p } = DEFAULT_COST;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Compares in constant time; false for a malformed or missing hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check, so response times do not reveal which emails exist.
    await derive(password, DUMMY_SALT, DEFAULT_COST);
    return false;
  }
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const DUMMY_SALT = randomBytes(SALT_BYTES);
