import { hashPassword, verifyPassword } from './passwords';

test('a hash verifies its password only, and is salted', async () => {
  const hash = await hashPassword('correct horse battery');
  expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
  expect(await verifyPassword('correct horse battery', hash)).toBe(true);
  expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  expect(await hashPassword('correct horse battery')).not.toBe(hash);
});

test('a missing or malformed hash never verifies', async () => {
  expect(await verifyPassword('anything', null)).toBe(false);
  expect(await verifyPassword('anything', 'plain-text')).toBe(false);
});
