/**
 * The answer of every route that signs someone in (login, signup, accepting an invitation):
 * `{ token, user }`, made in this one place so they can never differ.
 */
import type { AuthResponse } from '@duly/shared/contract';
import type { UserRow } from '../../db/tables';
import { signToken } from '../../lib/jwt';
import type { AppConfig } from '../../plugins/config';

export type SessionSubject = Pick<
  UserRow,
  'id' | 'email' | 'full_name' | 'role' | 'organization_id'
>;

export function sessionFor(
  user: SessionSubject,
  config: Pick<AppConfig, 'jwtSecret' | 'tokenTtlSeconds'>,
): AuthResponse {
  const subject = {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    role: user.role,
    organization_id: user.organization_id,
  };
  return { token: signToken(subject, config.jwtSecret, config.tokenTtlSeconds), user: subject };
}
