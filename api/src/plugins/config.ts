/**
 * Configuration, read once from the environment (issue 3, README):
 * PORT (8080), HOST (127.0.0.1), DATA_DIR (./data: the SQLite file and the
 * generated JWT secret), DATABASE_URL (PostgreSQL instead of SQLite),
 * JWT_SECRET, TOKEN_TTL (12h; seconds or 30m/12h/7d), CORS_ORIGINS (comma
 * separated), LOG_LEVEL (info), LOG_FORMAT (pretty when standard output is a terminal, else
 * json), RESPONSE_CACHE (on; `off` always reads the database),
 * SMTP_URL (none: mails go to the log), MAIL_FROM (Duly <no-reply@localhost>), PUBLIC_URL
 * (http://localhost:PORT: the base of every link in a mail), REMINDER_TIME (09:00 Asia/Kolkata:
 * when the day's reminder digests go out), SCHEDULER_INTERVAL_MS (60000), SCHEDULER (on; `off`
 * keeps server.ts from running the reminders' scheduler), SMTP_POOL_CONNECTIONS (5),
 * SMTP_POOL_MESSAGES (100), MAIL_RATE_PER_MINUTE (none), SQLITE_SYNCHRONOUS (full), TRUST_PROXY (off: the client's address
 * is the socket's; a hop count or a list of proxy addresses), SIGNUP_LIMIT (10 sign-ups per
 * client address per hour), DATABASE_DIRECT_URL (DATABASE_URL: PostgreSQL without a pooler, for
 * the LISTEN connection), DOCUMENTS_MAX_BYTES (10485760: the largest document upload, 10 MiB),
 * DOCUMENTS_S3_URL (none: documents on the disk under DATA_DIR/documents; else an S3-compatible
 * bucket, documents/s3-url.ts), USER_REQUEST_LIMIT (1200 requests per signed-in person per window; 0: no limit) and
 * USER_REQUEST_WINDOW (60 seconds), DATABASE_POOLING (session; `transaction` behind PgBouncer in
 * transaction mode: no named statements).
 */
import type { UrlPolicy } from '../webhooks/address';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { DatabaseSettings } from '../db/connection';
import { parseS3Url, type S3Settings } from '../documents/s3-url';
import type { SqliteSynchronous } from '../db/sqlite/sqlite-thread';
import { PASSWORD_COST, type ScryptCost } from '../lib/passwords';
import type { SignInLimits } from '../lib/login-limiter';
import { DEFAULT_POOL_CONNECTIONS, DEFAULT_POOL_MESSAGES } from '../mail/mailer';
import { DEFAULT_LEASE_MS } from '../reminders/sender';

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  database: DatabaseSettings;
  jwtSecret: string;
  tokenTtlSeconds: number;
  /** Origins allowed to call the API from a browser; empty = same origin only. */
  corsOrigins: string[];
  logLevel: string;
  /**
   * `pretty`: readable lines for a person at a terminal (logging/pretty.ts); `json`: pino's
   * structured lines, for CI, production and anything that reads the log.
   */
  logFormat: LogFormat;
  /** Keep list and dashboard answers until the data changes (SQLite only; RESPONSE_CACHE=off). */
  responseCache: boolean;
  /** Load the demo organisation at start-up (`--demo`). */
  demo: boolean;
  /** Where mail goes; undefined = written to the log (mail/mailer.ts). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The web app's address as users reach it, without a trailing slash: links in mails. */
  publicUrl: string;
  /** `HH:mm` in Asia/Kolkata: when the day's reminder digests are sent (REMINDER_TIME). */
  reminderTime: string;
  /** How often every instance runs the reminders' job (SCHEDULER_INTERVAL_MS). */
  schedulerIntervalMs: number;
  /** Whether server.ts runs the scheduler (SCHEDULER=off: it does not). */
  scheduler: boolean;
  /** SMTP connections kept open, and so mails sent at once (SMTP_POOL_CONNECTIONS, 5). */
  smtpPoolConnections: number;
  /** Mails sent on one connection before it is replaced (SMTP_POOL_MESSAGES, 100). */
  smtpPoolMessages: number;
  /** At most this many mails a minute, for relays that throttle (MAIL_RATE_PER_MINUTE; none). */
  mailRatePerMinute: number | undefined;
  /**
   * How long a claim of the reminders' sender owns its notices (5 minutes). Not documented as
   * a setting: the fault-injection test shortens it (DULY_REMINDER_LEASE_MS) to see a killed
   * instance's claims taken over without waiting 5 real minutes.
   */
  reminderLeaseMs: number;
  /** ACTIVITY_RETENTION_DAYS: history older than this is pruned; undefined keeps it forever. */
  activityRetentionDays?: number;
  /**
   * The import's limits (IMPORT_MAX_ROWS, 50000 data rows; IMPORT_MAX_BYTES, 20 MB per file):
   * absent means those defaults (import/limits.ts).
   */
  imports?: { maxRows: number; maxBytes: number };
  /**
   * How long an instance trusts a user's token version it read (plugins/auth.ts): a session
   * ended on another instance is refused here within this time. Not configurable from the
   * environment: tests shorten it.
   */
  tokenVersionMaxAgeMs: number;
  /**
   * DATABASE_DIRECT_URL: PostgreSQL itself, for the one connection per instance that LISTENs
   * for other instances' changes (cluster/database-listener.ts), when DATABASE_URL goes
   * through a pooler in transaction mode (PgBouncer), which cannot hold a LISTEN. Unset:
   * DATABASE_URL.
   */
  databaseDirectUrl?: string;
  /**
   * REDIS_URL: where every instance counts the sign-in and public-request limits
   * (limits/redis-store.ts). Unset: PostgreSQL's table when DATABASE_URL is PostgreSQL, this
   * process's memory with SQLite.
   */
  redisUrl?: string;
  /** The sign-in limits (lib/login-limiter.ts SIGN_IN_LIMITS unless a test sets its own). */
  signInLimits?: Omit<SignInLimits, 'hashesAtOnce' | 'hashesWaiting'>;
  /** How often a live-updates stream sends a heartbeat (25 s; tests shorten it). */
  eventsHeartbeatMs?: number;
  /**
   * How often the activity history's sealer chains new entries (1 s; 0: never, tests that
   * seal by hand; plugins/activity-sealer.ts).
   */
  activitySealMs?: number;
  /**
   * The scrypt cost of new hashes (and of the check of an unknown email); older ones are
   * rehashed at sign-in. Always PASSWORD_COST from the environment; the API suite lowers it
   * to stay fast on small machines (test/helper.ts), except where the cost itself is tested.
   */
  passwordCost: ScryptCost;
  /**
   * Fastify's `trustProxy` (TRUST_PROXY): which X-Forwarded-For entries name the client. false
   * (the default): the socket's address is the client's; a number: that many proxies in
   * front; a list: the proxies' addresses (or ranges). Never `true`: trusting any sender would
   * let every client choose the address its limits count against.
   */
  trustProxy: TrustProxy;
  /** Sign-ups per client address per hour (SIGNUP_LIMIT, 10). */
  signupsPerAddressPerHour: number;
  /**
   * Requests per signed-in person (USER_REQUEST_LIMIT, 1200, per USER_REQUEST_WINDOW, 60 s),
   * counted for all instances (limits/user-requests.ts); `max` 0: no limit.
   */
  userRequests: { max: number; windowMs: number };
  /**
   * Where webhooks may go (issue 30): https only when NODE_ENV=production; private, loopback
   * and link-local addresses only with WEBHOOKS_ALLOW_PRIVATE=1.
   */
  webhooks: UrlPolicy;
  /** The largest document a certificate may have, in bytes (DOCUMENTS_MAX_BYTES, 10 MiB). */
  documentsMaxBytes: number;
  /**
   * Bytes the documents' disk store may hold in all. Not configurable from the environment:
   * tests set a tiny one to see a full disk refused with nothing left behind.
   */
  documentsCapacityBytes?: number;
  /**
   * DOCUMENTS_S3_URL: documents in an S3-compatible bucket instead of DATA_DIR/documents
   * (docs/documents.md). Unset: the disk.
   */
  documentsS3?: S3Settings;
}

/** 10 MiB: a scan or a phone photo of a certificate, with room. */
export const DEFAULT_DOCUMENTS_MAX_BYTES = 10 * 1024 * 1024;

export type TrustProxy = false | number | string[];

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

const DEFAULT_TOKEN_TTL_SECONDS = 12 * 60 * 60;
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

export type LogFormat = 'pretty' | 'json';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `3600`, `45m`, `12h`, `7d` → seconds. */
export function parseDuration(value: string, name: string): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  const seconds = match ? Number(match[1]) * UNIT_SECONDS[match[2] || 's'] : NaN;
  if (!Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new ConfigError(
      `${name} must be a duration such as 3600, 45m, 12h or 7d (got "${value}")`,
    );
  }
  return seconds;
}

/** A few seconds: one read per user and instance every 5 s, sessions ended within 5 s. */
export const TOKEN_VERSION_MAX_AGE_MS = 5000;

const DEFAULT_MAIL_FROM = 'Duly <no-reply@localhost>';

function parseSmtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^smtps?:\/\/[^/]/.test(value)) {
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465');
  }
  return value;
}

/** PUBLIC_URL, else the address `npm start` serves on (HOST 0.0.0.0 is reached as localhost). */
function parsePublicUrl(value: string | undefined, port: number): string {
  if (!value) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) address (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) address (got "${value}")`);
  }
  return url.toString().replace(/\/+$/, '');
}

const DEFAULT_REMINDER_TIME = '09:00';
const DEFAULT_SCHEDULER_INTERVAL_MS = 60_000;

/** `HH:mm`, 00:00 to 23:59 (Asia/Kolkata wall-clock time). */
function parseReminderTime(value: string | undefined): string {
  if (!value) return DEFAULT_REMINDER_TIME;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value.trim())) {
    throw new ConfigError(`REMINDER_TIME must be HH:mm, for example 09:00 (got "${value}")`);
  }
  return value.trim();
}

function parseIntervalMs(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_SCHEDULER_INTERVAL_MS;
  const ms = Number(value);
  if (!Number.isSafeInteger(ms) || ms < 1000) {
    throw new ConfigError(
      `SCHEDULER_INTERVAL_MS must be a whole number of milliseconds, at least 1000 (got "${value}")`,
    );
  }
  return ms;
}

/** A whole number from `min` to `max`; `fallback` when unset. */
function parseCount(
  value: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value.trim() === '') return fallback;
  const count = Number(value);
  if (!Number.isSafeInteger(count) || count < min || count > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return count;
}

/** SQLITE_SYNCHRONOUS: `full` (default) or `normal` (docs/scaling.md, "Durability"). */
function parseSqliteSynchronous(value: string | undefined): SqliteSynchronous {
  const setting = (value ?? '').trim().toLowerCase();
  if (setting === '' || setting === 'full') return 'full';
  if (setting === 'normal') return 'normal';
  throw new ConfigError(`SQLITE_SYNCHRONOUS must be full or normal (got "${value}")`);
}

/** Names proxy-addr (Fastify's trustProxy) knows for well-known ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: off, a hop count (1 = one proxy in front), or proxy addresses/ranges. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const trimmed = (value ?? '').trim();
  if (trimmed === '' || trimmed === 'off' || trimmed === 'false' || trimmed === '0') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every(isProxyAddress)) {
    throw new ConfigError(
      'TRUST_PROXY must be off, the number of proxies in front of Duly (e.g. 1), or their ' +
        `addresses, comma-separated (e.g. 10.0.0.5,10.1.0.0/16) (got "${value}")`,
    );
  }
  return entries;
}

/** DATABASE_POOLING: `session` (default: a connection is the client's) or `transaction`. */
function parseDatabasePooling(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'session') return false;
  if (value === 'transaction') return true;
  throw new ConfigError(`DATABASE_POOLING must be session or transaction (got "${value}")`);
}

const DEFAULT_SIGNUP_LIMIT = 10;

function parseSignupLimit(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_SIGNUP_LIMIT;
  const limit = Number(value);
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new ConfigError(`SIGNUP_LIMIT must be a whole number, at least 1 (got "${value}")`);
  }
  return limit;
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`PORT must be a port number (got "${value}")`);
  }
  return port;
}

/**
 * The data folder holds the database (password hashes) and the JWT secret: only the user
 * running the server may enter it. (An existing folder keeps its mode; its files are made
 * private one by one, db/connection.ts.)
 */
const DATA_DIR_MODE = 0o700;

/** LOG_FORMAT: `pretty` or `json`; unset, pretty for a person at a terminal, json otherwise. */
export function parseLogFormat(value: string | undefined, stdoutIsTerminal: boolean): LogFormat {
  if (!value) return stdoutIsTerminal ? 'pretty' : 'json';
  if (value === 'pretty' || value === 'json') return value;
  throw new ConfigError(`LOG_FORMAT must be pretty or json (got "${value}")`);
}

/**
 * The JWT secret: JWT_SECRET, else one generated on first start and kept in
 * the data folder (mode 0600), so tokens survive a restart.
 */
function jwtSecretFor(dataDir: string, configured: string | undefined): string {
  if (configured) {
    if (configured.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
    return configured;
  }
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/**
 * The database: PostgreSQL at DATABASE_URL, else the SQLite file in DATA_DIR (./data), as the
 * server and the maintenance scripts (repair-counters.ts) find it.
 */
export function databaseFromEnv(env: NodeJS.ProcessEnv = process.env): {
  dataDir: string;
  database: DatabaseSettings;
} {
  // `npm start -w api` runs in api/; INIT_CWD is where the user typed the command.
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, env.DATA_DIR || './data');
  const database: DatabaseSettings = env.DATABASE_URL
    ? {
        dialect: 'postgres',
        connectionString: env.DATABASE_URL,
        transactionPooling: parseDatabasePooling(env.DATABASE_POOLING),
        directConnectionString: env.DATABASE_DIRECT_URL || undefined,
      }
    : {
        dialect: 'sqlite',
        filename: path.join(dataDir, 'duly.sqlite'),
        synchronous: parseSqliteSynchronous(env.SQLITE_SYNCHRONOUS),
      };
  return { dataDir, database };
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv.slice(2),
): AppConfig {
  const { dataDir, database } = databaseFromEnv(env);
  if (database.dialect === 'sqlite') mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });

  const port = parsePort(env.PORT);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    database,
    jwtSecret: jwtSecretFor(dataDir, env.JWT_SECRET),
    tokenTtlSeconds: env.TOKEN_TTL
      ? parseDuration(env.TOKEN_TTL, 'TOKEN_TTL')
      : DEFAULT_TOKEN_TTL_SECONDS,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: parseLogFormat(env.LOG_FORMAT, Boolean(process.stdout.isTTY)),
    responseCache: env.RESPONSE_CACHE !== 'off',
    demo: argv.includes('--demo'),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    publicUrl: parsePublicUrl(env.PUBLIC_URL, port),
    reminderTime: parseReminderTime(env.REMINDER_TIME),
    schedulerIntervalMs: parseIntervalMs(env.SCHEDULER_INTERVAL_MS),
    scheduler: env.SCHEDULER !== 'off',
    smtpPoolConnections: parseCount(
      env.SMTP_POOL_CONNECTIONS,
      'SMTP_POOL_CONNECTIONS',
      DEFAULT_POOL_CONNECTIONS,
      1,
      100,
    ),
    smtpPoolMessages: parseCount(
      env.SMTP_POOL_MESSAGES,
      'SMTP_POOL_MESSAGES',
      DEFAULT_POOL_MESSAGES,
      1,
      1_000_000,
    ),
    mailRatePerMinute: env.MAIL_RATE_PER_MINUTE
      ? parseCount(env.MAIL_RATE_PER_MINUTE, 'MAIL_RATE_PER_MINUTE', 0, 1, 1_000_000)
      : undefined,
    reminderLeaseMs: parseCount(
      env.DULY_REMINDER_LEASE_MS,
      'DULY_REMINDER_LEASE_MS',
      DEFAULT_LEASE_MS,
      1_000,
      24 * 60 * 60_000,
    ),
    imports: {
      maxRows: parseCount(env.IMPORT_MAX_ROWS, 'IMPORT_MAX_ROWS', 50_000, 1, 1_000_000),
      maxBytes: parseCount(
        env.IMPORT_MAX_BYTES,
        'IMPORT_MAX_BYTES',
        20 * 1024 * 1024,
        1024,
        1024 * 1024 * 1024,
      ),
    },
    // ACTIVITY_SEAL_MS: how often the sealer chains new history entries; never 0 here (verify
    // would still seal, but the chain would lag behind by every entry since the last verify).
    activitySealMs: parseCount(env.ACTIVITY_SEAL_MS, 'ACTIVITY_SEAL_MS', 1000, 100, 3_600_000),
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS
      ? parseCount(env.ACTIVITY_RETENTION_DAYS, 'ACTIVITY_RETENTION_DAYS', 0, 1, 1_000_000)
      : undefined,
    tokenVersionMaxAgeMs: TOKEN_VERSION_MAX_AGE_MS,
    databaseDirectUrl: env.DATABASE_DIRECT_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    passwordCost: PASSWORD_COST,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    signupsPerAddressPerHour: parseSignupLimit(env.SIGNUP_LIMIT),
    userRequests: {
      max: parseCount(env.USER_REQUEST_LIMIT, 'USER_REQUEST_LIMIT', 1200, 0, 1_000_000_000),
      windowMs:
        parseCount(env.USER_REQUEST_WINDOW, 'USER_REQUEST_WINDOW', 60, 1, 24 * 60 * 60) * 1000,
    },
    webhooks: {
      requireHttps: env.NODE_ENV === 'production',
      allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === '1',
    },
    documentsMaxBytes: parseCount(
      env.DOCUMENTS_MAX_BYTES,
      'DOCUMENTS_MAX_BYTES',
      DEFAULT_DOCUMENTS_MAX_BYTES,
      1,
      1024 * 1024 * 1024,
    ),
    documentsS3: env.DOCUMENTS_S3_URL ? parseS3Url(env.DOCUMENTS_S3_URL) : undefined,
  };
}

export default fp<{ config: AppConfig }>(
  async (fastify, { config }) => {
    fastify.decorate('config', config);
  },
  { name: 'config' },
);
