/**
 * Tickets that open the live-updates stream (`POST /events/ticket`, `GET /events?ticket=`):
 * the browser's EventSource cannot send the Authorization header, and a session token in a
 * URL would end up in logs and history. A ticket is good for one stream, for 60 s, and for
 * nothing else: it is signed apart from session tokens (another purpose in the MAC), so it
 * can never pass as one. It carries who opened it, so the stream needs no token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Role } from '@duly/shared/contract';

export const TICKET_TTL_MS = 60_000;

export interface TicketClaims {
  userId: string;
  organizationId: string;
  role: Role;
  tokenVersion: number;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  nonce: string;
}

function mac(body: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`duly-events-ticket\n${body}`).digest();
}

export function issueTicket(
  who: Omit<TicketClaims, 'expiresAt' | 'nonce'>,
  secret: string,
  now = Date.now(),
): string {
  const claims: TicketClaims = {
    ...who,
    expiresAt: now + TICKET_TTL_MS,
    nonce: randomBytes(16).toString('base64url'),
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(body, secret).toString('base64url')}`;
}

/** The claims of a genuine, unexpired ticket; null otherwise. (Single use is checked apart.) */
export function readTicket(ticket: string, secret: string, now = Date.now()): TicketClaims | null {
  const [body, signature, extra] = ticket.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = mac(body, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketClaims;
    return claims.expiresAt > now ? claims : null;
  } catch {
    return null;
  }
}
