import type { TokenClaims } from '../contract/types';

/** The claims `makeToken()` uses unless told otherwise: an admin of one organisation. */
export const TEST_USER_CLAIMS: Omit<TokenClaims, 'iat' | 'exp'> = {
  sub: '11111111-1111-4111-8111-111111111111',
  email: 'asha.rao@example.com',
  full_name: 'Asha Rao',
  role: 'admin',
  organization_id: '22222222-2222-4222-8222-222222222222',
};

function base64Url(json: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(json));
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A JWT-shaped token the front end can decode (the signature is fake: only
 * the API checks it). Defaults: `TEST_USER_CLAIMS`, issued now, expiring in
 * one hour.
 */
export function makeToken(claims: Partial<TokenClaims> = {}): string {
  const iat = Math.floor(Date.now() / 1000);
  const payload: TokenClaims = { ...TEST_USER_CLAIMS, iat, exp: iat + 3600, ...claims };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.test-signature`;
}
