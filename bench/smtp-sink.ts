/**
 * The reminders bench's SMTP server in a process of its own (bench/reminder-delivery.ts), as a
 * relay would be: what it costs to receive a mail does not weigh on the sender's event loop.
 * It is api/src/mail/test-smtp-server.ts reading only headers, with BENCH_SMTP_DELAY_MS per
 * command. It sends `{ url }` once listening and answers `count` with what it received.
 */
import { startTestSmtpServer } from '../api/src/index';

async function main(): Promise<void> {
  const smtp = await startTestSmtpServer({
    headersOnly: true,
    commandDelayMs: Number(process.env.BENCH_SMTP_DELAY_MS ?? 0),
  });
  process.on('message', (message: string) => {
    if (message === 'count') {
      const ids = smtp.received.flatMap((mail) => (mail.messageId ? [mail.messageId] : []));
      process.send?.({
        received: smtp.received.length,
        distinct: new Set(ids).size,
        // A mail whose header had no Message-ID was not read whole by the server (counted
        // apart: as `undefined` in the set above, two of them looked like one mail twice).
        withoutMessageId: smtp.received.length - ids.length,
        recipients: new Set(smtp.received.flatMap((mail) => mail.to)).size,
      });
    } else if (message === 'close') {
      void smtp.close().then(() => process.exit(0));
    }
  });
  process.send?.({ url: smtp.url });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
