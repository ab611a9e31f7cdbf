/**
 * Changing the email of someone who has set a password (issue 24; docs/accounts.md, "Changing
 * an email"). The address is how an account is recovered ('Forgot password?'), so whoever
 * could change it could take the account: the change waits for the person to confirm it from
 * the new address, with their password, and the old address is told.
 */
import type { FastifyInstance } from 'fastify';
import type { Employee } from '@duly/shared/contract';
import { isUniqueViolation } from '../db/connection';
import {
  expireAccountTokensOf,
  useAccountToken,
  type AccountTokenDetails,
} from '../db/repositories/account-tokens';
import { findProfile, selfActor, updateUser } from '../db/repositories/users';
import type { Db } from '../db/tables';
import type { SessionUser } from '../routes/auth/session';
import { issueLink, sendAccountMail } from './links';
import { emailChangeMail, emailChangeNoticeMail, type EmailChange } from './mails';

/**
 * Mails a confirmation link to the new address (the person's older email-change link stops
 * working) and a notice to the current one. The email itself does not change here.
 */
export async function askToConfirmEmailChange(
  fastify: FastifyInstance,
  person: Pick<Employee, 'id' | 'organization_id' | 'email' | 'full_name'>,
  organizationName: string,
  change: EmailChange,
): Promise<void> {
  const recipient = {
    organizationId: person.organization_id,
    organizationName,
    userId: person.id,
    email: person.email,
    fullName: person.full_name,
  };
  const url = await issueLink(fastify, { ...recipient, email: change.newEmail }, 'email_change');
  sendAccountMail(fastify, emailChangeMail(recipient, change, url), 'email_change');
  sendAccountMail(fastify, emailChangeNoticeMail(recipient, change), 'email_change_notice');
}

export type ConfirmedEmailChange =
  | { outcome: 'changed'; user: SessionUser }
  /** Used or ended while the password was being checked. */
  | { outcome: 'gone' }
  /** Someone else took the address since the change was asked for. */
  | { outcome: 'taken' };

/**
 * Makes a confirmed change, in one transaction: marks the link used (of two confirmations at
 * once exactly one gets here), moves the email, ends every session of the person (their
 * tokens carry the old address) and every other pending link (mailed to the old address).
 */
export async function applyEmailChange(
  db: Db,
  link: AccountTokenDetails,
  tokenHash: string,
): Promise<ConfirmedEmailChange> {
  const { organizationId, newEmail } = link;
  const userId = link.user.id;
  if (newEmail === null) return { outcome: 'gone' };
  try {
    return await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      if (!(await useAccountToken(trx, tokenHash, now))) return { outcome: 'gone' as const };
      await updateUser(
        trx,
        organizationId,
        userId,
        { email: newEmail, updated_at: now },
        { endSessions: true, actor: selfActor(link.user) },
      );
      await expireAccountTokensOf(trx, organizationId, userId, now);
      const user = await findProfile(trx, organizationId, userId);
      return user ? { outcome: 'changed' as const, user } : { outcome: 'gone' as const };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: 'taken' };
    throw error;
  }
}
