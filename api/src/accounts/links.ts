/**
 * One-time links of the accounts: how a token is made, what is stored of it, how long it
 * works, and how a link is issued and mailed. Both the employees routes (invite, resend) and
 * the public account routes (forgot password) issue links through here.
 */
import type { Actor } from '../db/repositories/activity';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { insertAccountToken } from '../db/repositories/account-tokens';
import type { AccountTokenPurpose } from '../db/tables';
import { admit } from '../lib/request-limiter';
import { publicLink } from '../mail/mailer';
import type { MailMessage } from '../mail/mailer';
import { invitationMail, resetMail, verificationMail, type LinkRecipient } from './mails';

export type { LinkRecipient };

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_LIFETIME_MS = 60 * 60 * 1000;
/** As long as an invitation: a change made by an admin waits for the person to read their mail. */
export const EMAIL_CHANGE_LIFETIME_MS = INVITATION_LIFETIME_MS;

export const VERIFICATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  invitation: INVITATION_LIFETIME_MS,
  password_reset: RESET_LIFETIME_MS,
  email_verification: VERIFICATION_LIFETIME_MS,
  email_change: EMAIL_CHANGE_LIFETIME_MS,
};

/** The shell page each kind of link opens. */
const PAGE: Record<AccountTokenPurpose, string> = {
  invitation: '/accept-invite',
  password_reset: '/reset-password',
  email_verification: '/verify-email',
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
  actor?: Actor,
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
    actor,
  });
  return publicLink(fastify.config.publicUrl, PAGE[purpose], { token });
}

/**
 * Whether another mail may go to `email` now: mails anyone can make Duly send (a sign-up, a
 * forgotten password, an invitation from an organisation anyone can create) count per
 * recipient, from wherever they come (lib/request-limiter.ts `mailsPerRecipient`). Over the
 * limit nothing is sent and the request is answered as usual; the refusal is logged.
 */
export async function mayMail(
  fastify: FastifyInstance,
  email: string,
  purpose: string,
): Promise<boolean> {
  if ((await admit([[fastify.mailsPerRecipient, email.toLowerCase()]])).admitted) return true;
  fastify.log.warn({ to: email, purpose }, 'Mail not sent: too many to this address lately');
  return false;
}

/**
 * Issues a link and mails it. The mail goes out after the answer: a slow or failing SMTP
 * server never fails nor delays the request (the link is stored; a resend makes a new one),
 * and a request for an unknown email takes as long as one for a known email. A failure is
 * logged with the recipient, never with the link. Over the recipient's limit (`mayMail`) no
 * link is made either: a newer link ends the older ones, so one made without a mail would
 * end the link in the last mail that arrived.
 */
export async function issueAndMailLink(
  fastify: FastifyInstance,
  recipient: LinkRecipient,
  purpose: 'invitation' | 'password_reset' | 'email_verification',
  actor?: Actor,
): Promise<void> {
  if (!(await mayMail(fastify, recipient.email, purpose))) return;
  const url = await issueLink(fastify, recipient, purpose, new Date(), actor);
  const compose = {
    invitation: invitationMail,
    password_reset: resetMail,
    email_verification: verificationMail,
  };
  sendAccountMail(fastify, compose[purpose](recipient, url), purpose);
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
