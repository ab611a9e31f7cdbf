/**
 * Changing a person's email (issue 24, item 2) through HTTP, with a real SMTP server.
 *
 * Someone who has set a password keeps their address until the change is confirmed from the
 * new one with their password: a manager who types their own address cannot take the account
 * over with 'Forgot password?'. Someone invited but not yet accepted moves at once, their old
 * links stop working and a new invitation goes to the new address.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EmailNeedsConfirmation, updateUser } from '../src/db/repositories/users';
import { hashPassword } from '../src/lib/passwords';
import { startTestSmtpServer, type TestSmtpServer } from '../src/mail/test-smtp-server';
import type { AppConfig } from '../src/plugins/config';
import {
  call,
  createOrganization,
  createUser,
  LEGACY_COST,
  setupTestApp,
  testDatabases,
  type TestOrganization,
  type TestUser,
} from './helper';

jest.setTimeout(30_000);

const PASSWORD = 'the person’s own password';
const CONFIRM_SUBJECT = 'Confirm your new email for Duly';
const NOTICE_SUBJECT = 'Your Duly email is being changed';

let addressSequence = 0;
/** Each request its own client address: no test reaches another's limits. */
const newAddress = () =>
  `10.24.${Math.floor(addressSequence / 250)}.${(addressSequence++ % 250) + 1}`;

let emailSequence = 0;
const newEmail = (prefix: string) =>
  `${prefix}-${(emailSequence += 1)}-${randomBytes(3).toString('hex')}@example.test`;

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe.each(testDatabases())('email changes on %s', (kind) => {
  const settings: Partial<AppConfig> = { publicUrl: 'https://duly.test' };
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    settings.smtpUrl = smtp.url;
  });
  afterAll(() => smtp.close());
  const context = setupTestApp(kind, settings);
  let org: TestOrganization;
  let passwordHash: string;

  beforeAll(async () => {
    org = await createOrganization(context().db, 'Acme Labs');
    passwordHash = await hashPassword(PASSWORD, LEGACY_COST);
  });

  /** Someone who has accepted their invitation: they have a password. */
  const personWithPassword = (role: TestUser['role'] = 'employee') =>
    createUser(context().db, org.id, {
      role,
      first_name: `ravi${(emailSequence += 1)}`,
      password_hash: passwordHash,
    });

  const changeEmail = (app: FastifyInstance, by: TestUser, person: { id: string }, email: string) =>
    call(app, 'PUT', `/employees/${person.id}`, { token: by.token, body: { email } });

  const signIn = (app: FastifyInstance, email: string, password = PASSWORD) =>
    call(app, 'POST', '/auth/login', { body: { email, password }, remoteAddress: newAddress() });

  const confirm = (app: FastifyInstance, link: string, password = PASSWORD) =>
    call(app, 'POST', '/auth/confirm-email', {
      body: { token: tokenOf(link), password },
      remoteAddress: newAddress(),
    });

  const confirmationTo = async (email: string) =>
    (await smtp.waitForMail(email, (mail) => mail.subject === CONFIRM_SUBJECT)).links[0];

  describe('someone who has set a password', () => {
    test('a manager who puts their own address on an employee does not get the account', async () => {
      const { app } = context();
      const victim = await personWithPassword();
      const managersInbox = newEmail('manager-alias');

      const changed = await changeEmail(app, org.manager, victim, managersInbox);
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ email: victim.email, pending_email: managersInbox });
      const page = await call(app, 'GET', `/employees/${victim.id}`, { token: org.admin.token });
      expect(page.json()).toMatchObject({ email: victim.email, pending_email: managersInbox });

      // Sign-in and resets keep the old address; the victim's session goes on.
      expect((await signIn(app, managersInbox)).statusCode).toBe(401);
      expect((await signIn(app, victim.email)).statusCode).toBe(200);
      const profile = await call(app, 'GET', '/profile/', { token: victim.token });
      expect(profile.json().email).toBe(victim.email);
      for (const email of [managersInbox, victim.email]) {
        const forgot = await call(app, 'POST', '/auth/forgot-password', {
          body: { email },
          remoteAddress: newAddress(),
        });
        expect(forgot.statusCode).toBe(202);
      }
      const reset = await smtp.waitForMail(
        victim.email,
        (mail) => mail.subject === 'Reset your Duly password',
      );
      expect(reset.links[0]).toMatch(/\/reset-password\?token=/);

      // The manager's inbox gets the confirmation, which needs the victim's password.
      const link = await confirmationTo(managersInbox);
      expect(link).toMatch(/^https:\/\/duly\.test\/confirm-email\?token=[\w-]{43}$/);
      const guessed = await confirm(app, link, 'the manager’s guess');
      expect(guessed.statusCode).toBe(400);
      expect(guessed.json().errors).toEqual([{ path: 'password', message: 'is incorrect' }]);
      expect((await signIn(app, victim.email)).statusCode).toBe(200);
      // Both forgot-password requests were handled before the reset mail arrived: the manager's
      // inbox never got a reset link.
      expect(smtp.mailsTo(managersInbox).map((mail) => mail.subject)).toEqual([CONFIRM_SUBJECT]);
    });

    test('the old address is told who asked for which address, and that nothing changes yet', async () => {
      const { app } = context();
      const person = await personWithPassword();
      const newAddressOfPerson = newEmail('new-home');
      await changeEmail(app, org.manager, person, newAddressOfPerson);

      const notice = await smtp.waitForMail(
        person.email,
        (mail) => mail.subject === NOTICE_SUBJECT,
      );
      expect(notice.text).toContain(`Hello ${person.full_name?.split(' ')[0]},`);
      expect(notice.text).toContain(`${org.manager.full_name} asked to change the email`);
      expect(notice.text).toContain('Acme Labs');
      expect(notice.text).toContain(newAddressOfPerson);
      expect(notice.text).toMatch(/until then you sign in with this address/i);
      expect(notice.links).toEqual([]);
    });

    test('the person confirms from the new address with their password: the email moves, older sessions and links end', async () => {
      const { app } = context();
      const person = await personWithPassword();
      const oldEmail = person.email;
      await call(app, 'POST', '/auth/forgot-password', {
        body: { email: oldEmail },
        remoteAddress: newAddress(),
      });
      const reset = await smtp.waitForMail(
        oldEmail,
        (mail) => mail.subject === 'Reset your Duly password',
      );
      const newEmailOfPerson = newEmail('confirmed');
      await changeEmail(app, org.admin, person, newEmailOfPerson);
      const link = await confirmationTo(newEmailOfPerson);

      const details = await call(app, 'GET', '/auth/email-change', {
        query: { token: tokenOf(link) },
      });
      expect(details.statusCode).toBe(200);
      expect(details.json()).toEqual({
        full_name: person.full_name,
        new_email: newEmailOfPerson,
        organization_name: 'Acme Labs',
      });

      const confirmed = await confirm(app, link);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().user).toEqual({
        id: person.id,
        email: newEmailOfPerson,
        full_name: person.full_name,
        role: 'employee',
        organization_id: org.id,
      });
      const fresh = await call(app, 'GET', '/profile/', { token: confirmed.json().token });
      expect(fresh.json().email).toBe(newEmailOfPerson);
      const stale = await call(app, 'GET', '/profile/', { token: person.token });
      expect(stale.statusCode).toBe(401);

      expect((await signIn(app, newEmailOfPerson)).statusCode).toBe(200);
      expect((await signIn(app, oldEmail)).statusCode).toBe(401);
      const page = await call(app, 'GET', `/employees/${person.id}`, { token: org.admin.token });
      expect(page.json()).toMatchObject({ email: newEmailOfPerson, pending_email: null });

      // The reset link mailed to the old address no longer works.
      const oldReset = await call(app, 'POST', '/auth/reset-password', {
        body: { token: tokenOf(reset.links[0]), password: 'taken over at last' },
        remoteAddress: newAddress(),
      });
      expect(oldReset.statusCode).toBe(410);
      expect(oldReset.json().code).toBe('link_expired');
      const again = await confirm(app, link);
      expect(again.statusCode).toBe(410);
      expect(again.json().code).toBe('link_used');

      // The old address is free again, the new one held by the person. (Another organisation
      // adding either gets the same 201: docs/accounts.md, "Who holds an address".)
      const other = await createOrganization(context().db);
      const holderOf = async (email: string) =>
        (
          await context()
            .db.selectFrom('user_emails')
            .select('user_id')
            .where('email', '=', email)
            .executeTakeFirst()
        )?.user_id;
      const reused = await call(app, 'POST', '/employees/', {
        token: other.admin.token,
        body: { email: oldEmail },
      });
      expect(reused.statusCode).toBe(201);
      expect(await holderOf(oldEmail)).toBe(reused.json().id);
      const taken = await call(app, 'POST', '/employees/', {
        token: other.admin.token,
        body: { email: newEmailOfPerson },
      });
      expect(taken.statusCode).toBe(201);
      expect(await holderOf(newEmailOfPerson)).toBe(person.id);
    });

    test('a newer change replaces the older link, and an address taken meanwhile is a 409 that changes nothing', async () => {
      const { app } = context();
      const person = await personWithPassword();
      const first = newEmail('first-try');
      const second = newEmail('second-try');
      await changeEmail(app, org.manager, person, first);
      const firstLink = await confirmationTo(first);
      const changed = await changeEmail(app, org.manager, person, second);
      expect(changed.json().pending_email).toBe(second);
      const secondLink = await confirmationTo(second);

      const replaced = await confirm(app, firstLink);
      expect(replaced.statusCode).toBe(410);
      expect(replaced.json().code).toBe('link_expired');

      // Someone else takes the address before the person confirms.
      const other = await createOrganization(context().db);
      await call(app, 'POST', '/employees/', { token: other.admin.token, body: { email: second } });
      const refused = await confirm(app, secondLink);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/another account/);
      expect((await signIn(app, person.email)).statusCode).toBe(200);
    });

    test('someone changing their own email through PUT /employees/{self} confirms it too', async () => {
      const { app } = context();
      const manager = await personWithPassword('manager');
      const own = newEmail('own');
      const changed = await changeEmail(app, manager, manager, own);
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ email: manager.email, pending_email: own });
      const profile = await call(app, 'GET', '/profile/', { token: manager.token });
      expect(profile.json().email).toBe(manager.email);
      expect((await confirm(app, await confirmationTo(own))).statusCode).toBe(200);
    });
  });

  describe('someone invited who has not accepted yet', () => {
    test('who accepts between the manager reading them and saving keeps their address: the store refuses an unconfirmed change', async () => {
      const { db } = context();
      // The manager's PUT read the person while invitation_pending; they have accepted since.
      const accepted = await personWithPassword();
      const attempt = updateUser(
        db,
        org.id,
        accepted.id,
        { email: newEmail('manager-owned') },
        { unprovenEmail: true, actor: { kind: 'system' } },
      );
      await expect(attempt).rejects.toBeInstanceOf(EmailNeedsConfirmation);
      const still = await call(context().app, 'GET', `/employees/${accepted.id}`, {
        token: org.admin.token,
      });
      expect(still.json().email).toBe(accepted.email);
    });

    test('a corrected address takes effect at once; the link mailed to the wrong one stops working and the right one is invited', async () => {
      const { app } = context();
      const typo = newEmail('typo');
      const created = await call(app, 'POST', '/employees/', {
        token: org.manager.token,
        body: { firstName: 'Meera', email: typo },
      });
      const wrongLink = (await smtp.waitForMail(typo)).links[0];

      const right = newEmail('right');
      const changed = await changeEmail(app, org.manager, created.json(), right);
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ email: right, invitation_pending: true });

      const lookup = await call(app, 'GET', '/auth/invitation', {
        query: { token: tokenOf(wrongLink) },
      });
      expect(lookup.statusCode).toBe(410);
      const stolen = await call(app, 'POST', '/auth/accept-invite', {
        body: { token: tokenOf(wrongLink), password: 'whoever got the mail' },
        remoteAddress: newAddress(),
      });
      expect(stolen.statusCode).toBe(410);

      const invitation = await smtp.waitForMail(right);
      expect(invitation.subject).toBe('You are invited to Acme Labs on Duly');
      const accepted = await call(app, 'POST', '/auth/accept-invite', {
        body: { token: tokenOf(invitation.links[0]), password: 'the right person' },
        remoteAddress: newAddress(),
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().user.email).toBe(right);
      expect(changed.json().pending_email).toBeNull();
    });

    test('an inactive invited person moves too, and is not invited', async () => {
      const { app } = context();
      const inactive = await createUser(context().db, org.id, { status: 'inactive' });
      const moved = newEmail('moved-inactive');
      const changed = await changeEmail(app, org.admin, inactive, moved);
      expect(changed.json()).toMatchObject({ email: moved, pending_email: null });
      // A mail sent after it arrives after anything the change would have sent.
      const later = newEmail('later');
      await call(app, 'POST', '/employees/', { token: org.admin.token, body: { email: later } });
      await smtp.waitForMail(later);
      expect(smtp.mailsTo(moved)).toEqual([]);
    });
  });
});
