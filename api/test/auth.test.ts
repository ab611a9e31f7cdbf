import type { Role } from '@duly/shared/contract';
import { signToken } from '../src/lib/jwt';
import { hashPassword } from '../src/lib/passwords';
import {
  LEGACY_COST,
  TEST_JWT_SECRET,
  call,
  createOrganization,
  createUser,
  setupTestApp,
  snapshot,
  testDatabases,
  namesField,
} from './helper';

function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

const signup = {
  email: 'Founder@Example.test',
  password: 'correct horse',
  name: 'Ada  Lovelace King',
  organization_name: 'Analytical Engines',
};

describe.each(testDatabases())('auth on %s', (kind) => {
  const context = setupTestApp(kind);

  describe('POST /auth/signup', () => {
    test('creates the organisation and its first user, an admin, and signs them in', async () => {
      const { app } = context();
      const response = await call(app, 'POST', '/auth/signup', { body: signup });

      expect(response.statusCode).toBe(201);
      const { token, user } = response.json();
      expect(Object.keys(user).sort()).toEqual(
        ['email', 'full_name', 'id', 'organization_id', 'role'].sort(),
      );
      expect(user).toMatchObject({
        email: 'founder@example.test',
        full_name: 'Ada Lovelace King',
        role: 'admin',
      });
      const claims = decodeClaims(token);
      expect(claims).toMatchObject({
        sub: user.id,
        email: user.email,
        full_name: 'Ada Lovelace King',
        role: 'admin',
        organization_id: user.organization_id,
      });
      expect(claims.exp).toBe((claims.iat as number) + 3600);

      const organization = await call(app, 'GET', `/organizations/${user.organization_id}`, {
        token,
      });
      expect(organization.json()).toMatchObject({
        id: user.organization_id,
        name: 'Analytical Engines',
      });
      const employee = await call(app, 'GET', `/employees/${user.id}`, { token });
      expect(employee.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace King' });
    });

    test('an email already in use, whatever its case, answers like a new one and takes nothing from its owner', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const second = await call(app, 'POST', '/auth/signup', {
        body: { ...signup, email: org.admin.email.toUpperCase(), organization_name: 'Another' },
      });

      expect(second.statusCode).toBe(201);
      expect(second.json().user).toMatchObject({ email: org.admin.email, role: 'admin' });
      expect(second.json().user.organization_id).not.toBe(org.id);
      const holder = await db
        .selectFrom('user_emails')
        .select('user_id')
        .where('email', '=', org.admin.email)
        .executeTakeFirstOrThrow();
      expect(holder.user_id).toBe(org.admin.id);
    });

    test.each([
      ['nothing', {}, ['email', 'password', 'name', 'organization_name']],
      ['an invalid email', { ...signup, email: 'not-an-email' }, ['email']],
      ['a 7-character password', { ...signup, password: 'short77' }, ['password']],
      ['a blank name', { ...signup, name: '   ' }, ['name']],
      ['a 201-character name', { ...signup, name: 'x'.repeat(201) }, ['name']],
      [
        'a number as organisation name',
        { ...signup, organization_name: 42 },
        ['organization_name'],
      ],
    ])(
      'answers 400 naming the bad fields for %s and writes nothing',
      async (_case, body, fields) => {
        const { app, db } = context();
        const before = await snapshot(db);
        const response = await call(app, 'POST', '/auth/signup', {
          body,
        });
        expect(response.statusCode).toBe(400);
        const paths = response.json().errors.map((error: { path: string }) => error.path);
        expect(paths.sort()).toEqual([...fields].sort());
        for (const field of fields) expect(response.json().message).toMatch(namesField(field));
        expect(await snapshot(db)).toEqual(before);
      },
    );
  });

  describe('POST /auth/login', () => {
    test('answers { token, user } for the right password, with the email in any case', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      const user = await createUser(db, org.id, {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.test',
        role: 'manager',
        password_hash: await hashPassword('cobol-1959', LEGACY_COST),
      });

      const response = await call(app, 'POST', '/auth/login', {
        body: { email: 'Grace@Example.TEST', password: 'cobol-1959' },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json().user).toEqual({
        id: user.id,
        email: 'grace@example.test',
        full_name: 'Grace Hopper',
        role: 'manager',
        organization_id: org.id,
      });
      const tasks = await call(app, 'GET', '/tasks/', { token: response.json().token });
      expect(tasks.statusCode).toBe(200);
    });

    describe('refusals', () => {
      beforeAll(async () => {
        const { db } = context();
        const org = await createOrganization(db);
        const hash = await hashPassword('enigma-1941', LEGACY_COST);
        await createUser(db, org.id, {
          first_name: 'alan',
          email: 'alan@example.test',
          password_hash: hash,
        });
        await createUser(db, org.id, { first_name: 'np', email: 'nopassword@example.test' });
        await createUser(db, org.id, {
          first_name: 'inactive',
          email: 'inactive@example.test',
          status: 'inactive',
          password_hash: hash,
        });
      });

      test.each([
        ['a wrong password', 'alan@example.test', 'wrong password'],
        ['an unknown email', 'nobody@example.test', 'enigma-1941'],
        ['a user without a password (not yet invited)', 'nopassword@example.test', 'anything1'],
        ['an inactive user', 'inactive@example.test', 'enigma-1941'],
        ['SQL in the email', "alan@example.test' OR '1'='1", 'enigma-1941'],
      ])('answers 401 "Invalid email or password" for %s', async (_case, email, password) => {
        const { app } = context();
        const response = await call(app, 'POST', '/auth/login', { body: { email, password } });

        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          message: 'Invalid email or password',
          code: 'unauthorized',
        });
      });
    });

    test('refuses the 11th attempt within a minute after 10 failures with 429, even with the right password', async () => {
      const { app, db } = context();
      const org = await createOrganization(db);
      await createUser(db, org.id, {
        first_name: 'limited',
        email: 'limited@example.test',
        password_hash: await hashPassword('right-password', LEGACY_COST),
      });
      const attempt = (
        password: string,
        remoteAddress = '10.0.0.1',
        email = 'limited@example.test',
      ) => call(app, 'POST', '/auth/login', { body: { email, password }, remoteAddress });

      for (let failure = 1; failure <= 10; failure += 1) {
        expect((await attempt('wrong-password')).statusCode).toBe(401);
      }
      const blocked = await attempt('right-password');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('too_many_requests');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

      // The limit is per email and address: the same person elsewhere, or another email here, is not blocked.
      expect((await attempt('right-password', '10.0.0.2')).statusCode).toBe(200);
      expect((await attempt('whatever', '10.0.0.1', 'other@example.test')).statusCode).toBe(401);
    });

    test('answers 400 naming the field when email or password is missing', async () => {
      const { app } = context();
      const response = await call(app, 'POST', '/auth/login', { body: { email: 'a@b.test' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'password', message: 'is required' }]);
    });
  });

  describe('tokens', () => {
    const user = () => context();

    test.each([
      ['no Authorization header', () => undefined],
      ['a garbled token', () => 'not.a.token'],
      [
        'a token signed with another secret',
        (id: string, org: string) =>
          signToken(
            { id, email: 'x@y.test', full_name: null, role: 'admin', organization_id: org },
            'another-secret-another-secret-1234',
            3600,
          ),
      ],
      [
        'an expired token',
        (id: string, org: string) =>
          signToken(
            { id, email: 'x@y.test', full_name: null, role: 'admin', organization_id: org },
            TEST_JWT_SECRET,
            60,
            new Date(Date.now() - 2 * 60_000),
          ),
      ],
      [
        'an unsigned (alg none) token',
        (id: string, org: string) => {
          const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
            'base64url',
          );
          const payload = Buffer.from(
            JSON.stringify({
              sub: id,
              role: 'admin',
              organization_id: org,
              exp: Date.now() / 1000 + 600,
            }),
          ).toString('base64url');
          return `${header}.${payload}.`;
        },
      ],
    ])('answers 401 for %s', async (_case, makeToken) => {
      const { app, db } = user();
      const org = await createOrganization(db);
      const token = makeToken(org.admin.id, org.id);
      const response = await call(app, 'GET', '/tasks/', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthorized');
    });

    test('a token for a role the API does not know is refused', async () => {
      const { app, db } = user();
      const org = await createOrganization(db);
      const token = signToken(
        {
          id: org.admin.id,
          email: 'x@y.test',
          full_name: null,
          // A role outside the contract, as a stale or hand-made token might carry.
          role: 'owner' as Role,
          organization_id: org.id,
        },
        TEST_JWT_SECRET,
        600,
      );
      expect((await call(app, 'GET', '/tasks/', { token })).statusCode).toBe(401);
    });
  });
});
