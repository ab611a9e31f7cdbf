/**
 * POST /auth/login and /auth/signup: both answer `{ token, user }`.
 *
 * Sign-up answers the same whether or not the email has an account, and the new admin holds
 * no address until they follow the link mailed to it (docs/accounts.md, "Who holds an
 * address"): they are signed in at once, as the spec has it, and sign in by email once
 * confirmed. The owner of an address that has an account is told, with no link.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { issueAndMailLink, mayMail } from '../../accounts/links';
import { accountExistsMail } from '../../accounts/mails';
import { insertOrganization } from '../../db/repositories/organizations';
import {
  findUserByEmail,
  insertUser,
  normaliseEmail,
  upgradePasswordHash,
  recordAccountEvent,
  selfActor,
} from '../../db/repositories/users';
import type { OrganizationRow, UserRow } from '../../db/tables';
import { clientKey } from '../../lib/client-address';
import { nowIso } from '../../lib/dates';
import { tooManyRequests, unauthorized } from '../../lib/http-errors';
import { InputCheck } from '../../lib/input';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { ACCOUNT_LIMITS, admit } from '../../lib/request-limiter';
import { loginSchema, signupSchema } from './schema';
import { signSession } from './session';

/** "Ada Lovelace King" → first name "Ada", last name "Lovelace King". */
export function splitName(fullName: string): { first_name: string; last_name: string | null } {
  const [first, ...rest] = fullName.split(/\s+/);
  return { first_name: first, last_name: rest.length > 0 ? rest.join(' ') : null };
}

/** 59 → "1 minute", 600 → "10 minutes". */
export function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const authRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, config } = fastify;
  const limiter = fastify.signInLimiter;
  const passwords = fastify.passwordGate;
  const signupsPerAddress = fastify.requestLimiter('signup-per-address', {
    ...ACCOUNT_LIMITS.signupPerAddress,
    max: config.signupsPerAddressPerHour,
  });

  /** Every hashing slot is taken and the queue is full: come back in a second. */
  function busy(reply: FastifyReply) {
    reply.header('Retry-After', '1');
    return tooManyRequests('Too many sign-ins at this moment. Try again in a few seconds.');
  }

  const session = (user: Parameters<typeof signSession>[0]) => signSession(user, config);

  fastify.post('/auth/login', { schema: loginSchema }, async (request, reply) => {
    const { email, password } = request.body;
    const admission = await limiter.begin(email, clientKey(request.ip));
    if (!admission.admitted) {
      reply.header('Retry-After', String(admission.retryAfterSeconds));
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${inMinutes(admission.retryAfterSeconds)}.`,
      );
    }
    const { attempt } = admission;
    const checked = passwords.run(async () => {
      const user = await findUserByEmail(db, email);
      const matches = await verifyPassword(
        password,
        user?.password_hash ?? null,
        config.passwordCost,
      );
      // A hash made with an older, cheaper cost is replaced now that the password is known
      // (in the gate's turn: it costs a hash). Not a password change: no session ends.
      if (matches && user?.password_hash && needsRehash(user.password_hash, config.passwordCost)) {
        await upgradePasswordHash(db, {
          organizationId: user.organization_id,
          userId: user.id,
          from: user.password_hash,
          to: await hashPassword(password, config.passwordCost),
        });
      }
      return { user, matches };
    });
    if (!checked) {
      await attempt.abandoned();
      throw busy(reply);
    }
    let outcome: Awaited<typeof checked>;
    try {
      outcome = await checked;
    } catch (error) {
      await attempt.abandoned();
      throw error;
    }
    const { user, matches } = outcome;
    // Inactive users (people who left) cannot sign in; on_leave users can.
    if (!user || !matches || user.status === 'inactive') {
      await attempt.failed();
      throw unauthorized('Invalid email or password');
    }
    await attempt.succeeded();
    await recordAccountEvent(
      db,
      { organizationId: user.organization_id, userId: user.id, action: 'signed_in' },
      selfActor(user),
    );
    return session(user);
  });

  fastify.post('/auth/signup', { schema: signupSchema }, async (request, reply) => {
    const limited = await admit([[signupsPerAddress, clientKey(request.ip)]]);
    if (!limited.admitted) {
      reply.header('Retry-After', String(limited.retryAfterSeconds));
      throw tooManyRequests(
        `Too many sign-ups from your address. Try again in ${inMinutes(limited.retryAfterSeconds)}.`,
      );
    }
    const check = new InputCheck();
    const fullName = check.requiredText(request.body.name, 'name').replace(/\s+/g, ' ');
    const organizationName = check.requiredText(
      request.body.organization_name,
      'organization_name',
    );
    check.done();
    const email = normaliseEmail(request.body.email);

    // Hash before the transaction: on SQLite a transaction holds the only connection.
    const hashing = passwords.run(() => hashPassword(request.body.password, config.passwordCost));
    if (!hashing) throw busy(reply);
    const passwordHash = await hashing;
    const now = nowIso();
    const organization = {
      id: randomUUID(),
      name: organizationName,
      created_at: now,
      updated_at: now,
    };
    const user: UserRow = {
      id: randomUUID(),
      organization_id: organization.id,
      email,
      full_name: fullName,
      ...splitName(fullName),
      phone: null,
      department: null,
      role: 'admin',
      status: 'active',
      password_hash: passwordHash,
      token_version: 0,
      created_at: now,
      updated_at: now,
    };
    await db.transaction().execute(async (trx) => {
      await insertOrganization(trx, organization);
      await insertUser(trx, user, { holdEmail: false });
    });
    // After the answer, so its time says nothing either (over the recipient's limit: no mail).
    void mailSignedUp(organization, user).catch((error: Error) =>
      request.log.error({ err: error }, 'Could not mail a sign-up'),
    );
    return reply.code(201).send(session(user));
  });

  /**
   * An address with an account that has a password is told someone signed up with it. Any
   * other address (free, or held only by an invitation nobody accepted) gets the link that
   * makes it the new admin's.
   */
  async function mailSignedUp(
    organization: Pick<OrganizationRow, 'id' | 'name'>,
    user: UserRow,
  ): Promise<void> {
    const holder = await findUserByEmail(db, user.email);
    if (holder?.password_hash) {
      if (!(await mayMail(fastify, holder.email, 'account_exists'))) return;
      await fastify.mailer.send(
        accountExistsMail({ email: holder.email, fullName: holder.full_name }),
      );
      return;
    }
    await issueAndMailLink(
      fastify,
      {
        organizationId: organization.id,
        organizationName: organization.name,
        userId: user.id,
        email: user.email,
        fullName: user.full_name,
      },
      'email_verification',
    );
  }
};

export default authRoutes;
