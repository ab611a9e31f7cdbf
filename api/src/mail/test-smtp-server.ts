/**
 * A real SMTP server for tests (smtp-server + mailparser, both dev dependencies): it listens
 * on 127.0.0.1 on a free port, accepts every message without authentication, and keeps what
 * it received, parsed, so a test reads the mail the way a mail client would.
 * Used by the API tests, the e2e tests, the reminders' fault-injection test and the
 * reminders' bench; never by the server itself.
 *
 * Faults a real server or network shows, on demand:
 * - `headerSizeLimit`: a message whose header is larger is refused with a 552, as Postfix
 *   refuses one over its `header_size_limit` (100 KB by default, here too);
 * - `refuse`: RCPT TO answered with a 4xx or 5xx for the addresses it names;
 * - `commandDelayMs`: every chunk the client sends reaches the server that much later (a
 *   proxy in front, order kept), so each SMTP command's round trip is that much slower;
 * - `dropConnections()`: closes every open connection at once, as a relay restarting does.
 */
import {
  createConnection,
  createServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
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
  /**
   * Closes every open connection now. A mail whose 250 was already written still reaches
   * its client; one still being received is not kept (its client sees the connection end).
   */
  dropConnections(): void;
  /** Connections opened so far (a pooled client opens few). */
  connectionsOpened(): number;
  /**
   * The most mail transactions (MAIL FROM to the end of DATA) that were in progress at once:
   * above 1 only when a client sends over several connections in parallel.
   */
  mostMailsAtOnce(): number;
  close(): Promise<void>;
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

/** Postfix's default `header_size_limit`. */
export const DEFAULT_HEADER_SIZE_LIMIT = 102_400;

export interface SmtpRefusal {
  /** 4xx (try again later) or 5xx (permanent). */
  code: number;
  message: string;
}

export interface TestSmtpServerOptions {
  /** A port to listen on (0, the default: any free one); a test reopens a closed server on its port. */
  port?: number;
  /** Bytes of header a message may have (default 102,400, as Postfix). */
  headerSizeLimit?: number;
  /** The answer to RCPT TO for `address` (lower-cased); undefined accepts it. */
  refuse?: (address: string) => SmtpRefusal | undefined;
  /** Added to each round trip: what the client sends is held this long (0: none). */
  commandDelayMs?: number;
  /** Keep only the headers (the bench: parsing 10,000 bodies would measure mailparser). */
  headersOnly?: boolean;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startTestSmtpServer(
  options: TestSmtpServerOptions = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const headerSizeLimit = options.headerSizeLimit ?? DEFAULT_HEADER_SIZE_LIMIT;
  /** The server's own connections (behind the proxy, if any): what a drop closes. */
  const sockets = new Set<Socket>();
  /** The proxy's connections from clients: closed by close(), and by a drop through the proxy. */
  const proxied = new Set<Socket>();
  let opened = 0;
  /** Sessions between MAIL FROM and the end of DATA (a refused or reset one leaves on close). */
  const sendingSessions = new Set<string>();
  let mostMailsAtOnce = 0;
  /** Client ports of the connections dropConnections closed: nothing more from them is kept. */
  const dropped = new Set<number>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, session, callback) {
      sendingSessions.add(session.id);
      mostMailsAtOnce = Math.max(mostMailsAtOnce, sendingSessions.size);
      callback();
    },
    onClose(session) {
      sendingSessions.delete(session.id);
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address.toLowerCase());
      if (refusal) callback(smtpError(refusal.code, refusal.message));
      else callback();
    },
    onData(stream, session, callback) {
      const finish = (error?: Error) => {
        sendingSessions.delete(session.id);
        callback(error);
      };
      const parse = options.headersOnly
        ? readHeaders(stream)
        : simpleParser(stream).then((parsed) => ({
            headerLines: parsed.headerLines,
            subject: parsed.subject ?? '',
            messageId: parsed.messageId,
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          }));
      parse
        .then((parsed) => {
          if (dropped.has(session.remotePort)) {
            return finish(smtpError(421, 'Connection dropped'));
          }
          const headerBytes = parsed.headerLines.reduce(
            (sum, { line }) => sum + line.length + 2,
            0,
          );
          if (headerBytes > headerSizeLimit) {
            return finish(smtpError(552, '5.6.0 Message header size exceeds limit'));
          }
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject,
            text: parsed.text,
            html: parsed.html,
            messageId: parsed.messageId,
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line.slice(line.indexOf(':') + 1).trim(),
              ]),
            ),
            links: parsed.text.match(LINK) ?? [],
          });
          for (const wake of waiters) wake();
          finish();
        })
        .catch((error: Error) => finish(error));
    },
  });
  // A client that resets its connection (an instance killed mid-mail, or one answering a drop
  // with RST) is what these tests provoke: smtp-server reports it as an 'error' event, which
  // without a listener would end the test process. Anything else is still a failure.
  const unexpected: Error[] = [];
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') unexpected.push(error);
  });
  server.server.on('connection', (socket: Socket) => {
    opened += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await listen(server.server, options.commandDelayMs ? 0 : (options.port ?? 0));
  let { port } = server.server.address() as AddressInfo;
  let proxy: Server | undefined;
  if (options.commandDelayMs) {
    proxy = delayingProxy(port, options.commandDelayMs, proxied);
    await listen(proxy, options.port ?? 0);
    port = (proxy.address() as AddressInfo).port;
  }

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
    dropConnections() {
      for (const socket of sockets) {
        if (socket.remotePort) dropped.add(socket.remotePort);
        // end(), not destroy(): an answer already written (a 250) still leaves, and through
        // the proxy before the end it is followed by (the proxy passes the end on in order).
        socket.end();
      }
    },
    connectionsOpened: () => opened,
    mostMailsAtOnce: () => mostMailsAtOnce,
    close: async () => {
      for (const socket of [...sockets, ...proxied]) socket.destroy();
      if (proxy) await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (unexpected.length > 0) throw unexpected[0];
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

/**
 * A proxy to `port` that holds every chunk from the client `delayMs` before passing it on,
 * in order: each command reaches the server (and its answer the client) that much later.
 *
 * One queue and one timer per connection, so the order cannot depend on timers: a timer per
 * chunk, each set to "its due time minus Date.now()", let a chunk overtake the one before it
 * when the clock ticked between the two Date.now() calls (a 99 ms timer set after a 100 ms
 * one, in the same millisecond of the event loop, fires first). A message's body then reached
 * the server before its header, or its final `.` before its body (issue 35's bench).
 */
function delayingProxy(port: number, delayMs: number, sockets: Set<Socket>): Server {
  return createServer((client) => {
    const upstream = createConnection(port, '127.0.0.1');
    sockets.add(client);
    const held: { chunk: Buffer; due: number }[] = [];
    let timer: NodeJS.Timeout | undefined;
    let clientEnded = false;
    /** Passes on, in order, every chunk whose time has come; waits for the next one. */
    const release = () => {
      timer = undefined;
      const now = Date.now();
      while (held.length > 0 && held[0].due <= now) {
        const { chunk } = held.shift()!;
        if (!upstream.destroyed) upstream.write(chunk);
      }
      if (held.length > 0) timer = setTimeout(release, held[0].due - now);
      else if (clientEnded) upstream.end();
    };
    client.on('data', (chunk: Buffer) => {
      held.push({ chunk, due: Date.now() + delayMs });
      timer ??= setTimeout(release, delayMs);
    });
    client.once('close', () => sockets.delete(client));
    upstream.pipe(client);
    // The client's end follows what it sent before it.
    client.on('end', () => {
      clientEnded = true;
      if (!timer) upstream.end();
    });
    upstream.on('end', () => client.end());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
}

interface ParsedHeaders {
  headerLines: { key: string; line: string }[];
  subject: string;
  messageId: string | undefined;
  text: string;
  html: string;
}

/** The header of a message, unfolded into lines as mailparser gives them; the body is read and dropped. */
function readHeaders(stream: NodeJS.ReadableStream): Promise<ParsedHeaders> {
  return new Promise((resolve, reject) => {
    let head = '';
    let done = false;
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      head += chunk.toString('utf8');
      const end = head.indexOf('\r\n\r\n');
      if (end >= 0) {
        head = head.slice(0, end);
        done = true;
      }
    });
    stream.on('error', reject);
    stream.on('end', () => {
      const headerLines = head
        .replace(/\r\n[ \t]+/g, ' ')
        .split('\r\n')
        .filter(Boolean)
        .map((line) => ({ key: line.slice(0, line.indexOf(':')).toLowerCase(), line }));
      const value = (key: string) =>
        headerLines.find((header) => header.key === key)?.line.replace(/^[^:]*:\s*/, '');
      resolve({
        headerLines,
        subject: value('subject') ?? '',
        messageId: value('message-id'),
        text: '',
        html: '',
      });
    });
  });
}
