import { startupBanner } from './banner';

const facts = {
  url: 'http://localhost:8080',
  docsUrl: 'http://localhost:8080/api/docs',
  servesWebApp: true,
  database: { dialect: 'sqlite' as const, filename: '/home/asha/duly/data/duly.sqlite' },
  smtpUrl: undefined,
  logLevel: 'info',
};

describe('the start-up banner', () => {
  test('says where to go, which database, where mail goes and what the log shows', () => {
    expect(startupBanner(facts)).toBe(
      [
        '',
        '  Duly is running on http://localhost:8080',
        '',
        '    Database   SQLite, /home/asha/duly/data/duly.sqlite',
        '    Mail       not sent: each one is printed here, links included (set SMTP_URL to send)',
        '    API docs   http://localhost:8080/api/docs',
        '    Log        errors and slow requests (LOG_LEVEL=debug: every request)',
        '',
      ].join('\n'),
    );
  });

  test('names a PostgreSQL database and an SMTP server without their passwords', () => {
    const banner = startupBanner({
      ...facts,
      servesWebApp: false,
      url: 'http://localhost:8080/api/v1',
      database: { dialect: 'postgres', connectionString: 'postgres://duly:s3cret@db:5432/duly' },
      smtpUrl: 'smtps://mailer:hunter2@smtp.example.com:465',
      logLevel: 'debug',
    });
    expect(banner).toContain('The Duly API is running on http://localhost:8080/api/v1');
    expect(banner).toContain('Database   PostgreSQL, db:5432/duly');
    expect(banner).toContain('Mail       sent through smtp.example.com:465');
    expect(banner).toContain('Log        one line per request');
    expect(banner).not.toMatch(/s3cret|hunter2|duly:|mailer/);
  });
});
