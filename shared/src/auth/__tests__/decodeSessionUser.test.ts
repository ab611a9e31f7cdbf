import { makeToken, TEST_USER_CLAIMS } from '../../test-utils/tokens';
import { decodeSessionUser } from '../decodeSessionUser';

const NOW = 1_736_000_000; // seconds

describe('decodeSessionUser', () => {
  it('reads the session user from the claims', () => {
    const token = makeToken({ exp: NOW + 60 });
    expect(decodeSessionUser(token, NOW)).toEqual({
      id: TEST_USER_CLAIMS.sub,
      email: TEST_USER_CLAIMS.email,
      full_name: TEST_USER_CLAIMS.full_name,
      role: TEST_USER_CLAIMS.role,
      organization_id: TEST_USER_CLAIMS.organization_id,
      token,
    });
  });

  it('accepts a token expiring exactly now (expired means exp earlier than now)', () => {
    expect(decodeSessionUser(makeToken({ exp: NOW }), NOW)).not.toBeNull();
  });

  it('refuses a token that expired one second ago', () => {
    expect(decodeSessionUser(makeToken({ exp: NOW - 1 }), NOW)).toBeNull();
  });

  it('compares with the current time by default', () => {
    const inSeconds = Math.floor(Date.now() / 1000);
    expect(decodeSessionUser(makeToken({ exp: inSeconds + 30 }))).not.toBeNull();
    expect(decodeSessionUser(makeToken({ exp: inSeconds - 30 }))).toBeNull();
  });

  it('keeps a user without a full name', () => {
    expect(decodeSessionUser(makeToken({ exp: NOW, full_name: null }), NOW)?.full_name).toBeNull();
  });

  it.each([null, undefined, '', 'not-a-jwt', 'a.b.c', 'x.eyJzdWIiOiJ1MSJ9.y'])(
    'refuses %j',
    (token) => {
      expect(decodeSessionUser(token, NOW)).toBeNull();
    },
  );

  it.each(['sub', 'email', 'role', 'organization_id', 'exp'] as const)(
    'refuses a token without %s',
    (claim) => {
      const token = makeToken({ exp: NOW + 60, [claim]: undefined });
      expect(decodeSessionUser(token, NOW)).toBeNull();
    },
  );
});
