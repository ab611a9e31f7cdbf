import { createHmac } from 'node:crypto';
import { signToken, verifyToken } from './jwt';

const SECRET = 'unit-test-secret-unit-test-secret';
const subject = {
  id: 'user-1',
  email: 'a@b.test',
  full_name: 'A B',
  role: 'manager' as const,
  organization_id: 'org-1',
};
const now = new Date('2030-01-01T00:00:00Z');

test('a signed token verifies and carries sub, email, full_name, role, organization_id, ver, iat, exp', () => {
  const token = signToken({ ...subject, token_version: 3 }, SECRET, 600, now);
  expect(verifyToken(token, SECRET, now)).toEqual({
    sub: 'user-1',
    email: 'a@b.test',
    full_name: 'A B',
    role: 'manager',
    organization_id: 'org-1',
    ver: 3,
    iat: 1_893_456_000,
    exp: 1_893_456_600,
  });
});

test('an expired token, another secret or a changed payload do not verify', () => {
  const token = signToken(subject, SECRET, 600, now);
  expect(verifyToken(token, SECRET, new Date(now.getTime() + 600_000))).toBeNull();
  expect(verifyToken(token, `${SECRET}x`, now)).toBeNull();
  const [header, , signature] = token.split('.');
  const forged = Buffer.from(
    JSON.stringify({ ...subject, sub: 'user-2', role: 'admin', exp: 2e9 }),
  );
  expect(
    verifyToken(`${header}.${forged.toString('base64url')}.${signature}`, SECRET, now),
  ).toBeNull();
  expect(verifyToken('garbage', SECRET, now)).toBeNull();
});

test('a token version that is not a whole number of 0 or more does not verify; none is 0', () => {
  const sign = (claims: object) => {
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const body = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    const signature = createHmac('sha256', SECRET).update(body).digest('base64url');
    return `${body}.${signature}`;
  };
  const claims = { sub: 'user-1', organization_id: 'org-1', role: 'admin', exp: 2e9 };
  for (const ver of [-1, 1.5, '2', null]) {
    expect(verifyToken(sign({ ...claims, ver }), SECRET, now)).toBeNull();
  }
  expect(verifyToken(sign(claims), SECRET, now)).toEqual(claims);
  expect(signToken(subject, SECRET, 600, now)).toBe(
    signToken({ ...subject, token_version: 0 }, SECRET, 600, now),
  );
});

describe('only the canonical base64url signature verifies', () => {
  const token = signToken(subject, SECRET, 600, now);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

  test.each(['!', '=', '==', '*', ' ', '.', '%3D'])('a signature with "%s" added', (extra) => {
    expect(verifyToken(`${token}${extra}`, SECRET, now)).toBeNull();
  });

  test('a signature whose last character differs only in its unused bits', () => {
    // 32 bytes are 43 base64url characters; the last one carries 4 bits and 2 unused ones.
    const last = alphabet.indexOf(token.at(-1)!);
    for (const unused of [1, 2, 3]) {
      const twin = `${token.slice(0, -1)}${alphabet[last ^ unused]}`;
      expect(Buffer.from(twin.split('.')[2], 'base64url')).toEqual(
        Buffer.from(token.split('.')[2], 'base64url'),
      );
      expect(verifyToken(twin, SECRET, now)).toBeNull();
    }
  });

  test('a payload in non-canonical base64url', () => {
    const [header, payload, signature] = token.split('.');
    expect(verifyToken(`${header}.${payload}=.${signature}`, SECRET, now)).toBeNull();
  });
});
