/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` +
 * base64 of 24 random bytes; each delivery carries `webhook-id`, `webhook-timestamp` (Unix
 * seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`,
 * keyed with the secret's decoded bytes.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const digest = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${digest}`;
}

export function signedHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, id, timestamp, body),
  };
}
