/**
 * One-time links of the accounts: how a token is made, what is stored of it, how long it
 * works, and how a link is issued and mailed. Both the employees routes (invite, resend) and
 * the public account routes (forgot password) issue links through here.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { insertAccountToken } from '../db/repositories/account-tokens';
import type { AccountTokenPurpose } from '../db/tables';
import { publicLink } from '../mail/mailer';
import type { MailMessage } from '../mail/mailer';
import { invitationMail, resetMail, type LinkRecipient } from './mails';

export type { LinkRecipient };

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_LIFETIME_MS = 60 * 60 * 1000;
/** As long as an invitation: a change made by an admin waits for the person to read their mail. */
export const EMAIL_CHANGE_LIFETIME_MS = INVITATION_LIFETIME_MS;

const LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  invitation: INVITATION_LIFETIME_MS,
  password_reset: RESET_LIFETIME_MS,
  email_change: EMAIL_CHANGE_LIFETIME_MS,
};

/** The shell page each kind of link opens. */
const PAGE: Record<AccountTokenPurpose, string> = {
  invitation: '/accept-invite',
  password_reset: '/reset-password',
  email_change: '/confirm-email',
};

/** 32 random bytes, URL-safe: what the link carries. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Stores a new link for `recipient` (their older unused links of this purpose stop working)
 * and returns its absolute URL, built from PUBLIC_URL only. An `email_change` link goes to the
 * new address, so `recipient.email` is the address it confirms.
 */
export async function issueLink(
  fastify: FastifyInstance,
  recipient: LinkRecipient,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<string> {
  const token = newLinkToken();
  await insertAccountToken(fastify.db, {
    tokenHash: hashLinkToken(token),
    organizationId: recipient.organizationId,
    userId: recipient.userId,
    purpose,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + LIFETIME_MS[purpose]).toISOString(),
    newEmail: purpose === 'email_change' ? recipient.email : undefined,
  });
  return publicLink(fastify.config.publicUrl, PAGE[purpose], { token });
}

/**
 * Issues a link and mails it. The mail goes out after the answer: a slow or failing SMTP
 * server never fails nor delays the request (the link is stored; a resend makes a new one),
 * and a request for an unknown email takes as long as one for a known email. A failure is
 * logged with the recipient, never with the link.
 */
export async function issueAndMailLink(
  fastify: FastifyInstance,
  recipient: LinkRecipient,
  purpose: 'invitation' | 'password_reset',
): Promise<void> {
  const url = await issueLink(fastify, recipient, purpose);
  const message =
    purpose === 'invitation' ? invitationMail(recipient, url) : resetMail(recipient, url);
  sendAccountMail(fastify, message, purpose);
}

/**
 * Sends a mail of the accounts without waiting for it (see issueAndMailLink): a failure is
 * logged with the recipient and what the mail was for, never with its link.
 */
export function sendAccountMail(
  fastify: FastifyInstance,
  message: Omit<MailMessage, 'messageId' | 'headers'>,
  purpose: string,
): void {
  fastify.mailer.send(message).then(
    () => fastify.log.info({ to: message.to, purpose }, 'Account mail sent'),
    (error: Error) =>
      fastify.log.error(
        { to: message.to, purpose, err: error },
        'Could not mail an account link; it can be sent again',
      ),
  );
}
