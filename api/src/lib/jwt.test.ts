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

test('a signed token verifies and carries sub, email, full_name, role, organization_id, iat, exp', () => {
  const token = signToken(subject, SECRET, 600, now);
  expect(verifyToken(token, SECRET, now)).toEqual({
    sub: 'user-1',
    email: 'a@b.test',
    full_name: 'A B',
    role: 'manager',
    organization_id: 'org-1',
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
