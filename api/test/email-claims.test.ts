/**
 * Who holds an email address (issue 24, item 11): sign-up and adding a person answer the same
 * whether or not the address belongs to someone, and an address is held against others only
 * once its owner has followed a link mailed to it (docs/accounts.md, "Who holds an address").
 * Real SMTP server: links are read from the mails that arrived.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../src/lib/passwords';
import { startTestSmtpServer, type TestSmtpServer } from '../src/mail/test-smtp-server';
import type { AppConfig } from '../src/plugins/config';
import {
  LEGACY_COST,
  call,
  createOrganization,
  createUser,
  setupTestApp,
  testDatabases,
  type TestOrganization,
} from './helper';

jest.setTimeout(60_000);

const PASSWORD = 'a long enough password';

let addressSequence = 0;
const newAddress = () =>
  `10.24.${Math.floor(addressSequence / 250)}.${(addressSequence++ % 250) + 1}`;
const newEmail = (prefix: string) => `${prefix}-${randomUUID()}@example.test`;
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

function signUp(app: FastifyInstance, email: string, password = PASSWORD) {
  return call(app, 'POST', '/auth/signup', {
    body: { email, password, name: 'Asha Verma', organization_name: 'Acme Labs' },
    remoteAddress: newAddress(),
  });
}

function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  return call(app, 'POST', '/auth/login', {
    body: { email, password },
    remoteAddress: newAddress(),
  });
}

/** What a client can compare between two answers: status, shape and the user's fields. */
function observable(response: { statusCode: number; json(): Record<string, unknown> }) {
  const body = response.json() as { token?: string; user?: Record<string, unknown> };
  return {
    status: response.statusCode,
    keys: Object.keys(body).sort(),
    userKeys: Object.keys(body.user ?? {}).sort(),
    role: body.user?.role,
    tokenLooksLikeAJwt: /^[\w-]+\.[\w-]+\.[\w-]+$/.test(body.token ?? ''),
  };
}

describe.each(testDatabases())('email claims on %s', (kind) => {
  const settings: Partial<AppConfig> = { publicUrl: 'https://duly.test' };
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    settings.smtpUrl = smtp.url;
  });
  afterAll(() => smtp.close());
  const context = setupTestApp(kind, settings);
  let org: TestOrganization;
  beforeAll(async () => {
    org = await createOrganization(context().db, 'Acme Labs');
  });

  /** Someone of `org` who has set a password. */
  async function personWithPassword() {
    const email = newEmail('owner');
    await createUser(context().db, org.id, {
      first_name: 'Ravi',
      email,
      password_hash: await hashPassword(PASSWORD, LEGACY_COST),
    });
    return email;
  }

  describe('sign-up', () => {
    test('an email that has an account gets the same answer as a new one, and the account is untouched', async () => {
      const { app } = context();
      const taken = await personWithPassword();
      const fresh = newEmail('fresh');

      const forTaken = await signUp(app, taken, 'the prober’s password');
      const forFresh = await signUp(app, fresh);
      expect(observable(forTaken)).toEqual(observable(forFresh));
      expect(observable(forFresh)).toEqual({
        status: 201,
        keys: ['token', 'user'],
        userKeys: ['email', 'full_name', 'id', 'organization_id', 'role'],
        role: 'admin',
        tokenLooksLikeAJwt: true,
      });

      // The owner is told, with no link; the account still signs in with its own password only.
      const told = await smtp.waitForMail(taken);
      expect(told.subject).toBe('Your Duly account');
      expect(told.text).toContain('already has a Duly account');
      expect(told.links.filter((link) => link.includes('token='))).toEqual([]);
      expect((await signIn(app, taken)).statusCode).toBe(200);
      expect((await signIn(app, taken, 'the prober’s password')).statusCode).toBe(401);
    });

    test('a new address is held only once the mailed link is followed; then it signs in', async () => {
      const { app } = context();
      const email = newEmail('founder');
      const signedUp = await signUp(app, email);
      expect(signedUp.statusCode).toBe(201);
      // Signed in at once (spec: after sign-up, the dashboard).
      const token = signedUp.json().token as string;
      expect((await call(app, 'GET', '/profile', { token })).statusCode).toBe(200);
      // Not held yet: signing in again by email waits for the confirmation, like a stranger's.
      expect((await signIn(app, email)).statusCode).toBe(401);

      const mail = await smtp.waitForMail(email);
      expect(mail.subject).toBe('Confirm your email for Duly');
      const [link] = mail.links;
      expect(link).toMatch(/^https:\/\/duly\.test\/verify-email\?token=[\w-]{43}$/);
      const confirmed = await call(app, 'POST', '/auth/verify-email', {
        body: { token: tokenOf(link) },
        remoteAddress: newAddress(),
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().user).toEqual(signedUp.json().user);
      expect((await signIn(app, email)).statusCode).toBe(200);

      const again = await call(app, 'POST', '/auth/verify-email', {
        body: { token: tokenOf(link) },
        remoteAddress: newAddress(),
      });
      expect(again.statusCode).toBe(410);
      expect(again.json().code).toBe('link_used');
    });

    test('signing up with someone else’s email first does not block their employer’s invitation', async () => {
      const { app } = context();
      const victim = newEmail('victim');
      expect((await signUp(app, victim, 'the squatter’s password')).statusCode).toBe(201);

      const added = await call(app, 'POST', '/employees/', {
        token: org.admin.token,
        body: { firstName: 'Meera', email: victim },
      });
      expect(added.statusCode).toBe(201);
      const invitation = await smtp.waitForMail(victim, (m) =>
        m.links[0]?.includes('accept-invite'),
      );
      const accepted = await call(app, 'POST', '/auth/accept-invite', {
        body: { token: tokenOf(invitation.links[0]), password: PASSWORD },
        remoteAddress: newAddress(),
      });
      expect(accepted.statusCode).toBe(200);
      const signedIn = await signIn(app, victim);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.organization_id).toBe(org.id);

      // The squatter's confirmation link went to the victim's inbox; it cannot take the
      // address from an account that has a password.
      const confirmation = await smtp.waitForMail(victim, (m) =>
        m.links[0]?.includes('verify-email'),
      );
      const taken = await call(app, 'POST', '/auth/verify-email', {
        body: { token: tokenOf(confirmation.links[0]) },
        remoteAddress: newAddress(),
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('email_taken');
      expect((await signIn(app, victim)).json().user.organization_id).toBe(org.id);
    });
  });

  describe('POST /employees', () => {
    test('an email of another organisation gets the same answer as a new one', async () => {
      const { app, db } = context();
      const other = await createOrganization(db, 'Other Ltd');
      const theirs = newEmail('theirs');
      await createUser(db, other.id, {
        first_name: 'Kiran',
        email: theirs,
        password_hash: await hashPassword(PASSWORD, LEGACY_COST),
      });
      const add = (email: string) =>
        call(app, 'POST', '/employees/', {
          token: org.admin.token,
          body: { firstName: 'Kiran', lastName: 'Rao', email },
        });
      const forTheirs = await add(theirs);
      const forFresh = await add(newEmail('fresh-employee'));
      const comparable = (response: typeof forTheirs) => {
        const { id, email, created_at, updated_at, ...rest } = response.json();
        return {
          status: response.statusCode,
          rest,
          typed: [id, email, created_at, updated_at].map((v) => typeof v),
        };
      };
      expect(comparable(forTheirs)).toEqual(comparable(forFresh));
      expect(forTheirs.statusCode).toBe(201);

      // Their account is untouched: it still signs in, in its own organisation.
      const signedIn = await signIn(app, theirs);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.organization_id).toBe(other.id);

      // The invitation reaches the owner of the address, who is told on accepting that the
      // address already has an account.
      const invitation = await smtp.waitForMail(theirs, (m) =>
        m.links[0]?.includes('accept-invite'),
      );
      const accepted = await call(app, 'POST', '/auth/accept-invite', {
        body: { token: tokenOf(invitation.links[0]), password: 'another password' },
        remoteAddress: newAddress(),
      });
      expect(accepted.statusCode).toBe(409);
      expect(accepted.json()).toEqual({
        code: 'email_taken',
        message: expect.stringContaining('already has a Duly account'),
      });
      expect((await signIn(app, theirs)).json().user.organization_id).toBe(other.id);
    });

    test('an email already in the same organisation is still a 409 (the admin sees that list anyway)', async () => {
      const { app } = context();
      const answer = await call(app, 'POST', '/employees/', {
        token: org.admin.token,
        body: { email: org.employee.email.toUpperCase() },
      });
      expect(answer.statusCode).toBe(409);
    });
  });

  describe('PUT /employees/{id}', () => {
    /** Status and the fields a client sees, without the values that differ per person. */
    const comparable = (response: { statusCode: number; json(): Record<string, unknown> }) => {
      const {
        id: _id,
        email: _email,
        created_at: _created,
        updated_at: _updated,
        ...rest
      } = response.json();
      return { status: response.statusCode, rest };
    };

    async function personOfOtherOrganization() {
      const { db } = context();
      const other = await createOrganization(db, 'Other Ltd');
      const theirs = newEmail('theirs');
      await createUser(db, other.id, {
        first_name: 'Kiran',
        email: theirs,
        password_hash: await hashPassword(PASSWORD, LEGACY_COST),
      });
      return { other, theirs };
    }

    test("an invitee's email changed to another organisation's address answers as for a free one", async () => {
      const { app } = context();
      const { other, theirs } = await personOfOtherOrganization();
      const addInvitee = async () =>
        (
          await call(app, 'POST', '/employees/', {
            token: org.admin.token,
            body: { firstName: 'Meera', lastName: 'Iyer', email: newEmail('invitee') },
          })
        ).json().id as string;
      const change = async (email: string) =>
        call(app, 'PUT', `/employees/${await addInvitee()}`, {
          token: org.admin.token,
          body: { email },
        });
      const forTheirs = await change(theirs);
      const forFresh = await change(newEmail('fresh'));
      expect(forTheirs.statusCode).toBe(200);
      expect(comparable(forTheirs)).toEqual(comparable(forFresh));
      expect(forTheirs.json().email).toBe(theirs);

      // Their account is untouched, and the invitation to the address cannot take it.
      expect((await signIn(app, theirs)).json().user.organization_id).toBe(other.id);
      const invitation = await smtp.waitForMail(theirs, (m) =>
        m.links[0]?.includes('accept-invite'),
      );
      const accepted = await call(app, 'POST', '/auth/accept-invite', {
        body: { token: tokenOf(invitation.links[0]), password: 'another password' },
        remoteAddress: newAddress(),
      });
      expect(accepted.statusCode).toBe(409);
      expect((await signIn(app, theirs)).json().user.organization_id).toBe(other.id);
    });

    test("a member's email changed to another organisation's address waits for a confirmation mailed there, and their account is untouched", async () => {
      const { app, db } = context();
      const { other, theirs } = await personOfOtherOrganization();
      const member = await createUser(db, org.id, {
        password_hash: await hashPassword(PASSWORD, LEGACY_COST),
      });
      const answer = await call(app, 'PUT', `/employees/${member.id}`, {
        token: org.admin.token,
        body: { email: theirs },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ email: member.email, pending_email: theirs });

      const confirmation = await smtp.waitForMail(theirs, (m) =>
        m.links[0]?.includes('confirm-email'),
      );
      expect(confirmation.links[0]).toContain('confirm-email');
      expect((await signIn(app, theirs)).json().user.organization_id).toBe(other.id);
    });
  });
});
