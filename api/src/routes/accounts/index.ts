/**
 * The public account routes (issue 14): who an invitation is for, accepting it, asking for a
 * password reset and using the reset link, confirming a new email (issue 24) and a sign-up's
 * email. Nobody is signed in here; the link's token is the proof (with the password, for a
 * new email), so each route is limited per client address (lib/request-limiter.ts,
 * lib/attempt-log.ts; docs/accounts.md "Limits").
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { applyEmailChange } from '../../accounts/email-change';
import { hashLinkToken, issueAndMailLink } from '../../accounts/links';
import {
  expireAccountTokensOf,
  findAccountToken,
  useAccountToken,
  type AccountTokenDetails,
} from '../../db/repositories/account-tokens';
import { findOrganization } from '../../db/repositories/organizations';
import {
  claimEmail,
  findTokenVersion,
  findUserByEmail,
  normaliseEmail,
  setPasswordHash,
} from '../../db/repositories/users';
import type { AccountTokenPurpose } from '../../db/tables';
import { FailureLimiter } from '../../lib/attempt-log';
import { clientKey } from '../../lib/client-address';
import { conflict, fieldError, HttpError, tooManyRequests } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { ACCOUNT_LIMITS, admit, type LimitAnswer } from '../../lib/request-limiter';
import { signSession } from '../auth/session';
import {
  acceptInviteSchema,
  confirmEmailSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  invitationSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from './schema';

/** The one answer of forgot-password, whoever asks. */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses this email, we have sent it a link to choose a new password.';
export const PASSWORD_RESET_ANSWER = 'Your password has been changed. Sign in with it.';

const GONE_MESSAGES: Record<AccountTokenPurpose, Record<'used' | 'expired', string>> = {
  invitation: {
    used: 'This invitation link has already been used. Sign in, or ask your manager for a new invitation.',
    expired: 'This invitation link has expired or was replaced. Ask your manager for a new one.',
  },
  password_reset: {
    used: "This reset link has already been used. Ask for a new one with 'Forgot password?'.",
    expired:
      "This reset link has expired or was replaced. Ask for a new one with 'Forgot password?'.",
  },
  email_verification: {
    used: 'This link has already been used: your email is confirmed. Sign in with it.',
    expired: 'This confirmation link has expired or was replaced.',
  },
  email_change: {
    used: 'This link has already been used: the email was changed then.',
    expired:
      'This link has expired or was replaced by a newer change. Ask whoever changed your email to save it again.',
  },
};

/** 409: the address is held by an account with a password (its owner is the one told). */
function emailTaken(): HttpError {
  return new HttpError(
    409,
    'email_taken',
    'This email address already has a Duly account. Sign in with it, or ask for an invitation to another address.',
  );
}

/** 410: the link no longer works (`link_used` or `link_expired`, LINK_GONE_CODES). */
function linkGone(purpose: AccountTokenPurpose, why: 'used' | 'expired'): HttpError {
  return new HttpError(410, `link_${why}`, GONE_MESSAGES[purpose][why]);
}

const accountRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, config } = fastify;
  const forgotPerAddress = fastify.requestLimiter(
    'forgot-per-address',
    ACCOUNT_LIMITS.forgotPerAddress,
  );
  const forgotPerEmail = fastify.requestLimiter('forgot-per-email', ACCOUNT_LIMITS.forgotPerEmail);
  const linkFailuresPerAddress = new FailureLimiter(ACCOUNT_LIMITS.linkFailuresPerAddress);
  // Accepting and resetting hash a password: they share sign-in's gate (plugins/sign-in-limits).
  const passwords = fastify.passwordGate;

  /** 429, with when to come back. */
  function tooMany(reply: FastifyReply, retryAfterSeconds: number): HttpError {
    reply.header('Retry-After', String(retryAfterSeconds));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return tooManyRequests(
      `Too many requests from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }

  function refuseUnlessAdmitted(reply: FastifyReply, answer: LimitAnswer): void {
    if (!answer.admitted) throw tooMany(reply, answer.retryAfterSeconds);
  }

  /** The link if it works now; else 410 saying whether it was used or has expired. */
  async function workingLink(
    token: string,
    purpose: AccountTokenPurpose,
  ): Promise<AccountTokenDetails> {
    const link = await findAccountToken(db, hashLinkToken(token), purpose);
    if (!link) throw linkGone(purpose, 'expired');
    if (link.usedAt !== null) throw linkGone(purpose, 'used');
    // Someone deactivated since the link was sent cannot use it either.
    if (link.expiresAt <= new Date().toISOString() || link.user.status === 'inactive') {
      throw linkGone(purpose, 'expired');
    }
    return link;
  }

  /**
   * Sets the password through a link and marks the link used, in one transaction; of two
   * requests with one link exactly one succeeds (the UPDATE that marks it used decides).
   * Returns the link and the person's new token version (setting a password ends their
   * other sessions).
   */
  async function setPasswordThroughLink(
    reply: FastifyReply,
    token: string,
    password: string,
    purpose: AccountTokenPurpose,
  ): Promise<{ link: AccountTokenDetails; tokenVersion: number }> {
    const link = await workingLink(token, purpose);
    // Hash before the transaction: on SQLite a transaction holds the only connection.
    const hashing = passwords.run(() => hashPassword(password, config.passwordCost));
    if (!hashing) {
      reply.header('Retry-After', '1');
      throw tooManyRequests('Too many requests at this moment. Try again in a few seconds.');
    }
    const passwordHash = await hashing;
    const used = await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      if (!(await useAccountToken(trx, hashLinkToken(token), now))) return undefined;
      const ids = { organizationId: link.organizationId, userId: link.user.id };
      // Following the invitation proves the address: it becomes theirs, unless an account
      // with a password holds it (then nothing happens, and the link still works).
      if (
        purpose === 'invitation' &&
        !(await claimEmail(trx, { ...ids, email: link.user.email }))
      ) {
        throw emailTaken();
      }
      const version = await setPasswordHash(trx, { ...ids, passwordHash });
      // Any other pending link of theirs (a reset asked for meanwhile) stops working too.
      await expireAccountTokensOf(trx, ids.organizationId, ids.userId, now);
      return version;
    });
    if (used === undefined) {
      // Used or expired while the password was being hashed: say which.
      await workingLink(token, purpose);
      throw linkGone(purpose, 'used');
    }
    // Their older tokens are refused here at once, not when this instance's copy of their
    // version ages out (other instances: within tokenVersionMaxAgeMs).
    fastify.tokenVersions.remember(link.user.id, used);
    return { link, tokenVersion: used };
  }

  /**
   * Admits a request that carries a link, per client address: only links that do not work
   * count, so people accepting their invitations from one office never use up its allowance.
   */
  async function throughLink<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: () => Promise<T>,
  ): Promise<T> {
    const admission = linkFailuresPerAddress.begin(clientKey(request.ip));
    if (!admission.admitted) throw tooMany(reply, admission.retryAfterSeconds);
    const { attempt } = admission;
    try {
      const result = await work();
      await attempt.succeeded();
      return result;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 410) await attempt.failed();
      else await attempt.abandoned();
      throw error;
    }
  }

  fastify.get('/auth/invitation', { schema: invitationSchema }, async (request) => {
    const link = await workingLink(request.query.token, 'invitation');
    return {
      full_name: link.user.full_name,
      email: link.user.email,
      organization_name: link.organizationName,
    };
  });

  fastify.post('/auth/accept-invite', { schema: acceptInviteSchema }, async (request, reply) => {
    const { token, password } = request.body;
    const { link, tokenVersion } = await throughLink(request, reply, () =>
      setPasswordThroughLink(reply, token, password, 'invitation'),
    );
    return signSession(
      { ...link.user, organization_id: link.organizationId, token_version: tokenVersion },
      config,
    );
  });

  fastify.post('/auth/verify-email', { schema: verifyEmailSchema }, async (request, reply) => {
    const { token } = request.body;
    return throughLink(request, reply, async () => {
      const link = await workingLink(token, 'email_verification');
      const ids = { organizationId: link.organizationId, userId: link.user.id };
      const claimed = await db.transaction().execute(async (trx) => {
        if (!(await useAccountToken(trx, hashLinkToken(token), new Date().toISOString()))) {
          return false;
        }
        if (!(await claimEmail(trx, { ...ids, email: link.user.email }))) throw emailTaken();
        return true;
      });
      if (!claimed) throw linkGone('email_verification', 'used');
      const tokenVersion = await findTokenVersion(db, ids.organizationId, ids.userId);
      if (tokenVersion === undefined) throw linkGone('email_verification', 'expired');
      return signSession(
        { ...link.user, organization_id: link.organizationId, token_version: tokenVersion },
        config,
      );
    });
  });

  fastify.post('/auth/reset-password', { schema: resetPasswordSchema }, async (request, reply) => {
    const { token, password } = request.body;
    await throughLink(request, reply, () =>
      setPasswordThroughLink(reply, token, password, 'password_reset'),
    );
    return { message: PASSWORD_RESET_ANSWER };
  });

  fastify.get('/auth/email-change', { schema: emailChangeSchema }, async (request) => {
    const link = await workingLink(request.query.token, 'email_change');
    if (link.newEmail === null) throw linkGone('email_change', 'expired');
    // Not the current address: whoever has the new one may not be the person (a typo).
    return {
      full_name: link.user.full_name,
      new_email: link.newEmail,
      organization_name: link.organizationName,
    };
  });

  // The link proves the new address; the password proves the person (whoever can change an
  // email, a manager, may control the new address). The password is checked like a sign-in:
  // same limits and gate, so the link is no way around them.
  fastify.post('/auth/confirm-email', { schema: confirmEmailSchema }, (request, reply) =>
    throughLink(request, reply, () =>
      confirmEmailChange(request.body, clientKey(request.ip), reply),
    ),
  );

  /** The link proves the new address, the password the person (below). */
  async function confirmEmailChange(
    { token, password }: { token: string; password: string },
    address: string,
    reply: FastifyReply,
  ) {
    const link = await workingLink(token, 'email_change');
    const admission = await fastify.signInLimiter.begin(link.user.email, address);
    if (!admission.admitted) {
      reply.header('Retry-After', String(admission.retryAfterSeconds));
      throw tooMany(reply, admission.retryAfterSeconds);
    }
    const { attempt } = admission;
    const checking = passwords.run(() =>
      verifyPassword(password, link.user.password_hash, config.passwordCost),
    );
    if (!checking) {
      await attempt.abandoned();
      reply.header('Retry-After', '1');
      throw tooManyRequests('Too many requests at this moment. Try again in a few seconds.');
    }
    let matches: boolean;
    try {
      matches = await checking;
    } catch (error) {
      await attempt.abandoned();
      throw error;
    }
    if (!matches) {
      await attempt.failed();
      throw fieldError('password', 'is incorrect');
    }
    await attempt.succeeded();

    const confirmed = await applyEmailChange(db, link, hashLinkToken(token));
    if (confirmed.outcome === 'taken') {
      throw conflict(
        'This email is now used by another account. Ask whoever changed your email to choose another.',
      );
    }
    if (confirmed.outcome === 'gone') {
      // Used or ended while the password was being checked: say which.
      await workingLink(token, 'email_change');
      throw linkGone('email_change', 'used');
    }
    // This instance refuses the person's older tokens at once; the others within their cache's age.
    fastify.tokenVersions.remember(confirmed.user.id, confirmed.user.token_version);
    return signSession(confirmed.user, config);
  }

  fastify.post(
    '/auth/forgot-password',
    { schema: forgotPasswordSchema },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const address = clientKey(request.ip);
      refuseUnlessAdmitted(
        reply,
        await admit([
          [forgotPerAddress, address],
          [forgotPerEmail, `${email}\n${address}`],
        ]),
      );
      // The work happens after the answer, so a known email and an unknown one take the same
      // time to answer, and the answer is the same (over the recipient's limit: no mail).
      void mailForgottenPassword(email).catch((error: Error) =>
        request.log.error({ err: error }, 'Could not handle a forgotten password'),
      );
      return reply.code(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  /**
   * An active person with a password gets a reset link. Someone who has not accepted their
   * invitation yet (no password) gets a new invitation: that is what they were looking for.
   * An inactive person, or an unknown email, gets nothing.
   */
  async function mailForgottenPassword(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user || user.status === 'inactive') return;
    const organization = await findOrganization(db, user.organization_id);
    if (!organization) return;
    await issueAndMailLink(
      fastify,
      {
        organizationId: user.organization_id,
        organizationName: organization.name,
        userId: user.id,
        email: user.email,
        fullName: user.full_name,
      },
      user.password_hash === null ? 'invitation' : 'password_reset',
    );
  }
};

export default accountRoutes;
