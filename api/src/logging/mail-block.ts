/**
 * A mail that was not sent (no SMTP_URL, mail/mailer.ts writes it to the log) shown in the
 * pretty terminal as a block a person can act on: who it was for, its subject, and each link
 * on a line of its own, ready to copy. The JSON log keeps the record as the mailer wrote it.
 */

interface UnsentMail {
  to: string;
  subject: string;
}

/** The mailer's record of a mail written to the log instead of sent (mail/mailer.ts). */
export function isUnsentMailRecord(
  record: Record<string, unknown>,
): record is Record<string, unknown> & { mail: UnsentMail } {
  const mail = record.mail as Partial<UnsentMail> | undefined;
  return typeof mail?.to === 'string' && typeof mail.subject === 'string';
}

/** Punctuation that ends a sentence after a link rather than belonging to it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]>'"]+$/;

/** Every http(s) link of a text, in order, each once. */
export function linksIn(text: string): string[] {
  const links = (text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((link) =>
    link.replace(TRAILING_PUNCTUATION, ''),
  );
  return [...new Set(links)];
}

/** `message` is the mailer's log message: a heading line, then the mail's text body. */
export function mailBlock(mail: UnsentMail, message: string): string {
  const lines = [
    'Mail not sent (no SMTP_URL); here it is:',
    `    To:      ${mail.to}`,
    `    Subject: ${mail.subject}`,
    ...linksIn(message).map((link) => `    Link:    ${link}`),
  ];
  return lines.join('\n');
}
