/**
 * `{ token, user }`, the answer of every call that signs someone in or renews their token
 * (sign-in, sign-up, the profile's name and password changes).
 */
import type { AuthResponse } from '@duly/shared/contract';
import type { UserRow } from '../../db/tables';
import { signToken } from '../../lib/jwt';
import type { AppConfig } from '../../plugins/config';

export type SessionUser = Pick<
  UserRow,
  'id' | 'email' | 'full_name' | 'role' | 'organization_id' | 'token_version'
>;

export function signSession(
  user: SessionUser,
  config: Pick<AppConfig, 'jwtSecret' | 'tokenTtlSeconds'>,
): AuthResponse {
  const subject = {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    role: user.role,
    organization_id: user.organization_id,
  };
  const token = signToken(
    { ...subject, token_version: user.token_version },
    config.jwtSecret,
    config.tokenTtlSeconds,
  );
  return { token, user: subject };
}
