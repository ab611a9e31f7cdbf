/**
 * The global sign-in lookup `user_emails` (migration 010, docs/scaling.md stage 4): an email
 * is held by at most one person across every organisation, every claim stays in step with
 * `users` through every way a user is created or changes email, and its primary key decides
 * between two requests that take one email at the same moment. Not everyone holds their
 * address (issue 24: a sign-up until confirmed, someone added with another organisation's
 * address until they accept; test/email-claims.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../src/db/connection';
import { insertUser } from '../src/db/repositories/users';
import { hashPassword } from '../src/lib/passwords';
import type { Db } from '../src/db/tables';
import { call, createOrganization, setupTestApp, testDatabases } from './helper';

/** Every user's email and owner, and every claim in the lookup. */
async function claimsAndUsers(db: Db) {
  const users = await db
    .selectFrom('users')
    .select(['email', 'organization_id', 'id as user_id'])
    .orderBy('email')
    .execute();
  const claims = await db
    .selectFrom('user_emails')
    .select(['email', 'organization_id', 'user_id'])
    .orderBy('email')
    .execute();
  return { users, claims };
}

describe.each(testDatabases())('the global email lookup on %s', (kind) => {
  const context = setupTestApp(kind);

  // Every claim is a user's, under that user's email.
  afterEach(async () => {
    const { users, claims } = await claimsAndUsers(context().db);
    expect(users).toEqual(expect.arrayContaining(claims));
  });

  test('one email added at the same moment in two organisations: one person in each, one holds it', async () => {
    const { app } = context();
    const [north, south] = [
      await createOrganization(context().db),
      await createOrganization(context().db),
    ];
    const email = 'contested@example.test';
    const responses = await Promise.all(
      [north, south, north, south].map((org, i) =>
        call(app, 'POST', '/employees/', {
          token: org.manager.token,
          body: { email: i % 2 ? email.toUpperCase() : email, firstName: `Racer${i}` },
        }),
      ),
    );
    // Within one organisation an email is one person's; which other organisation has it is
    // never told (the same 201).
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
      });
    }
    const claims = await context()
      .db.selectFrom('user_emails')
      .select('user_id')
      .where('email', '=', email)
      .execute();
    expect(claims).toHaveLength(1);
  });

  // The race the check before the insert cannot see: the insert itself must refuse, across
  // organisations (users' own unique index is per organisation now), as a unique violation
  // that the routes turn into 409.
  test('a second claim on an email in another organisation is refused by the lookup itself', async () => {
    const { db } = context();
    const [north, south] = [await createOrganization(db), await createOrganization(db)];
    const now = new Date().toISOString();
    const twin = {
      id: randomUUID(),
      organization_id: south.id,
      email: north.employee.email,
      first_name: 'Twin',
      last_name: null,
      full_name: 'Twin',
      phone: null,
      department: null,
      role: 'employee' as const,
      status: 'active' as const,
      password_hash: null,
      created_at: now,
      updated_at: now,
    };
    const refused = await insertUser(db, twin).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(refused)).toBe(true);
    // Nothing of the refused user is left: the user row went with the claim.
    expect(await db.selectFrom('users').select('id').where('id', '=', twin.id).execute()).toEqual(
      [],
    );
  });

  test('two sign-ups with one email at the same moment: each its organisation, none holds the email yet', async () => {
    const { app, db } = context();
    const body = (i: number) => ({
      email: 'founder-race@example.test',
      password: 'correct horse',
      name: `Founder ${i}`,
      organization_name: `Race ${i}`,
    });
    const responses = await Promise.all(
      [0, 1, 2].map((i) => call(app, 'POST', '/auth/signup', { body: body(i) })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const organizations = await db
      .selectFrom('organizations')
      .select('name')
      .where('name', 'like', 'Race %')
      .execute();
    expect(organizations).toHaveLength(3);
    const claims = await db
      .selectFrom('user_emails')
      .select('user_id')
      .where('email', '=', 'founder-race@example.test')
      .execute();
    expect(claims).toEqual([]);
  });

  test('a changed email moves: the new one signs in and is taken, the old one is free', async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const other = await createOrganization(db);
    const oldEmail = org.employee.email;
    const newEmail = 'moved@example.test';

    // Invited, no password yet: the email moves at once (someone with a password confirms it
    // from the new address first: test/email-change.test.ts).
    const moved = await call(app, 'PUT', `/employees/${org.employee.id}`, {
      token: org.manager.token,
      body: { email: newEmail },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().email).toBe(newEmail);
    const password = 'a-long-enough-password';
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', org.employee.id)
      .execute();

    const signIn = (email: string) =>
      call(app, 'POST', '/auth/login', { body: { email, password }, remoteAddress: '10.1.2.3' });
    expect((await signIn(newEmail)).statusCode).toBe(200);
    expect((await signIn(oldEmail)).statusCode).toBe(401);

    const taken = await call(app, 'POST', '/employees/', {
      token: other.manager.token,
      body: { email: newEmail, firstName: 'Copy' },
    });
    // Added without holding it (the same answer as a free address): the mover keeps it.
    expect(taken.statusCode).toBe(201);
    expect((await signIn(newEmail)).json().user.id).toBe(org.employee.id);
    const reused = await call(app, 'POST', '/employees/', {
      token: other.manager.token,
      body: { email: oldEmail, firstName: 'Heir' },
    });
    expect(reused.statusCode).toBe(201);
  });

  test("an email change to a colleague's email answers 409 and changes nothing", async () => {
    const { app, db } = context();
    const org = await createOrganization(db);
    const before = await claimsAndUsers(db);
    const response = await call(app, 'PUT', `/employees/${org.employee.id}`, {
      token: org.manager.token,
      body: { email: org.colleague.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(await claimsAndUsers(db)).toEqual(before);
  });
});
