/**
 * The test SMTP server's injected delay (`commandDelayMs`, a proxy in front of the server) must
 * only delay what the client sends, never reorder it: TCP delivers a connection's bytes in
 * order, and so must a slow relay. The reminders bench's "duplicate Message-IDs" (issue 35)
 * were this proxy reordering chunks: a chunk whose timer was set 1 ms shorter than its
 * predecessor's (two Date.now() calls on either side of a millisecond tick) overtook it, so a
 * message body reached the server before its header (no Message-ID read), or the final
 * `.` before the body (a mail cut short, its rest read as commands).
 */
import { connect, type Socket } from 'node:net';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server';

/** A raw SMTP client: answers are read line by line, as they come. */
function rawClient(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  socket.setNoDelay(true);
  const answers: string[] = [];
  const waiting: (() => void)[] = [];
  let buffered = '';
  socket.on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    let end = buffered.indexOf('\r\n');
    while (end >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      // The last line of an answer ("250 OK"; "250-…" lines continue it).
      if (/^\d{3} /.test(line)) answers.push(line);
      end = buffered.indexOf('\r\n');
    }
    for (const wake of waiting.splice(0)) wake();
  });
  const answer = async (): Promise<string> => {
    while (answers.length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    return answers.shift()!;
  };
  return {
    answer,
    /** Sends `line` and returns the server's answer to it. */
    async command(line: string): Promise<string> {
      socket.write(`${line}\r\n`);
      return answer();
    },
    /** Writes `text` on its own, after the loop has turned: it reaches the server as one chunk. */
    async chunk(text: string): Promise<void> {
      socket.write(text);
      await new Promise((resolve) => setImmediate(resolve));
    },
    close: () => new Promise<void>((resolve) => socket.end(resolve)),
  };
}

describe('the test SMTP server with a delay per command', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer({ commandDelayMs: 5 });
  });
  afterAll(() => smtp.close());

  it('passes on what the client sends in order, however it is split: a message written line by line arrives whole', async () => {
    const client = rawClient(smtp.url);
    expect(await client.answer()).toMatch(/^220 /);
    expect(await client.command('EHLO client.test')).toMatch(/^250 /);
    expect(await client.command('MAIL FROM:<sender@duly.test>')).toMatch(/^250 /);
    expect(await client.command('RCPT TO:<reader@duly.test>')).toMatch(/^250 /);
    expect(await client.command('DATA')).toMatch(/^354 /);
    // Many small chunks, each on its own turn of the loop, as a mail's parts leave
    // nodemailer: several reach the proxy within the same millisecond.
    const lines = Array.from({ length: 20_000 }, (_, n) => `line ${n}`);
    for (const line of [
      'From: sender@duly.test',
      'To: reader@duly.test',
      'Subject: In order',
      'Message-ID: <in-order@duly.test>',
      '',
      ...lines,
    ]) {
      await client.chunk(`${line}\r\n`);
    }
    await client.chunk('.\r\n');
    const accepted = await client.answer();
    await client.command('QUIT');
    await client.close();

    expect(accepted).toMatch(/^250 /);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.messageId).toBe('<in-order@duly.test>');
    expect(mail.subject).toBe('In order');
    const received = mail.text.split('\n').filter(Boolean);
    // The first misplaced lines, not a diff of 20,000.
    expect(received.filter((line, n) => line !== lines[n]).slice(0, 5)).toEqual([]);
    expect(received).toHaveLength(lines.length);
  });
});
