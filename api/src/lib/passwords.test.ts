import { PASSWORD_COST, hashPassword, needsRehash, verifyPassword } from './passwords';

// Each hash at today's cost takes about a second on a busy 2-core machine.
jest.setTimeout(30_000);

const LEGACY = { N: 16_384, r: 8, p: 1 };

test('a hash carries today’s cost (OWASP’s scrypt minimum), verifies its password only, and is salted', async () => {
  expect(PASSWORD_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  const hash = await hashPassword('correct horse battery');
  expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[^$]+\$[^$]+$/);
  expect(await verifyPassword('correct horse battery', hash)).toBe(true);
  expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  expect(needsRehash(hash)).toBe(false);
});

test('a hash of an older, cheaper cost still verifies and asks to be rehashed', async () => {
  const hash = await hashPassword('correct horse battery', LEGACY);
  expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
  expect(await verifyPassword('correct horse battery', hash)).toBe(true);
  expect(await verifyPassword('wrong horse battery', hash)).toBe(false);
  expect(needsRehash(hash)).toBe(true);
  expect(await hashPassword('correct horse battery', LEGACY)).not.toBe(hash);
});

test('a missing or malformed hash never verifies, nor one asking for absurd memory', async () => {
  const hash = await hashPassword('anything', LEGACY);
  const [, , , , salt, key] = hash.split('$');
  for (const stored of [
    null,
    'plain-text',
    `scrypt$16384$8$1$${salt}`,
    `scrypt$16383$8$1$${salt}$${key}`,
    `scrypt$1048576$64$1$${salt}$${key}`,
    `bcrypt$16384$8$1$${salt}$${key}`,
  ]) {
    expect(await verifyPassword('anything', stored)).toBe(false);
    if (stored) expect(needsRehash(stored)).toBe(false);
  }
});
