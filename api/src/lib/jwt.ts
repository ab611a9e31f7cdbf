/**
 * JSON Web Tokens, HS256 only (ARCHITECTURE 6), on node's crypto: a token is
 * small enough not to need a library, and accepting exactly one algorithm
 * closes the classic `alg: none` / algorithm-confusion holes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role, TokenClaims } from '@duly/shared/contract';

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

function signature(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export interface TokenSubject {
  id: string;
  email: string;
  full_name: string | null;
  role: Role;
  organization_id: string;
  /** The user's token version (claim `ver`); a token older than the user's is refused. */
  token_version?: number;
}

export function signToken(
  subject: TokenSubject,
  secret: string,
  ttlSeconds: number,
  now: Date = new Date(),
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: TokenClaims = {
    sub: subject.id,
    email: subject.email,
    full_name: subject.full_name,
    role: subject.role,
    organization_id: subject.organization_id,
    ver: subject.token_version ?? 0,
    iat,
    exp: iat + ttlSeconds,
  };
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${signature(body, secret).toString('base64url')}`;
}

/** The claims of a valid, unexpired token signed with `secret`; null otherwise. */
export function verifyToken(
  token: string,
  secret: string,
  now: Date = new Date(),
): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, sig] = parts;
  if (header !== HEADER) return null;
  // Compared as text, not as decoded bytes: Buffer's base64url decoder skips characters
  // outside the alphabet (`!`, `=`) and ignores the unused bits of the last character, so
  // many strings decode to the one signature. Only the canonical encoding is accepted.
  const expected = Buffer.from(signature(`${header}.${payload}`, secret).toString('base64url'));
  const actual = Buffer.from(sig);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  let claims: Partial<TokenClaims>;
  try {
    const json = Buffer.from(payload, 'base64url');
    // The payload is signed as sent, but it too must be the one encoding of its bytes.
    if (json.toString('base64url') !== payload) return null;
    claims = JSON.parse(json.toString('utf8'));
  } catch {
    return null;
  }
  if (
    typeof claims.sub !== 'string' ||
    typeof claims.organization_id !== 'string' ||
    typeof claims.role !== 'string' ||
    typeof claims.exp !== 'number' ||
    // Absent in tokens signed before versions existed: version 0, like every user then.
    (claims.ver !== undefined && !(Number.isSafeInteger(claims.ver) && claims.ver >= 0)) ||
    claims.exp <= now.getTime() / 1000
  ) {
    return null;
  }
  return claims as TokenClaims;
}
