/**
 * The limits on the public routes (issue 24, items 1 and 10), as a client sees them: whose
 * address counts behind a proxy (TRUST_PROXY), what one client can do to the others, and how
 * many guesses or mails one account can be made to take from many addresses.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_LIMITS } from '../src/lib/request-limiter';
import { SIGN_IN_LIMITS } from '../src/lib/login-limiter';
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

// Hundreds of password checks in a row.
jest.setTimeout(120_000);

const PASSWORD = 'the right password';

/** The proxy every request comes through, and a fresh client address behind it. */
const PROXY = '10.200.0.1';
let clientSequence = 0;
const newClient = () => `203.0.${Math.floor(clientSequence / 250)}.${(clientSequence++ % 250) + 1}`;

const madeUpEmail = () => `nobody-${randomUUID()}@example.test`;

async function personWithPassword(app: FastifyInstance, org: TestOrganization) {
  const email = `person-${randomUUID()}@example.test`;
  await createUser(app.db, org.id, {
    first_name: 'Meera',
    email,
    password_hash: await hashPassword(PASSWORD, LEGACY_COST),
  });
  return email;
}

/** A sign-in from `client`, through the proxy when `viaProxy`. */
function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  client: string,
  viaProxy = true,
) {
  return call(app, 'POST', '/auth/login', {
    body: { email, password },
    remoteAddress: viaProxy ? PROXY : client,
    headers: viaProxy ? { 'x-forwarded-for': client } : {},
  });
}

/** Sends `count` requests one after another and returns their statuses. */
async function statusesOf(count: number, send: (index: number) => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push((await send(index)).statusCode);
  return statuses;
}

const countOf = (statuses: number[], status: number) =>
  statuses.filter((each) => each === status).length;

describe.each(testDatabases())('limits on %s', (kind) => {
  describe('behind a proxy with TRUST_PROXY=1', () => {
    const context = setupTestApp(kind, { trustProxy: 1 });
    let org: TestOrganization;
    beforeAll(async () => {
      org = await createOrganization(context().db);
    });

    test("one client's failed sign-ins with made-up emails do not refuse another client's right password", async () => {
      const { app } = context();
      const admin = await personWithPassword(app, org);
      const attacker = newClient();
      const { max } = SIGN_IN_LIMITS.perAddress;
      const statuses = await statusesOf(max + 5, () =>
        signIn(app, madeUpEmail(), 'a guess', attacker),
      );
      expect(countOf(statuses, 401)).toBe(max);
      expect(countOf(statuses, 429)).toBe(5);

      expect((await signIn(app, admin, PASSWORD, newClient())).statusCode).toBe(200);
    });
  });

  describe('without TRUST_PROXY', () => {
    const context = setupTestApp(kind);

    test('X-Forwarded-For is ignored: a client cannot choose the address its failures count against', async () => {
      const { app } = context();
      const socket = newClient();
      const { max } = SIGN_IN_LIMITS.perAddress;
      const statuses = await statusesOf(max + 1, () =>
        call(app, 'POST', '/auth/login', {
          body: { email: madeUpEmail(), password: 'a guess' },
          remoteAddress: socket,
          headers: { 'x-forwarded-for': newClient() },
        }),
      );
      expect(countOf(statuses, 401)).toBe(max);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('guesses at one account from many addresses', () => {
    const context = setupTestApp(kind);
    let org: TestOrganization;
    beforeAll(async () => {
      org = await createOrganization(context().db);
    });

    test('6 addresses × 12 wrong passwords: the account slows down, and its owner still gets in', async () => {
      const { app } = context();
      const email = await personWithPassword(app, org);
      const attackers = Array.from({ length: 6 }, newClient);
      const statuses: number[] = [];
      for (const attacker of attackers) {
        statuses.push(
          ...(await statusesOf(12, (index) =>
            signIn(app, email, `wrong ${index}`, attacker, false),
          )),
        );
      }
      // The first addresses each get their own allowance until the account has had
      // `perAccount.max` failures; from then on every address gets only a few tries at it.
      const { perAccountAndAddress, perAccount, perAddressAtTargetedAccount } = SIGN_IN_LIMITS;
      const beforeTargeted = perAccount.max / perAccountAndAddress.max;
      const checked =
        perAccount.max + (attackers.length - beforeTargeted) * perAddressAtTargetedAccount.max;
      expect(countOf(statuses, 401)).toBe(checked);
      expect(checked).toBeLessThan(6 * perAccountAndAddress.max);
      expect(countOf(statuses, 429)).toBe(statuses.length - checked);

      // The owner, from an address that has not been guessing, is checked: even after a typo.
      const owner = newClient();
      expect((await signIn(app, email, 'a typo', owner, false)).statusCode).toBe(401);
      expect((await signIn(app, email, PASSWORD, owner, false)).statusCode).toBe(200);
      // The guessing addresses stay refused, right password or not.
      expect((await signIn(app, email, PASSWORD, attackers[5], false)).statusCode).toBe(429);
    });
  });

  describe('mails a stranger can trigger', () => {
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
      org = await createOrganization(context().db);
    });

    test('forgot-password from 11 addresses: every answer is the same 202, one inbox gets a few mails', async () => {
      const { app } = context();
      const email = await personWithPassword(app, org);
      const clients = Array.from({ length: 11 }, newClient);
      const statuses = await statusesOf(13, (index) =>
        call(app, 'POST', '/auth/forgot-password', {
          body: { email },
          remoteAddress: clients[index % clients.length],
        }),
      );
      expect(statuses).toEqual(Array(13).fill(202));
      const { max } = ACCOUNT_LIMITS.mailsPerRecipient;
      await smtp.waitForMail(email, () => smtp.mailsTo(email).length >= max);
      // Whatever was going to be sent has been sent by now.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(smtp.mailsTo(email)).toHaveLength(max);
    });

    test('a throwaway organisation inviting one address again and again: a few mails reach it', async () => {
      const { app } = context();
      const email = `target-${randomUUID()}@example.test`;
      const added = await call(app, 'POST', '/employees/', {
        token: org.admin.token,
        body: { firstName: 'Target', email },
      });
      expect(added.statusCode).toBe(201);
      for (let resend = 0; resend < 5; resend += 1) {
        const again = await call(app, 'POST', `/employees/${added.json().id}/invitation`, {
          token: org.admin.token,
        });
        expect(again.statusCode).toBeLessThan(300);
      }
      const { max } = ACCOUNT_LIMITS.mailsPerRecipient;
      await smtp.waitForMail(email, () => smtp.mailsTo(email).length >= max);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(smtp.mailsTo(email)).toHaveLength(max);
      // The last mail that arrived holds the link that works (no link was made without a mail).
      const last = smtp.mailsTo(email).at(-1)!;
      const token = new URL(last.links[0]).searchParams.get('token');
      const invitation = await call(app, 'GET', '/auth/invitation', { query: { token: token! } });
      expect(invitation.statusCode).toBe(200);
    });
  });

  describe('sign-up', () => {
    const context = setupTestApp(kind);

    test('one address can sign up a few organisations, then 429', async () => {
      const { app } = context();
      const client = newClient();
      const { max } = ACCOUNT_LIMITS.signupPerAddress;
      const statuses = await statusesOf(max + 2, () =>
        call(app, 'POST', '/auth/signup', {
          body: {
            email: `founder-${randomUUID()}@example.test`,
            password: PASSWORD,
            name: 'Asha Verma',
            organization_name: 'Acme Labs',
          },
          remoteAddress: client,
        }),
      );
      expect(statuses.filter((status) => status !== 429)).toHaveLength(max);
      expect(statuses.slice(max)).toEqual([429, 429]);
      // Another address is not affected.
      const other = await call(app, 'POST', '/auth/signup', {
        body: {
          email: `founder-${randomUUID()}@example.test`,
          password: PASSWORD,
          name: 'Asha Verma',
          organization_name: 'Acme Labs',
        },
        remoteAddress: newClient(),
      });
      expect(other.statusCode).not.toBe(429);
    });
  });
});
