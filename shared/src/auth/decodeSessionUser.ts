import { jwtDecode } from 'jwt-decode';
import type { SessionUser, TokenClaims } from '../contract/types';

/** Now, in whole seconds: the unit of the token's `exp` (spec 9). */
export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function isString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/**
 * The session user a token stands for (spec 3), or null when the token is
 * missing, undecodable, lacks a claim the app needs, or is expired. Expired
 * means `exp` earlier than now (spec 4): a token whose `exp` is this very
 * second is still accepted.
 */
export function decodeSessionUser(
  token: string | null | undefined,
  nowSeconds: number = nowInSeconds(),
): SessionUser | null {
  if (!token) return null;
  let claims: Partial<Record<keyof TokenClaims, unknown>>;
  try {
    claims = jwtDecode(token);
  } catch {
    return null;
  }
  const { sub, email, full_name, role, organization_id, exp } = claims;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp < nowSeconds) return null;
  if (!isString(sub) || !isString(email) || !isString(role) || !isString(organization_id)) {
    return null;
  }
  return {
    id: sub,
    email,
    full_name: isString(full_name) ? full_name : null,
    role,
    organization_id,
    token,
  };
}
