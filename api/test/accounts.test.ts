/**
 * Invitations and password resets (issue 14) through HTTP, with a real SMTP server: the links
 * are read from the mails the way a person would follow them.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashLinkToken } from '../src/accounts/links';
import { buildApp } from '../src/app';
import { startTestSmtpServer, type TestSmtpServer } from '../src/mail/test-smtp-server';
import type { AppConfig } from '../src/plugins/config';
import { ACCOUNT_LIMITS } from '../src/lib/request-limiter';
import { FORGOT_PASSWORD_ANSWER, PASSWORD_RESET_ANSWER } from '../src/routes/accounts';
import type { Db } from '../src/db/tables';
import {
  call,
  createOrganization,
  createUser,
  setupTestApp,
  testConfig,
  testDatabases,
  type TestOrganization,
} from './helper';

jest.setTimeout(30_000);

const PUBLIC_URL = 'https://duly.test';

/** Each test its own client address, so the per-address limits of one never touch another. */
let addressSequence = 0;
const newAddress = () =>
  `10.0.${Math.floor(addressSequence / 250)}.${(addressSequence++ % 250) + 1}`;

let emailSequence = 0;
const newEmail = (prefix: string) =>
  `${prefix}-${(emailSequence += 1)}-${randomBytes(3).toString('hex')}@example.test`;

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

/** Adds a person through the API as `by`, and returns them with the link mailed to them. */
async function addPerson(
  app: FastifyInstance,
  smtp: TestSmtpServer,
  by: TestOrganization['admin'],
  fields: Record<string, unknown> = {},
) {
  const email = newEmail('invitee');
  const response = await call(app, 'POST', '/employees/', {
    token: by.token,
    body: { firstName: 'Meera', lastName: 'Iyer', email, ...fields },
  });
  expect(response.statusCode).toBe(201);
  const mail = await smtp.waitForMail(email);
  return { person: response.json(), email, mail, link: mail.links[0] };
}

async function expireLinksOf(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

describe.each(testDatabases())('accounts on %s', (kind) => {
  const settings: Partial<AppConfig> = { publicUrl: PUBLIC_URL };
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

  describe('invitations', () => {
    test('adding a person mails them an invitation to /accept-invite on PUBLIC_URL, whatever the Host header', async () => {
      const { app, db } = context();
      const email = newEmail('host');
      const response = await call(app, 'POST', '/employees/', {
        token: org.admin.token,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        body: { firstName: 'Meera', lastName: 'Iyer', email },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().invitation_pending).toBe(true);

      const mail = await smtp.waitForMail(email);
      expect(mail.subject).toBe('You are invited to Acme Labs on Duly');
      expect(mail.text).toContain('Hello Meera,');
      expect(mail.links).toHaveLength(1);
      expect(mail.links[0]).toMatch(/^https:\/\/duly\.test\/accept-invite\?token=[\w-]{43}$/);
      expect(mail.html).toContain(mail.links[0]);
      expect(mail.text).not.toContain('evil.example');

      // Only the token's hash is stored.
      const rows = await db
        .selectFrom('account_tokens')
        .selectAll()
        .where('user_id', '=', response.json().id)
        .execute();
      expect(rows).toEqual([
        expect.objectContaining({
          token_hash: hashLinkToken(tokenOf(mail.links[0])),
          purpose: 'invitation',
          used_at: null,
          organization_id: org.id,
        }),
      ]);
      const lifetime = Date.parse(rows[0].expires_at) - Date.parse(rows[0].created_at);
      expect(lifetime).toBe(7 * 24 * 60 * 60 * 1000);
    });

    test('the list and the page show invitation_pending until the person accepts', async () => {
      const { app } = context();
      const { person, link } = await addPerson(app, smtp, org.manager);
      const pendingOf = async () => {
        const detail = await call(app, 'GET', `/employees/${person.id}`, {
          token: org.admin.token,
        });
        const list = await call(app, 'GET', '/employees/', {
          token: org.admin.token,
          query: { q: person.email },
        });
        return [detail.json().invitation_pending, list.json()[0].invitation_pending];
      };
      expect(await pendingOf()).toEqual([true, true]);
      const accepted = await call(app, 'POST', '/auth/accept-invite', {
        body: { token: tokenOf(link), password: 'a new password' },
        remoteAddress: newAddress(),
      });
      expect(accepted.statusCode).toBe(200);
      expect(await pendingOf()).toEqual([false, false]);
      // Anyone with a password (signed up, or given one) is not pending.
      const withPassword = await createUser(context().db, org.id, { password_hash: 'a hash' });
      const other = await call(app, 'GET', `/employees/${withPassword.id}`, {
        token: org.admin.token,
      });
      expect(other.json().invitation_pending).toBe(false);
    });

    test('GET /auth/invitation tells who the link is for; accepting it signs in like /auth/login, once', async () => {
      const { app } = context();
      const { person, email, link } = await addPerson(app, smtp, org.admin, { role: 'manager' });
      const token = tokenOf(link);

      const details = await call(app, 'GET', '/auth/invitation', { query: { token } });
      expect(details.statusCode).toBe(200);
      expect(details.json()).toEqual({
        full_name: 'Meera Iyer',
        email,
        organization_name: 'Acme Labs',
      });

      const address = newAddress();
      const accepted = await call(app, 'POST', '/auth/accept-invite', {
        body: { token, password: 'correct horse battery' },
        remoteAddress: address,
      });
      expect(accepted.statusCode).toBe(200);
      const session = accepted.json();
      expect(session.user).toEqual({
        id: person.id,
        email,
        full_name: 'Meera Iyer',
        role: 'manager',
        organization_id: org.id,
      });
      // The token works on the API, as a login's does.
      const me = await call(app, 'GET', `/organizations/${org.id}`, { token: session.token });
      expect(me.statusCode).toBe(200);

      const login = await call(app, 'POST', '/auth/login', {
        body: { email, password: 'correct horse battery' },
        remoteAddress: address,
      });
      expect(login.statusCode).toBe(200);
      expect(Object.keys(login.json()).sort()).toEqual(Object.keys(session).sort());
      expect(login.json().user).toEqual(session.user);

      // Used: refused, with a code that says so and a message that says what to do.
      const again = await call(app, 'POST', '/auth/accept-invite', {
        body: { token, password: 'someone else now' },
        remoteAddress: address,
      });
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({
        code: 'link_used',
        message: expect.stringMatching(/already been used.*ask your manager for a new invitation/i),
      });
      const lookup = await call(app, 'GET', '/auth/invitation', { query: { token } });
      expect(lookup.statusCode).toBe(410);
      expect(lookup.json().code).toBe('link_used');
      // The password is still the one set first.
      const stillFirst = await call(app, 'POST', '/auth/login', {
        body: { email, password: 'someone else now' },
        remoteAddress: address,
      });
      expect(stillFirst.statusCode).toBe(401);
    });

    test('an expired invitation is refused with link_expired and nothing changes', async () => {
      const { app, db } = context();
      const { person, link } = await addPerson(app, smtp, org.admin);
      await expireLinksOf(db, person.id);

      const lookup = await call(app, 'GET', '/auth/invitation', {
        query: { token: tokenOf(link) },
      });
      expect(lookup.statusCode).toBe(410);
      expect(lookup.json()).toEqual({
        code: 'link_expired',
        message: expect.stringMatching(/has expired.*Ask your manager for a new one/),
      });
      const accept = await call(app, 'POST', '/auth/accept-invite', {
        body: { token: tokenOf(link), password: 'correct horse battery' },
        remoteAddress: newAddress(),
      });
      expect(accept.statusCode).toBe(410);
      expect(accept.json().code).toBe('link_expired');
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toBeNull();
    });

    test('an unknown token is refused as expired; a short password is a 400 that leaves the link working', async () => {
      const { app } = context();
      const unknown = await call(app, 'GET', '/auth/invitation', {
        query: { token: randomBytes(32).toString('base64url') },
      });
      expect(unknown.statusCode).toBe(410);
      expect(unknown.json().code).toBe('link_expired');

      const { link } = await addPerson(app, smtp, org.admin);
      const address = newAddress();
      const short = await call(app, 'POST', '/auth/accept-invite', {
        body: { token: tokenOf(link), password: 'short' },
        remoteAddress: address,
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toEqual([{ path: 'password', message: expect.any(String) }]);
      const accepted = await call(app, 'POST', '/auth/accept-invite', {
        body: { token: tokenOf(link), password: 'long enough now' },
        remoteAddress: address,
      });
      expect(accepted.statusCode).toBe(200);
    });

    test('two accepts of one link at the same moment: exactly one succeeds', async () => {
      const { app } = context();
      const { link } = await addPerson(app, smtp, org.admin);
      const answers = await Promise.all(
        ['first password!', 'second password'].map((password) =>
          call(app, 'POST', '/auth/accept-invite', {
            body: { token: tokenOf(link), password },
            remoteAddress: newAddress(),
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    });

    test('resending mails a new link and the old one stops working', async () => {
      const { app } = context();
      const { person, email, link: first } = await addPerson(app, smtp, org.admin);
      const resent = await call(app, 'POST', `/employees/${person.id}/invitation`, {
        token: org.manager.token,
      });
      expect(resent.statusCode).toBe(202);
      expect(resent.json()).toEqual({ message: `Invitation sent to ${email}` });
      const second = await smtp.waitForMail(email, (mail) => !mail.links.includes(first));
      const newLink = second.links[0];
      expect(newLink).not.toBe(first);

      const old = await call(app, 'GET', '/auth/invitation', { query: { token: tokenOf(first) } });
      expect(old.statusCode).toBe(410);
      expect(old.json().code).toBe('link_expired');
      const accepted = await call(app, 'POST', '/auth/accept-invite', {
        body: { token: tokenOf(newLink), password: 'the second link works' },
        remoteAddress: newAddress(),
      });
      expect(accepted.statusCode).toBe(200);

      // Now they have a password: nothing to resend.
      const after = await call(app, 'POST', `/employees/${person.id}/invitation`, {
        token: org.admin.token,
      });
      expect(after.statusCode).toBe(409);
      expect(after.json().message).toMatch(/already set a password.*Forgot password\?/);
    });

    test('a manager cannot re-invite an admin; nobody can re-invite an inactive person', async () => {
      const { app, db } = context();
      const pendingAdmin = await createUser(db, org.id, { role: 'admin' });
      const asManager = await call(app, 'POST', `/employees/${pendingAdmin.id}/invitation`, {
        token: org.manager.token,
      });
      expect(asManager.statusCode).toBe(403);
      const asAdmin = await call(app, 'POST', `/employees/${pendingAdmin.id}/invitation`, {
        token: org.admin.token,
      });
      expect(asAdmin.statusCode).toBe(202);

      const inactive = await createUser(db, org.id, { status: 'inactive' });
      const refused = await call(app, 'POST', `/employees/${inactive.id}/invitation`, {
        token: org.admin.token,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/inactive/);
    });

    test('a person deactivated after being invited cannot accept', async () => {
      const { app } = context();
      const { person, link } = await addPerson(app, smtp, org.admin);
      await call(app, 'PUT', `/employees/${person.id}`, {
        token: org.admin.token,
        body: { status: 'inactive' },
      });
      const accept = await call(app, 'POST', '/auth/accept-invite', {
        body: { token: tokenOf(link), password: 'correct horse battery' },
        remoteAddress: newAddress(),
      });
      expect(accept.statusCode).toBe(410);
    });
  });

  describe('password reset', () => {
    async function personWithPassword(password: string) {
      const { app } = context();
      const { email, link } = await addPerson(app, smtp, org.admin, { firstName: 'Ravi' });
      const accepted = await call(app, 'POST', '/auth/accept-invite', {
        body: { token: tokenOf(link), password },
        remoteAddress: newAddress(),
      });
      expect(accepted.statusCode).toBe(200);
      return { email, id: accepted.json().user.id as string };
    }

    async function askForReset(email: string, address = newAddress()) {
      return call(context().app, 'POST', '/auth/forgot-password', {
        body: { email },
        remoteAddress: address,
      });
    }

    test('a known and an unknown email get the same answer; only the known one gets a mail', async () => {
      const { email } = await personWithPassword('my first password');
      const unknownEmail = newEmail('nobody');
      const unknown = await askForReset(unknownEmail);
      const known = await askForReset(email.toUpperCase());

      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });

      const mail = await smtp.waitForMail(email, (m) => m.subject === 'Reset your Duly password');
      expect(mail.text).toContain('Hello Ravi,');
      expect(mail.links[0]).toMatch(/^https:\/\/duly\.test\/reset-password\?token=[\w-]{43}$/);
      expect(mail.text).toContain('1 hour');
      // Both were handled after their answers; the known one's mail has arrived, so the
      // unknown one (asked first) would have too.
      expect(smtp.mailsTo(unknownEmail)).toEqual([]);
    });

    test('the reset link sets a new password once; the old password stops working', async () => {
      const { app, db } = context();
      const { email, id } = await personWithPassword('my first password');
      await askForReset(email);
      const mail = await smtp.waitForMail(email, (m) => m.subject === 'Reset your Duly password');
      const token = tokenOf(mail.links[0]);
      const row = await db
        .selectFrom('account_tokens')
        .selectAll()
        .where('token_hash', '=', hashLinkToken(token))
        .executeTakeFirstOrThrow();
      expect(row.purpose).toBe('password_reset');
      expect(row.user_id).toBe(id);
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);

      const address = newAddress();
      const reset = await call(app, 'POST', '/auth/reset-password', {
        body: { token, password: 'my second password' },
        remoteAddress: address,
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: PASSWORD_RESET_ANSWER });

      const login = (password: string) =>
        call(app, 'POST', '/auth/login', { body: { email, password }, remoteAddress: address });
      expect((await login('my second password')).statusCode).toBe(200);
      expect((await login('my first password')).statusCode).toBe(401);

      const again = await call(app, 'POST', '/auth/reset-password', {
        body: { token, password: 'my third password' },
        remoteAddress: address,
      });
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({
        code: 'link_used',
        message: expect.stringMatching(/already been used.*Forgot password\?/),
      });
      expect((await login('my second password')).statusCode).toBe(200);
    });

    test('a reset ends the old sessions on this instance at once, not after the version cache ages out', async () => {
      const { app } = context();
      const { email } = await personWithPassword('my first password');
      const address = newAddress();
      const signedIn = await call(app, 'POST', '/auth/login', {
        body: { email, password: 'my first password' },
        remoteAddress: address,
      });
      const oldToken = signedIn.json().token as string;
      // Used once, so this instance holds the person's token version (for 5 s in the tests).
      expect((await call(app, 'GET', '/profile', { token: oldToken })).statusCode).toBe(200);

      await askForReset(email);
      const mail = await smtp.waitForMail(email, (m) => m.subject === 'Reset your Duly password');
      const reset = await call(app, 'POST', '/auth/reset-password', {
        body: { token: tokenOf(mail.links[0]), password: 'my second password' },
        remoteAddress: address,
      });
      expect(reset.statusCode).toBe(200);

      const stale = await call(app, 'GET', '/profile', { token: oldToken });
      expect(stale.statusCode).toBe(401);
    });

    test('an expired or replaced reset link is refused with link_expired', async () => {
      const { app, db } = context();
      const { email, id } = await personWithPassword('my first password');
      await askForReset(email);
      const first = await smtp.waitForMail(email, (m) => m.subject === 'Reset your Duly password');
      await askForReset(email);
      const second = await smtp.waitForMail(
        email,
        (m) => m.subject === 'Reset your Duly password' && m.links[0] !== first.links[0],
      );

      const replaced = await call(app, 'POST', '/auth/reset-password', {
        body: { token: tokenOf(first.links[0]), password: 'a replaced link' },
        remoteAddress: newAddress(),
      });
      expect(replaced.statusCode).toBe(410);
      expect(replaced.json().code).toBe('link_expired');

      await expireLinksOf(db, id);
      const expired = await call(app, 'POST', '/auth/reset-password', {
        body: { token: tokenOf(second.links[0]), password: 'an expired link' },
        remoteAddress: newAddress(),
      });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({
        code: 'link_expired',
        message: expect.stringMatching(/has expired.*Forgot password\?/),
      });
    });

    test('a password changed on the profile ends a pending reset link', async () => {
      const { app } = context();
      const { email } = await personWithPassword('my first password');
      await askForReset(email);
      const mail = await smtp.waitForMail(email, (m) => m.subject === 'Reset your Duly password');
      const address = newAddress();
      const signedIn = await call(app, 'POST', '/auth/login', {
        body: { email, password: 'my first password' },
        remoteAddress: address,
      });
      const changed = await call(app, 'PUT', '/profile/password', {
        token: signedIn.json().token,
        body: { current_password: 'my first password', new_password: 'my second password' },
        remoteAddress: address,
      });
      expect(changed.statusCode).toBe(200);

      const reset = await call(app, 'POST', '/auth/reset-password', {
        body: { token: tokenOf(mail.links[0]), password: 'whoever has the mail' },
        remoteAddress: newAddress(),
      });
      expect(reset.statusCode).toBe(410);
      expect(reset.json().code).toBe('link_expired');
      const login = await call(app, 'POST', '/auth/login', {
        body: { email, password: 'my second password' },
        remoteAddress: address,
      });
      expect(login.statusCode).toBe(200);
    });

    test('someone who has not accepted their invitation gets a new invitation; an inactive person nothing', async () => {
      const { app, db } = context();
      const { email, link } = await addPerson(app, smtp, org.admin);
      await askForReset(email);
      const mail = await smtp.waitForMail(email, (m) => !m.links.includes(link));
      expect(mail.subject).toBe('You are invited to Acme Labs on Duly');
      expect(mail.links[0]).toMatch(/\/accept-invite\?token=/);

      const inactive = await createUser(db, org.id, { status: 'inactive', password_hash: 'x' });
      await askForReset(inactive.email);
      const { email: known } = await personWithPassword('my first password');
      await askForReset(known);
      await smtp.waitForMail(known, (m) => m.subject === 'Reset your Duly password');
      expect(smtp.mailsTo(inactive.email)).toEqual([]);
    });
  });

  describe('limits that hold under concurrent requests', () => {
    test('forgot-password: per address, the cap is exact when every request arrives at once', async () => {
      const { app } = context();
      const address = newAddress();
      const { max } = ACCOUNT_LIMITS.forgotPerAddress;
      const answers = await Promise.all(
        Array.from({ length: max + 10 }, () =>
          call(app, 'POST', '/auth/forgot-password', {
            body: { email: newEmail('flood') },
            remoteAddress: address,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 202)).toHaveLength(max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      const refused = answers.find((answer) => answer.statusCode === 429)!;
      expect(refused.json()).toEqual({
        code: 'too_many_requests',
        message: expect.stringMatching(
          /^Too many requests from your address\. Try again in \d+ minutes?\.$/,
        ),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      const other = await call(app, 'POST', '/auth/forgot-password', {
        body: { email: newEmail('other') },
        remoteAddress: newAddress(),
      });
      expect(other.statusCode).toBe(202);
    });

    test('forgot-password: per email, a few mails then 429, known and unknown alike', async () => {
      const { app } = context();
      const address = newAddress();
      const { max } = ACCOUNT_LIMITS.forgotPerEmail;
      const email = newEmail('unknown');
      const answers = await Promise.all(
        Array.from({ length: max + 3 }, () =>
          call(app, 'POST', '/auth/forgot-password', { body: { email }, remoteAddress: address }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([...Array(max).fill(202), ...Array(3).fill(429)]);
    });

    test('accept-invite and reset-password: links that do not work, per address, counted when admitted', async () => {
      const { app } = context();
      const address = newAddress();
      const { max } = ACCOUNT_LIMITS.linkFailuresPerAddress;
      const answers = await Promise.all(
        Array.from({ length: max + 6 }, (_, index) =>
          call(app, 'POST', index % 2 ? '/auth/accept-invite' : '/auth/reset-password', {
            body: { token: randomBytes(32).toString('base64url'), password: 'a guess at a link' },
            remoteAddress: address,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 410)).toHaveLength(max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    });

    test('links that work never use up the allowance of an office behind one address', async () => {
      const { app } = context();
      const office = newAddress();
      const { max } = ACCOUNT_LIMITS.linkFailuresPerAddress;
      const invitations = [];
      for (let index = 0; index <= max; index += 1) {
        invitations.push(await addPerson(app, smtp, org.admin));
      }
      const statuses = [];
      for (const { link } of invitations) {
        const accepted = await call(app, 'POST', '/auth/accept-invite', {
          body: { token: tokenOf(link), password: 'a new password' },
          remoteAddress: office,
        });
        statuses.push(accepted.statusCode);
      }
      expect(statuses).toEqual(Array(max + 1).fill(200));
    });
  });

  test('a failing mail server does not fail adding a person', async () => {
    const { db } = context();
    // A port nobody listens on: the mail fails after the answer.
    const brokenApp = await buildApp({ config: testConfig({ smtpUrl: 'smtp://127.0.0.1:1' }), db });
    try {
      const response = await call(brokenApp, 'POST', '/employees/', {
        token: org.admin.token,
        body: { email: newEmail('nomail') },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().invitation_pending).toBe(true);
    } finally {
      await brokenApp.close();
    }
  });
});
