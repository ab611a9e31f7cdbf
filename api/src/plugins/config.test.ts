import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, parseDuration, parseLogFormat, parseTrustProxy } from './config';

describe('loadConfig', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'duly-config-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  test('defaults: 127.0.0.1:8080, SQLite in ./data of where the command was typed, 12 h tokens', () => {
    const config = loadConfig({ INIT_CWD: base }, []);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.join(base, 'data'),
      database: { dialect: 'sqlite', filename: path.join(base, 'data', 'duly.sqlite') },
      tokenTtlSeconds: 43_200,
      corsOrigins: [],
      logLevel: 'info',
      demo: false,
    });
  });

  test('generates a JWT secret once, keeps it in the data folder (0600) and reuses it', () => {
    const first = loadConfig({ INIT_CWD: base, DATA_DIR: 'store' }, []);
    const file = path.join(base, 'store', 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ INIT_CWD: base, DATA_DIR: 'store' }, []).jwtSecret).toBe(first.jwtSecret);
  });

  test('reads every variable', () => {
    const config = loadConfig(
      {
        INIT_CWD: base,
        PORT: '9090',
        HOST: '0.0.0.0',
        DATA_DIR: '/tmp/elsewhere-duly',
        DATABASE_URL: 'postgres://u@db:5432/duly',
        JWT_SECRET: 's'.repeat(40),
        TOKEN_TTL: '30m',
        CORS_ORIGINS: 'https://a.example, https://b.example',
        LOG_LEVEL: 'debug',
      },
      ['--demo'],
    );
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      dataDir: '/tmp/elsewhere-duly',
      database: { dialect: 'postgres', connectionString: 'postgres://u@db:5432/duly' },
      jwtSecret: 's'.repeat(40),
      tokenTtlSeconds: 1800,
      corsOrigins: ['https://a.example', 'https://b.example'],
      logLevel: 'debug',
      demo: true,
    });
  });

  test.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ TOKEN_TTL: 'forever' }, /TOKEN_TTL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ SMTP_URL: 'mail.example.com:25' }, /SMTP_URL/],
    [{ PUBLIC_URL: 'duly.example.com' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'ftp://duly.example.com' }, /PUBLIC_URL/],
    [{ REMINDER_TIME: '9am' }, /REMINDER_TIME/],
    [{ REMINDER_TIME: '24:00' }, /REMINDER_TIME/],
    [{ SCHEDULER_INTERVAL_MS: 'often' }, /SCHEDULER_INTERVAL_MS/],
    [{ SCHEDULER_INTERVAL_MS: '10' }, /SCHEDULER_INTERVAL_MS/],
    [{ LOG_FORMAT: 'yaml' }, /LOG_FORMAT/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ INIT_CWD: base, ...env }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ INIT_CWD: base, ...env }, [])).toThrow(message);
  });

  test('reminders: 09:00 every minute by default; REMINDER_TIME, SCHEDULER_INTERVAL_MS and SCHEDULER=off change that', () => {
    expect(loadConfig({ INIT_CWD: base, JWT_SECRET: 'x'.repeat(32) }, [])).toMatchObject({
      reminderTime: '09:00',
      schedulerIntervalMs: 60_000,
      scheduler: true,
    });
    expect(
      loadConfig(
        {
          INIT_CWD: base,
          REMINDER_TIME: '18:45',
          SCHEDULER_INTERVAL_MS: '5000',
          SCHEDULER: 'off',
        },
        [],
      ),
    ).toMatchObject({ reminderTime: '18:45', schedulerIntervalMs: 5000, scheduler: false });
  });

  test('SQLite commits are synced to disk (synchronous FULL) unless SQLITE_SYNCHRONOUS=normal', () => {
    expect(loadConfig({ INIT_CWD: base }, []).database).toMatchObject({ synchronous: 'full' });
    expect(loadConfig({ INIT_CWD: base, SQLITE_SYNCHRONOUS: 'normal' }, []).database).toMatchObject(
      { synchronous: 'normal' },
    );
    expect(() => loadConfig({ INIT_CWD: base, SQLITE_SYNCHRONOUS: 'off' }, [])).toThrow(
      ConfigError,
    );
  });

  test('mail pool: 5 connections of 100 mails each and no rate limit by default; SMTP_POOL_CONNECTIONS, SMTP_POOL_MESSAGES and MAIL_RATE_PER_MINUTE change that', () => {
    expect(loadConfig({ INIT_CWD: base }, [])).toMatchObject({
      smtpPoolConnections: 5,
      smtpPoolMessages: 100,
      mailRatePerMinute: undefined,
    });
    expect(
      loadConfig(
        {
          INIT_CWD: base,
          SMTP_POOL_CONNECTIONS: '10',
          SMTP_POOL_MESSAGES: '500',
          MAIL_RATE_PER_MINUTE: '120',
        },
        [],
      ),
    ).toMatchObject({ smtpPoolConnections: 10, smtpPoolMessages: 500, mailRatePerMinute: 120 });
    for (const bad of [{ SMTP_POOL_CONNECTIONS: '0' }, { MAIL_RATE_PER_MINUTE: 'fast' }]) {
      expect(() => loadConfig({ INIT_CWD: base, ...bad }, [])).toThrow(ConfigError);
    }
  });

  test('mail: the log without SMTP_URL, links on the local address unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ INIT_CWD: base, PORT: '9090' }, [])).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Duly <no-reply@localhost>',
      publicUrl: 'http://localhost:9090',
    });
    const configured = loadConfig(
      {
        INIT_CWD: base,
        SMTP_URL: 'smtp://user:pass@mail.example.com:587',
        MAIL_FROM: 'Acme <duly@acme.test>',
        PUBLIC_URL: 'https://duly.acme.test/',
      },
      [],
    );
    expect(configured).toMatchObject({
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      mailFrom: 'Acme <duly@acme.test>',
      publicUrl: 'https://duly.acme.test',
    });
  });
});

describe('parseLogFormat (LOG_FORMAT)', () => {
  test('unset: pretty for a person at a terminal, json for a pipe, a file, CI', () => {
    expect(parseLogFormat(undefined, true)).toBe('pretty');
    expect(parseLogFormat(undefined, false)).toBe('json');
    expect(parseLogFormat('', false)).toBe('json');
  });

  test('set: wins over the guess either way', () => {
    expect(parseLogFormat('json', true)).toBe('json');
    expect(parseLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('parseDuration', () => {
  test.each([
    ['3600', 3600],
    ['45m', 2700],
    ['12h', 43_200],
    ['7d', 604_800],
  ])('%s → %i seconds', (value, seconds) => {
    expect(parseDuration(value, 'X')).toBe(seconds);
  });
});

describe('TRUST_PROXY', () => {
  test('off by default: the socket address is the client', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
  });

  test("a hop count, or the proxies' addresses and ranges", () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,fd00::/8,loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  test.each(['true', 'proxy.internal', '10.0.0.0/33', '10.0.0.5/8/2', ','])(
    'refuses %p with a message that says what it takes',
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(ConfigError);
      expect(() => parseTrustProxy(value)).toThrow(
        /TRUST_PROXY must be off, the number of proxies/,
      );
    },
  );
});

describe('SIGNUP_LIMIT', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'duly-config-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  test('10 sign-ups per address an hour by default; a whole number changes it', () => {
    expect(loadConfig({ INIT_CWD: base }, []).signupsPerAddressPerHour).toBe(10);
    expect(loadConfig({ INIT_CWD: base, SIGNUP_LIMIT: '50' }, []).signupsPerAddressPerHour).toBe(
      50,
    );
    expect(() => loadConfig({ INIT_CWD: base, SIGNUP_LIMIT: '0' }, [])).toThrow(/SIGNUP_LIMIT/);
  });
});

describe('USER_REQUEST_LIMIT and USER_REQUEST_WINDOW', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'duly-config-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  test('1200 requests per person a minute by default; 0 is no limit; nonsense is refused', () => {
    expect(loadConfig({ INIT_CWD: base }, []).userRequests).toEqual({
      max: 1200,
      windowMs: 60_000,
    });
    expect(
      loadConfig({ INIT_CWD: base, USER_REQUEST_LIMIT: '0', USER_REQUEST_WINDOW: '10' }, [])
        .userRequests,
    ).toEqual({ max: 0, windowMs: 10_000 });
    expect(() => loadConfig({ INIT_CWD: base, USER_REQUEST_LIMIT: 'lots' }, [])).toThrow(
      /USER_REQUEST_LIMIT/,
    );
    expect(() => loadConfig({ INIT_CWD: base, USER_REQUEST_WINDOW: '0' }, [])).toThrow(
      /USER_REQUEST_WINDOW/,
    );
  });
});

describe('ACTIVITY_SEAL_MS', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'duly-config-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  test('the history is sealed every second by default; 100 ms to an hour; nonsense is refused', () => {
    expect(loadConfig({ INIT_CWD: base }, []).activitySealMs).toBe(1000);
    expect(loadConfig({ INIT_CWD: base, ACTIVITY_SEAL_MS: '250' }, []).activitySealMs).toBe(250);
    for (const value of ['0', '50', 'often', '3600001']) {
      expect(() => loadConfig({ INIT_CWD: base, ACTIVITY_SEAL_MS: value }, [])).toThrow(
        /ACTIVITY_SEAL_MS must be a whole number from 100 to 3600000/,
      );
    }
  });
});
