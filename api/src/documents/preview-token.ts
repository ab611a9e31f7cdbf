/**
 * Signed preview URLs of a document's content (issue 26 item 3): an <img> or <iframe> cannot
 * send the Authorization header, so the signed-in `GET /documents/{id}/preview-url` hands out
 * `/api/v1/document-previews/<token>`. The token is `<payload>.<mac>`: the payload is the
 * organisation's and the document's UUIDs (16 bytes each) and the expiry (unix seconds, 4
 * bytes), base64url; the mac is its HMAC-SHA256 with the JWT secret, base64url. Compact, so it
 * fits the router's 100-character limit of a path parameter. It works for
 * PREVIEW_TTL_SECONDS; the whole token is hidden from every log line (logging/hide-secrets.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PREVIEW_TTL_SECONDS = 5 * 60;
export const PREVIEW_PATH = '/document-previews/';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function uuidBytes(uuid: string): Buffer {
  if (!UUID.test(uuid)) throw new Error(`Not a UUID: ${uuid}`);
  return Buffer.from(uuid.replaceAll('-', ''), 'hex');
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`document-preview:${payload}`).digest('base64url');
}

export function previewToken(
  secret: string,
  organizationId: string,
  id: string,
  expires: number,
): string {
  const seconds = Buffer.alloc(4);
  seconds.writeUInt32BE(expires);
  const payload = Buffer.concat([uuidBytes(organizationId), uuidBytes(id), seconds]).toString(
    'base64url',
  );
  return `${payload}.${mac(secret, payload)}`;
}

export type PreviewTokenCheck =
  { ok: true; organizationId: string; id: string } | { ok: false; reason: 'invalid' | 'expired' };

/** What a token names, or why it is refused; `now` in unix seconds. */
export function readPreviewToken(secret: string, token: string, now: number): PreviewTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'invalid' };
  const [payload, given] = parts;
  // Compared as text, as the server writes it (see reminders/unsubscribe-token.ts): another
  // spelling of the same bytes is not accepted.
  const expected = Buffer.from(mac(secret, payload));
  const givenBytes = Buffer.from(given);
  if (givenBytes.length !== expected.length || !timingSafeEqual(givenBytes, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 36 || bytes.toString('base64url') !== payload) {
    return { ok: false, reason: 'invalid' };
  }
  if (bytes.readUInt32BE(32) <= now) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    organizationId: uuidText(bytes.subarray(0, 16)),
    id: uuidText(bytes.subarray(16, 32)),
  };
}
