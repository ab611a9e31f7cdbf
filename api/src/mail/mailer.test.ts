import { composeMail } from './compose';
import { createMailer, publicLink } from './mailer';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server';

describe('the mailer', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.close());

  it('delivers text and HTML through SMTP_URL with the given Message-ID and headers', async () => {
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: 'Duly <no-reply@duly.test>' },
      {
        info: () => undefined,
      },
    );
    const content = composeMail({
      to: 'Asha@Example.com',
      subject: 'Welcome to <Acme>',
      greeting: 'Hello Asha,',
      paragraphs: ['Ravi invited you to Acme & Co.'],
      action: { label: 'Set your password', url: 'https://duly.test/accept-invite?token=abc' },
      footnote: 'This link works for 7 days.',
    });
    await mailer.send({
      ...content,
      messageId: '<reminder-1@duly.test>',
      headers: { 'List-Unsubscribe': '<https://duly.test/unsubscribe?token=x>' },
    });
    mailer.close();

    const mail = await smtp.waitForMail('asha@example.com');
    expect(mail.from).toBe('no-reply@duly.test');
    expect(mail.subject).toBe('Welcome to <Acme>');
    expect(mail.messageId).toBe('<reminder-1@duly.test>');
    expect(mail.headers['list-unsubscribe']).toContain('https://duly.test/unsubscribe');
    expect(mail.text).toContain('Ravi invited you to Acme & Co.');
    expect(mail.links).toEqual(['https://duly.test/accept-invite?token=abc']);
    // HTML escapes what it shows and keeps the link whole.
    expect(mail.html).toContain('Acme &amp; Co.');
    expect(mail.html).toContain('href="https://duly.test/accept-invite?token=abc"');
  });

  it('sends a mail handed to a pooled connection the server has just closed over another connection, once', async () => {
    // A relay restarting closes every connection, idle ones included. Until the client has
    // seen each close through (the server's FIN, then its own), the pool still counts them
    // available: a mail handed to one fails before a byte of it was sent, and must go out on
    // another connection instead of failing (the reminders' sender counted that as a failed
    // attempt and waited a minute, or longer, to retry).
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: 'Duly <no-reply@duly.test>', poolConnections: 3 },
      { info: () => undefined },
    );
    const mail = (n: number) => ({
      ...composeMail({
        to: `pooled-${n}@example.com`,
        subject: `Pooled ${n}`,
        greeting: 'Hello,',
        paragraphs: ['A mail through the pool.'],
      }),
      messageId: `<pooled-${n}@duly.test>`,
    });
    try {
      // Three connections, each used once and now idle.
      await Promise.all([1, 2, 3].map((n) => mailer.send(mail(n))));
      const opened = smtp.connectionsOpened();
      smtp.dropConnections();
      await mailer.send(mail(4));
      expect(smtp.mailsTo('pooled-4@example.com').map((received) => received.messageId)).toEqual([
        '<pooled-4@duly.test>',
      ]);
      expect(smtp.connectionsOpened()).toBeGreaterThan(opened);
    } finally {
      mailer.close();
    }
  });

  it('writes the mail, links included, to the log when there is no SMTP server', async () => {
    const logged: string[] = [];
    const mailer = createMailer(
      { smtpUrl: undefined, from: 'Duly <a@b.c>' },
      {
        info: (_details, message) => logged.push(message),
      },
    );
    const receipt = await mailer.send(
      composeMail({
        to: 'ravi@example.com',
        subject: 'Reset your password',
        greeting: 'Hello Ravi,',
        paragraphs: ['Someone asked to reset your password.'],
        action: {
          label: 'Choose a new password',
          url: 'http://localhost:8080/reset-password?token=t',
        },
      }),
    );
    expect(receipt.transport).toBe('log');
    expect(logged.join('\n')).toContain('http://localhost:8080/reset-password?token=t');
  });
});

describe('publicLink', () => {
  it('joins the public address and the path, with or without a base path', () => {
    expect(publicLink('https://duly.test', '/reset-password', { token: 'a b' })).toBe(
      'https://duly.test/reset-password?token=a+b',
    );
    expect(publicLink('https://example.com/duly', '/accept-invite', { token: 't' })).toBe(
      'https://example.com/duly/accept-invite?token=t',
    );
  });
});
