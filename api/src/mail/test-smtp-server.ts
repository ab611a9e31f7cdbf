/**
 * A real SMTP server for tests (smtp-server + mailparser, both dev dependencies): it listens
 * on 127.0.0.1 on a free port, accepts every message without authentication, and keeps what
 * it received, parsed, so a test reads the mail the way a mail client would.
 * Used by the API tests, the e2e tests and the reminders' fault-injection test; never by
 * the server itself.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string | undefined;
  /** Raw header values by lower-case name (mailparser structures some, such as List-*). */
  headers: Record<string, string>;
  /** Every http(s) link in the text body, in order. */
  links: string[];
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Mails to `address` (case-insensitive), in order of arrival. */
  mailsTo(address: string): ReceivedMail[];
  /** Resolves with the first mail to `address` that `match` accepts, waiting up to `timeoutMs`. */
  waitForMail(
    address: string,
    match?: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

export interface TestSmtpServerOptions {
  /** A port to listen on (0, the default: any free one); a test reopens a closed server on its port. */
  port?: number;
}

export async function startTestSmtpServer(
  options: TestSmtpServerOptions = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId,
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line.slice(line.indexOf(':') + 1).trim(),
              ]),
            ),
            links: text.match(LINK) ?? [],
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (address: string) =>
    received.filter((mail) => mail.to.includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo,
    waitForMail(address, match = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = mailsTo(address).find(match);
          if (!mail) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
