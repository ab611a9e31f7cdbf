/**
 * Outgoing email (ARCHITECTURE section 7). With SMTP_URL every message goes through
 * nodemailer's pool of connections to that server; without it each message is written to the server log, links
 * included, so someone running `npm start` on their own machine can still follow an
 * invitation or a reset link.
 *
 * Links in a mail are always built from PUBLIC_URL (see `publicLink`), never from the
 * request's Host header: a forged Host must not turn a reset mail into a phishing link.
 */
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * A stable Message-ID (`<…@…>`) for a message that may be retried: the receiving side
   * can then drop the copy of a retry that crossed a crash (the reminders' ledger sets it).
   */
  messageId?: string;
  /** Extra headers, for example List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** What a mail was handed to: the SMTP server's answer, or `log` without SMTP_URL. */
export interface MailReceipt {
  transport: 'smtp' | 'log';
  messageId: string | undefined;
}

export interface Mailer {
  send(message: MailMessage): Promise<MailReceipt>;
  /** Ends pooled SMTP connections. */
  close(): void;
}

export interface MailerSettings {
  /** `smtp://user:pass@host:587`, `smtps://…`; undefined = write mails to the log. */
  smtpUrl: string | undefined;
  /** The From header, for example `Duly <no-reply@example.com>`. */
  from: string;
  /** SMTP connections kept open at most (SMTP_POOL_CONNECTIONS, default 5). */
  poolConnections?: number;
  /** Mails sent on one connection before it is replaced (SMTP_POOL_MESSAGES, default 100). */
  poolMessages?: number;
  /** At most this many mails a minute, for a relay that throttles (MAIL_RATE_PER_MINUTE). */
  ratePerMinute?: number;
}

export const DEFAULT_POOL_CONNECTIONS = 5;
export const DEFAULT_POOL_MESSAGES = 100;

/** Where a mail goes when there is no SMTP server: the server's logger. */
export interface MailLog {
  info(details: object, message: string): void;
}

const SMTP_TIMEOUT_MS = 30_000;

export function createMailer(settings: MailerSettings, log: MailLog): Mailer {
  if (!settings.smtpUrl) return logMailer(log);
  const connections = settings.poolConnections ?? DEFAULT_POOL_CONNECTIONS;
  const transport: Transporter = nodemailer.createTransport({
    url: settings.smtpUrl,
    // A pool of open connections, reused by every mail (and every run of the reminders)
    // until the server is closed: a new connection per mail cost more than the mail itself
    // (TCP, greeting, EHLO, and TLS and AUTH on a real relay).
    pool: true,
    maxConnections: connections,
    maxMessages: settings.poolMessages ?? DEFAULT_POOL_MESSAGES,
    ...(settings.ratePerMinute ? { rateDelta: 60_000, rateLimit: settings.ratePerMinute } : {}),
    // The pool hands a mail to another connection itself only when not a byte of it reached
    // the server: a pooled connection found closed when the mail starts (a relay that
    // restarted closes the idle ones too, and the pool counts them available until it has seen
    // each close through), or one closed before its greeting. Each such try retires one dead
    // connection, so as many tries as connections reach a new one. A connection that closes
    // in the middle of a mail fails that mail, and the caller decides (the reminders' sender
    // sends it again once, reminders/sender.ts). With 0 here, a mail handed to a dead idle
    // connection failed although nothing of it was sent: the sender counted a failed attempt
    // and waited a minute (issue 35's fault test lost a digest that way).
    maxRequeues: connections,
    // nodemailer waits up to 10 minutes on a silent server by default. Bounded well under the
    // reminders' lease (5 minutes, reminders/sender.ts), so a hung send ends as a failure to
    // retry before another instance may claim the same notice.
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: message.headers,
      });
      return { transport: 'smtp', messageId: info.messageId };
    },
    close() {
      transport.close();
    },
  };
}

function logMailer(log: MailLog): Mailer {
  return {
    async send(message) {
      // The text body carries the links; it is what a local user copies from the terminal.
      log.info(
        { mail: { to: message.to, subject: message.subject, messageId: message.messageId } },
        `Email not sent (no SMTP_URL), written here instead:\n${message.text}`,
      );
      return { transport: 'log', messageId: message.messageId };
    },
    close() {},
  };
}

/** An absolute link into the web app: `publicLink(base, '/reset-password', { token })`. */
export function publicLink(
  publicUrl: string,
  path: string,
  query: Record<string, string> = {},
): string {
  // Relative to the base, so a PUBLIC_URL with a path (https://example.com/duly) keeps it.
  const url = new URL(
    path.replace(/^\/+/, ''),
    publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`,
  );
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
