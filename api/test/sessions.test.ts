/**
 * Sessions that can be ended, the profile and the password rules (issue 14 parts 4 to 6), as
 * a client sees them: which tokens keep working after a password change, a reset, a
 * deactivation or a role change, on the instance that made the change and on another one
 * sharing the database (whose cache of token versions is shortened here to 300 ms).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { setPasswordHash } from '../src/db/repositories/users';
import { PASSWORD_COST, hashPassword } from '../src/lib/passwords';
import {
  LEGACY_COST,
  call,
  createOrganization,
  createUser,
  setupTestApp,
  snapshot,
  testConfig,
  testDatabases,
  type TestOrganization,
  type TestUser,
} from './helper';

const CACHE_MS = 300;
const PASSWORD = 'first-password-1';

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

const waitOutTheCache = () => new Promise((resolve) => setTimeout(resolve, CACHE_MS + 100));

describe.each(testDatabases())('sessions, profile and passwords on %s', (kind) => {
  // Today's password cost, not the suite's cheaper one: the rehash at sign-in is tested here.
  const context = setupTestApp(kind, {
    tokenVersionMaxAgeMs: CACHE_MS,
    passwordCost: PASSWORD_COST,
  });
  /** A second instance on the same database, with its own cache of token versions. */
  let other: FastifyInstance;
  let org: TestOrganization;

  beforeAll(async () => {
    const { db } = context();
    other = await buildApp({
      config: testConfig({ tokenVersionMaxAgeMs: CACHE_MS, passwordCost: PASSWORD_COST }),
      db,
    });
    await other.ready();
    org = await createOrganization(db);
  });
  afterAll(async () => {
    await other?.close();
  });

  /** A person of `org` with PASSWORD, stored as a pre-issue-14 (cheap) hash. */
  async function personWithPassword(fields: Parameters<typeof createUser>[2] = {}) {
    return createUser(context().db, org.id, {
      password_hash: await hashPassword(PASSWORD, LEGACY_COST),
      ...fields,
    });
  }

  const profileStatus = async (app: FastifyInstance, token: string) =>
    (await call(app, 'GET', '/profile/', { token })).statusCode;

  /** Both instances have read the person's version (so the second one has it cached). */
  async function signedInOnBoth(person: TestUser) {
    expect(await profileStatus(context().app, person.token)).toBe(200);
    expect(await profileStatus(other, person.token)).toBe(200);
  }

  describe('what ends a session', () => {
    test('a password change: the old token is refused at once, the caller carries on with the fresh one', async () => {
      const { app, db } = context();
      const person = await personWithPassword();
      await signedInOnBoth(person);

      const changed = await call(app, 'PUT', '/profile/password', {
        token: person.token,
        body: { current_password: PASSWORD, new_password: 'second-password-2' },
      });

      expect(changed.statusCode).toBe(200);
      const { token, user } = changed.json();
      expect(user).toEqual({
        id: person.id,
        email: person.email,
        full_name: person.full_name,
        role: 'employee',
        organization_id: org.id,
      });
      expect(claimsOf(token).ver).toBe(1);
      const refused = await call(app, 'GET', '/profile/', { token: person.token });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        message: 'Your session has ended. Sign in again.',
        code: 'unauthorized',
      });
      expect(await profileStatus(app, token)).toBe(200);
      // A write with the fresh token works too.
      expect(
        (await call(app, 'PATCH', '/profile/', { token, body: { full_name: 'Still Here' } }))
          .statusCode,
      ).toBe(200);
      // The other instance refuses the old token once its cache has aged.
      await waitOutTheCache();
      expect(await profileStatus(other, person.token)).toBe(401);
      expect(await profileStatus(other, token)).toBe(200);
      // The new password signs in, the old one no longer.
      const login = (password: string) =>
        call(app, 'POST', '/auth/login', { body: { email: person.email, password } });
      expect((await login('second-password-2')).statusCode).toBe(200);
      expect((await login(PASSWORD)).statusCode).toBe(401);
      const row = await db
        .selectFrom('users')
        .select('token_version')
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
      expect(row.token_version).toBe(1);
    });

    test('a reset (setPasswordHash): every session ends on every instance within the cache window', async () => {
      const { app, db } = context();
      const person = await personWithPassword();
      await signedInOnBoth(person);

      const version = await setPasswordHash(db, {
        organizationId: org.id,
        userId: person.id,
        passwordHash: await hashPassword('reset-password-3', LEGACY_COST),
      });

      expect(version).toBe(1);
      await waitOutTheCache();
      expect(await profileStatus(app, person.token)).toBe(401);
      expect(await profileStatus(other, person.token)).toBe(401);
      const login = await call(app, 'POST', '/auth/login', {
        body: { email: person.email, password: 'reset-password-3' },
      });
      expect(login.statusCode).toBe(200);
      expect(claimsOf(login.json().token).ver).toBe(1);
      expect(await profileStatus(other, login.json().token)).toBe(200);
    });

    test('setPasswordHash of another organisation’s user changes nothing', async () => {
      const { db } = context();
      const stranger = await createOrganization(db);
      const before = await snapshot(db);
      const version = await setPasswordHash(db, {
        organizationId: stranger.id,
        userId: org.employee.id,
        passwordHash: 'scrypt$16384$8$1$x$y',
      });
      expect(version).toBeUndefined();
      expect(await snapshot(db)).toEqual(before);
    });

    test.each([
      ['a deactivation', { status: 'inactive' }],
      ['a role change', { role: 'manager' }],
    ])(
      '%s: the person’s tokens are refused at once here and within the window elsewhere',
      async (_change, body) => {
        const { app } = context();
        const person = await personWithPassword();
        await signedInOnBoth(person);

        const update = await call(app, 'PUT', `/employees/${person.id}`, {
          token: org.admin.token,
          body,
        });

        expect(update.statusCode).toBe(200);
        expect(await profileStatus(app, person.token)).toBe(401);
        await waitOutTheCache();
        expect(await profileStatus(other, person.token)).toBe(401);
      },
    );

    test('a role change signs in again with the new role', async () => {
      const { app } = context();
      const person = await personWithPassword();
      await call(app, 'PUT', `/employees/${person.id}`, {
        token: org.admin.token,
        body: { role: 'manager' },
      });
      const login = await call(app, 'POST', '/auth/login', {
        body: { email: person.email, password: PASSWORD },
      });
      expect(login.json().user.role).toBe('manager');
      expect(await profileStatus(app, login.json().token)).toBe(200);
    });

    test.each([
      ['a department', { department: 'Sales' }],
      ['the same role again', { role: 'employee' }],
      ['on leave', { status: 'on_leave' }],
      ['a new name', { firstName: 'Renamed' }],
    ])('%s ends no session', async (_change, body) => {
      const { app } = context();
      const person = await personWithPassword();
      await signedInOnBoth(person);
      const update = await call(app, 'PUT', `/employees/${person.id}`, {
        token: org.admin.token,
        body,
      });
      expect(update.statusCode).toBe(200);
      await waitOutTheCache();
      expect(await profileStatus(app, person.token)).toBe(200);
      expect(await profileStatus(other, person.token)).toBe(200);
    });

    test('a token of a user who no longer exists is refused', async () => {
      const { app, db } = context();
      const person = await personWithPassword();
      await db.deleteFrom('users').where('id', '=', person.id).execute();
      expect(await profileStatus(app, person.token)).toBe(401);
    });
  });

  describe('the profile', () => {
    test('GET /profile/ answers name, email, role and organisation name', async () => {
      const { app } = context();
      const response = await call(app, 'GET', '/profile/', { token: org.manager.token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: org.manager.id,
        email: org.manager.email,
        full_name: org.manager.full_name,
        role: 'manager',
        organization_id: org.id,
        organization_name: org.name,
      });
    });

    test('PATCH /profile/ renames the caller: a token with the new name, the same people everywhere', async () => {
      const { app } = context();
      const person = await personWithPassword();

      const response = await call(app, 'PATCH', '/profile/', {
        token: person.token,
        body: { full_name: '  Ada   Lovelace King ' },
      });

      expect(response.statusCode).toBe(200);
      const { token, user } = response.json();
      expect(user.full_name).toBe('Ada Lovelace King');
      expect(claimsOf(token)).toMatchObject({ full_name: 'Ada Lovelace King', ver: 0 });
      // Renaming ends no session: the old token still works.
      expect(await profileStatus(app, person.token)).toBe(200);
      const profile = await call(app, 'GET', '/profile/', { token });
      expect(profile.json().full_name).toBe('Ada Lovelace King');
      const employee = await call(app, 'GET', `/employees/${person.id}`, { token });
      expect(employee.json()).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace King',
        full_name: 'Ada Lovelace King',
      });
    });

    test.each([
      ['a blank name', { full_name: '   ' }, 'full_name'],
      ['no name', {}, 'full_name'],
      ['a name over 200 characters', { full_name: 'x'.repeat(201) }, 'full_name'],
      ['another field', { full_name: 'Fine', role: 'admin' }, 'role'],
    ])('PATCH /profile/ with %s → 400 naming it, nothing changed', async (_case, body, field) => {
      const { app, db } = context();
      const before = await snapshot(db);
      const response = await call(app, 'PATCH', '/profile/', { token: org.employee.token, body });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual([field]);
      expect(await snapshot(db)).toEqual(before);
    });

    test('a wrong current password → 400 saying so, nothing changed, and it counts against the sign-in limit', async () => {
      const { app, db } = context();
      const person = await personWithPassword();
      const before = await snapshot(db);
      const change = (current: string) =>
        call(app, 'PUT', '/profile/password', {
          token: person.token,
          body: { current_password: current, new_password: 'never-stored-4' },
          remoteAddress: '10.9.0.1',
        });

      const wrong = await change('not-my-password');

      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        message: 'Current password is incorrect.',
        code: 'validation_failed',
        errors: [{ path: 'current_password', message: 'is incorrect' }],
      });
      expect(await snapshot(db)).toEqual(before);
      for (let failure = 2; failure <= 10; failure += 1) {
        expect((await change(`wrong-${failure}`)).statusCode).toBe(400);
      }
      // Ten failures: even the right password is refused now, and so is a sign-in from there.
      const limited = await change(PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const login = await call(app, 'POST', '/auth/login', {
        body: { email: person.email, password: PASSWORD },
        remoteAddress: '10.9.0.1',
      });
      expect(login.statusCode).toBe(429);
      expect(await snapshot(db)).toEqual(before);
      expect(await profileStatus(app, person.token)).toBe(200);
    });
  });

  describe('password rules (8 to 256 characters, not only spaces)', () => {
    const signup = (password: string, email: string) =>
      call(context().app, 'POST', '/auth/signup', {
        body: { email, password, name: 'Rule Tester', organization_name: 'Rules Ltd' },
      });

    test.each([
      ['7 characters', 'x'.repeat(7), 'must be at least 8 characters'],
      ['257 characters', 'x'.repeat(257), 'must be at most 256 characters'],
      ['only spaces', ' '.repeat(12), 'must not be only spaces'],
      ['only whitespace', ' \t '.repeat(4), 'must not be only spaces'],
    ])(
      'sign-up with %s → 400 naming the password, nothing written',
      async (_case, password, message) => {
        const { db } = context();
        const before = await snapshot(db);
        const response = await signup(password, `rule-${password.length}@example.test`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: `Password ${message}.`,
          code: 'validation_failed',
          errors: [{ path: 'password', message }],
        });
        expect(await snapshot(db)).toEqual(before);
      },
    );

    test.each([
      ['8 characters', 'x'.repeat(8)],
      ['256 characters', 'y'.repeat(256)],
      ['8 emoji (one character each)', '🔑'.repeat(8)],
      ['spaces around words', '  two words  '],
    ])(
      'sign-up with %s is accepted, and that password is the one checked',
      async (_case, password) => {
        const { app } = context();
        const email = `ok-${[...password].length}-${password.charCodeAt(0)}@example.test`;
        const signedUp = await signup(password, email);
        expect(signedUp.statusCode).toBe(201);
        // (Signing in by email waits for the mailed confirmation: test/email-claims.test.ts.)
        const change = await call(app, 'PUT', '/profile/password', {
          token: signedUp.json().token,
          body: { current_password: password, new_password: 'the next password' },
        });
        expect(change.statusCode).toBe(200);
      },
    );

    test.each([
      ['7 characters', 'x'.repeat(7), 'must be at least 8 characters'],
      ['257 characters', 'x'.repeat(257), 'must be at most 256 characters'],
      ['only spaces', ' '.repeat(9), 'must not be only spaces'],
    ])('a password change to %s → 400 naming new_password', async (_case, password, message) => {
      const { app } = context();
      const person = await personWithPassword();
      const response = await call(app, 'PUT', '/profile/password', {
        token: person.token,
        body: { current_password: PASSWORD, new_password: password },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'new_password', message }]);
      expect(await profileStatus(app, person.token)).toBe(200);
    });
  });

  describe('hashes of an older cost', () => {
    test('are rehashed at today’s cost at a successful sign-in, ending no session', async () => {
      const { app, db } = context();
      const person = await personWithPassword();
      const storedHash = async () =>
        (
          await db
            .selectFrom('users')
            .select(['password_hash', 'token_version'])
            .where('id', '=', person.id)
            .executeTakeFirstOrThrow()
        ).password_hash;
      expect(await storedHash()).toMatch(/^scrypt\$16384\$8\$1\$/);

      // A wrong password upgrades nothing.
      const wrong = await call(app, 'POST', '/auth/login', {
        body: { email: person.email, password: 'wrong-password' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(await storedHash()).toMatch(/^scrypt\$16384\$8\$1\$/);

      const login = await call(app, 'POST', '/auth/login', {
        body: { email: person.email, password: PASSWORD },
      });

      expect(login.statusCode).toBe(200);
      const upgraded = await storedHash();
      expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$[^$]+\$[^$]+$/);
      expect(await profileStatus(app, person.token)).toBe(200);
      const again = await call(app, 'POST', '/auth/login', {
        body: { email: person.email, password: PASSWORD },
      });
      expect(again.statusCode).toBe(200);
      expect(await storedHash()).toBe(upgraded);
    });
  });
});
