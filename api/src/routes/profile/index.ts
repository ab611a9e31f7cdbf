/**
 * /profile: the signed-in person's own account (issue 14). Everyone may read and change
 * their own; nobody anyone else's (the person is always the token's).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { expireAccountTokensOf } from '../../db/repositories/account-tokens';
import { findProfile, setPasswordHash, updateUser } from '../../db/repositories/users';
import { clientKey } from '../../lib/client-address';
import { nowIso } from '../../lib/dates';
import { fieldError, tooManyRequests, unauthorized } from '../../lib/http-errors';
import { InputCheck } from '../../lib/input';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { requireSession, type Caller } from '../../plugins/auth';
import { actorOf } from '../access';
import { inMinutes, splitName } from '../auth';
import { signSession } from '../auth/session';
import { changePasswordSchema, getProfileSchema, updateProfileSchema } from './schema';

const profileRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { db, config } = fastify;

  /** The caller's row; gone since their token was checked → 401 like any ended session. */
  async function profileOf(caller: Caller) {
    const profile = await findProfile(db, caller.organization_id, caller.id);
    if (!profile) throw unauthorized('Your session has ended. Sign in again.');
    return profile;
  }

  fastify.get('/profile/', { schema: getProfileSchema }, async (request) => {
    const { id, email, full_name, role, organization_id, organization_name } = await profileOf(
      request.caller,
    );
    return { id, email, full_name, role, organization_id, organization_name };
  });

  // A new name does not end any session; the answer's token carries it (the top bar reads
  // the name from the token).
  fastify.patch(
    '/profile/',
    // Its answer is a session token: an API token must not turn into one.
    { schema: updateProfileSchema, preHandler: requireSession },
    async (request) => {
      const { caller } = request;
      const check = new InputCheck();
      const fullName = check.requiredText(request.body.full_name, 'full_name').replace(/\s+/g, ' ');
      check.done();
      await updateUser(
        db,
        caller.organization_id,
        caller.id,
        {
          full_name: fullName,
          ...splitName(fullName),
          updated_at: nowIso(),
        },
        { actor: actorOf(caller) },
      );
      return signSession(await profileOf(caller), config);
    },
  );

  // The current password is checked like a sign-in (same limits, same gate): a stolen token
  // must not become a way to guess the password. Every other session ends; the caller gets
  // a fresh token and stays signed in. Every pending link of theirs ends too, as after a reset:
  // a reset link in a mailbox someone else reads must not outlive the new password.
  fastify.put(
    '/profile/password',
    { schema: changePasswordSchema, preHandler: requireSession },
    async (request, reply) => {
      const { caller, body } = request;
      const profile = await profileOf(caller);
      const admission = await fastify.signInLimiter.begin(profile.email, clientKey(request.ip));
      if (!admission.admitted) {
        reply.header('Retry-After', String(admission.retryAfterSeconds));
        throw tooManyRequests(
          `Too many wrong passwords. Try again in ${inMinutes(admission.retryAfterSeconds)}.`,
        );
      }
      const { attempt } = admission;
      const checked = fastify.passwordGate.run(async () =>
        (await verifyPassword(body.current_password, profile.password_hash, config.passwordCost))
          ? hashPassword(body.new_password, config.passwordCost)
          : null,
      );
      if (!checked) {
        await attempt.abandoned();
        reply.header('Retry-After', '1');
        throw tooManyRequests('Too many sign-ins at this moment. Try again in a few seconds.');
      }
      let newHash: string | null;
      try {
        newHash = await checked;
      } catch (error) {
        await attempt.abandoned();
        throw error;
      }
      if (newHash === null) {
        await attempt.failed();
        throw fieldError('current_password', 'is incorrect');
      }
      await attempt.succeeded();
      const version = await db.transaction().execute(async (trx) => {
        const ids = { organizationId: caller.organization_id, userId: caller.id };
        await expireAccountTokensOf(trx, ids.organizationId, ids.userId, nowIso());
        return setPasswordHash(trx, { ...ids, passwordHash: newHash });
      });
      if (version === undefined) throw unauthorized('Your session has ended. Sign in again.');
      fastify.tokenVersions.remember(caller.id, version);
      return signSession({ ...profile, token_version: version }, config);
    },
  );
};

export default profileRoutes;
