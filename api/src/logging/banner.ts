/**
 * What the pretty terminal says once the server listens (server.ts): the address to open, the
 * database in use and where mail goes, so a newcomer knows where they are without reading on.
 * Passwords in DATABASE_URL or SMTP_URL never appear.
 */
import type { DatabaseSettings } from '../db/connection';

export interface BannerFacts {
  /** The address to open: the web app, or the API alone (`…/api/v1`). */
  url: string;
  /** The API reference page. */
  docsUrl: string;
  /** Whether the same process serves the web app (npm start) or only the API. */
  servesWebApp: boolean;
  database: DatabaseSettings;
  smtpUrl: string | undefined;
  logLevel: string;
}

/** `postgres://user:secret@db:5432/duly` → `db:5432/duly`. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

export function describeDatabase(database: DatabaseSettings): string {
  return database.dialect === 'sqlite'
    ? `SQLite, ${database.filename}`
    : `PostgreSQL, ${withoutCredentials(database.connectionString)}`;
}

export function describeMail(smtpUrl: string | undefined): string {
  return smtpUrl
    ? `sent through ${withoutCredentials(smtpUrl)}`
    : 'not sent: each one is printed here, links included (set SMTP_URL to send)';
}

export function startupBanner(facts: BannerFacts): string {
  const requests =
    facts.logLevel === 'debug' || facts.logLevel === 'trace'
      ? 'one line per request'
      : 'errors and slow requests (LOG_LEVEL=debug: every request)';
  return [
    '',
    `  ${facts.servesWebApp ? 'Duly' : 'The Duly API'} is running on ${facts.url}`,
    '',
    `    Database   ${describeDatabase(facts.database)}`,
    `    Mail       ${describeMail(facts.smtpUrl)}`,
    `    API docs   ${facts.docsUrl}`,
    `    Log        ${requests}`,
    '',
  ].join('\n');
}
