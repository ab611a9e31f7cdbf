/**
 * One-click unsubscribe tokens (RFC 8058): `<user id>.<kind>.<HMAC-SHA256 of both>`, signed
 * with the JWT secret. They never expire (an old mail's link must keep working) and only ever
 * turn one kind of email off for one person, which that person can turn back on in /profile.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS } from '@duly/shared/contract';
import type { NotificationKind } from '../db/tables';

function signature(secret: string, userId: string, kind: NotificationKind): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest();
}

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  return `${userId}.${kind}.${signature(secret, userId, kind).toString('base64url')}`;
}

/** The person and kind a token names, or null when it is not one this server signed. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  const [userId, kind, mac, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !mac) return null;
  if (!NOTIFICATION_KINDS.includes(kind as NotificationKind)) return null;
  // The text as this server writes it, compared as text: decoding the given one instead would
  // accept other spellings of the same bytes (padding, `+` for `-`, characters the decoder
  // skips, a changed spare bit), so one link would have many valid forms.
  const expected = Buffer.from(
    signature(secret, userId, kind as NotificationKind).toString('base64url'),
  );
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as NotificationKind };
}
