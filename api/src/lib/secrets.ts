/**
 * Secrets handed out once (issue 30): personal API tokens and calendar URLs. 32 random bytes
 * (256 bits) as base64url; only their SHA-256 is stored.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

/** The prefix of every personal API token, so secret scanners can find leaked ones. */
export const API_TOKEN_PREFIX = 'duly_pat_';

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function newApiToken(): string {
  return API_TOKEN_PREFIX + newSecret();
}

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

/** SHA-256, lower-case hex: what the database keeps. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * A calendar feed's secret: derived from the server's key and a random nonce, so the profile
 * can show the URL again while the database keeps only the nonce and the secret's hash
 * (neither opens the feed without the key). 256 bits, base64url.
 */
export function calendarSecret(serverKey: string, nonce: string): string {
  return createHmac('sha256', serverKey).update(`duly-calendar-feed:${nonce}`).digest('base64url');
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}
