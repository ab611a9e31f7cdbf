import Fastify from 'fastify';
import { serverOptions } from '../app';
import { composeMail } from '../mail/compose';
import { createMailer } from '../mail/mailer';
import type { AppConfig, LogFormat } from '../plugins/config';
import { testConfig } from '../../test/helper';

/** The server's own logger (app.ts serverOptions), writing to a string instead of stdout. */
function serverLogger(logFormat: LogFormat, config: Partial<AppConfig> = {}) {
  let output = '';
  const sink = { write: (chunk: string) => (output += chunk) };
  const app = Fastify(serverOptions(testConfig({ logLevel: 'info', logFormat, ...config }), sink));
  return { log: app.log, output: () => output };
}

const invitation = {
  ...composeMail({
    to: 'asha@example.com',
    subject: 'You are invited to Duly',
    greeting: 'Hello Asha,',
    paragraphs: ['Priya added you to Acme on Duly.'],
    action: {
      label: 'Choose your password',
      url: 'http://localhost:8080/accept-invite?token=abc.def',
    },
    footnote: 'Stop these mails: http://localhost:8080/api/v1/unsubscribe?token=xyz.',
  }),
  messageId: '<invite-1@duly>',
};

describe('a mail that is not sent (no SMTP_URL)', () => {
  test('pretty: a block with To, Subject and each link on a line of its own', async () => {
    const { log, output } = serverLogger('pretty');
    await createMailer({ smtpUrl: undefined, from: 'Duly <no-reply@localhost>' }, log).send(
      invitation,
    );
    const lines = output().split('\n');
    expect(lines[0]).toMatch(/INFO.*Mail not sent \(no SMTP_URL\)/);
    expect(lines.slice(1, 5)).toEqual([
      '    To:      asha@example.com',
      '    Subject: You are invited to Duly',
      '    Link:    http://localhost:8080/accept-invite?token=abc.def',
      '    Link:    http://localhost:8080/api/v1/unsubscribe?token=xyz',
    ]);
    // Nothing of the JSON record leaks into the terminal.
    expect(output()).not.toMatch(/[{}\\]/);
  });

  test('json: the record the mailer has always written, text and links included', async () => {
    const { log, output } = serverLogger('json');
    await createMailer({ smtpUrl: undefined, from: 'Duly <no-reply@localhost>' }, log).send(
      invitation,
    );
    const record = JSON.parse(output());
    expect(record).toMatchObject({
      level: 30,
      mail: {
        to: 'asha@example.com',
        subject: 'You are invited to Duly',
        messageId: '<invite-1@duly>',
      },
      msg: `Email not sent (no SMTP_URL), written here instead:\n${invitation.text}`,
    });
  });
});

describe('the pretty log', () => {
  test("one line per record: time, level, message and the record's fields inline", () => {
    const { log, output } = serverLogger('pretty');
    log.info({ delivery: { sent: 2, failed: 0 } }, 'Reminders: delivery');
    expect(output()).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: Reminders: delivery delivery=\{"sent":2,"failed":0\}\n$/,
    );
  });

  test("an error's line is followed by its stack", () => {
    const { log, output } = serverLogger('pretty');
    log.error({ err: new Error('connection refused') }, 'Reminders: sweep failed');
    expect(output()).toMatch(
      /ERROR: Reminders: sweep failed\n\s+Error: connection refused\n\s+at /,
    );
  });
});
