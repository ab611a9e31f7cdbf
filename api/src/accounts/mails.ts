/** The mails of the accounts, in the product's voice: short, plain, one link each. */
import { composeMail } from '../mail/compose';

/** Who a link is for, and the organisation that sends it. */
export interface LinkRecipient {
  organizationId: string;
  organizationName: string;
  userId: string;
  email: string;
  fullName: string | null;
}

function greeting(recipient: Pick<LinkRecipient, 'fullName'>): string {
  const firstName = recipient.fullName?.trim().split(/\s+/)[0];
  return firstName ? `Hello ${firstName},` : 'Hello,';
}

export function invitationMail(recipient: LinkRecipient, url: string) {
  return composeMail({
    to: recipient.email,
    subject: `You are invited to ${recipient.organizationName} on Duly`,
    greeting: greeting(recipient),
    paragraphs: [
      `${recipient.organizationName} uses Duly to keep track of tasks and certificates, and has added you.`,
      'Choose a password to sign in.',
    ],
    action: { label: 'Accept the invitation', url },
    footnote:
      'This link works once and for 7 days. If it has expired, ask your manager to send a new one.',
  });
}

export function resetMail(recipient: LinkRecipient, url: string) {
  return composeMail({
    to: recipient.email,
    subject: 'Reset your Duly password',
    greeting: greeting(recipient),
    paragraphs: [
      `Someone asked to reset the password of your Duly account at ${recipient.organizationName}.`,
      'If it was you, choose a new password. If not, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url },
    footnote: 'This link works once and for 1 hour.',
  });
}

/** A sign-up's link: following it makes the address theirs to sign in with. */
export function verificationMail(recipient: LinkRecipient, url: string) {
  return composeMail({
    to: recipient.email,
    subject: 'Confirm your email for Duly',
    greeting: greeting(recipient),
    paragraphs: [
      `You have signed up ${recipient.organizationName} on Duly with this address.`,
      'Confirm it to sign in with it from now on. If it was not you, ignore this mail: nobody can sign in with your address.',
    ],
    action: { label: 'Confirm my email', url },
    footnote: 'This link works once and for 7 days.',
  });
}

/**
 * To an address that already has an account, when someone signs up with it: no link (the
 * sign-up holds nothing), and the same answer went to whoever signed up.
 */
export function accountExistsMail(to: { email: string; fullName: string | null }) {
  return composeMail({
    to: to.email,
    subject: 'Your Duly account',
    greeting: greeting(to),
    paragraphs: [
      'Someone signed up on Duly with this address, which already has a Duly account. Nothing changed in your account.',
      "If it was you, sign in with your password, or use 'Forgot password?' on the sign-in page. If not, ignore this mail.",
    ],
  });
}

/** Who asked for an email change, as the mails name them: "You" when it is the person. */
export interface EmailChange {
  /** `Priya Shah`, or `You` when the person changed their own email. */
  requestedBy: string;
  newEmail: string;
}

/**
 * To the new address: confirm it with the account's password. The old address is not named,
 * so a mistyped address does not tell a stranger whose account it was meant for.
 */
export function emailChangeMail(recipient: LinkRecipient, change: EmailChange, url: string) {
  return composeMail({
    to: change.newEmail,
    subject: 'Confirm your new email for Duly',
    greeting: greeting(recipient),
    paragraphs: [
      `${change.requestedBy} asked to change the email of your Duly account at ${recipient.organizationName} to this address.`,
      'Confirm it with your Duly password. Until then, you sign in with your current email.',
    ],
    action: { label: 'Confirm your new email', url },
    footnote: `This link works once and for 7 days. If you have no Duly account at ${recipient.organizationName}, ignore this mail: nothing changes.`,
  });
}

/** To the old address: what is asked, by whom, and that nothing changes without the password. */
export function emailChangeNoticeMail(recipient: LinkRecipient, change: EmailChange) {
  return composeMail({
    to: recipient.email,
    subject: 'Your Duly email is being changed',
    greeting: greeting(recipient),
    paragraphs: [
      `${change.requestedBy} asked to change the email of your Duly account at ${recipient.organizationName} to ${change.newEmail}.`,
      'The change happens only when it is confirmed from that address with your password; until then you sign in with this address, as before.',
      `If you did not expect this, do not share your password, and tell an admin of ${recipient.organizationName}.`,
    ],
  });
}
