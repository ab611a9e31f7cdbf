/**
 * Personal API tokens (migration 801, docs/integrations.md). The database only sees the
 * SHA-256 of a token. Every function takes `db` or a transaction first.
 */
import type { Role } from '@duly/shared/contract';
import type { ApiTokenScope, Db } from '../tables';

/** A token as listed: never its secret or hash. */
export interface ApiTokenListed {
  id: string;
  name: string;
  scope: ApiTokenScope;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  user_id: string;
  user_full_name: string | null;
  user_email: string;
}

/** The most tokens one person may hold (revoked and expired ones do not count). */
export const API_TOKENS_PER_PERSON = 50;

export async function insertApiToken(
  db: Db,
  token: {
    id: string;
    organizationId: string;
    userId: string;
    name: string;
    tokenHash: string;
    scope: ApiTokenScope;
    expiresAt: string | null;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('api_tokens')
    .values({
      id: token.id,
      organization_id: token.organizationId,
      user_id: token.userId,
      name: token.name,
      token_hash: token.tokenHash,
      scope: token.scope,
      expires_at: token.expiresAt,
      last_used_at: null,
      revoked_at: null,
      created_at: token.now,
    })
    .execute();
}

/** Working tokens (neither revoked nor expired) of a person, or of the organisation. */
export async function listApiTokens(
  db: Db,
  filter: { organizationId: string; userId?: string; now: string },
): Promise<ApiTokenListed[]> {
  let query = db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 't.user_id').onRef('u.organization_id', '=', 't.organization_id'),
    )
    .select([
      't.id',
      't.name',
      't.scope',
      't.created_at',
      't.expires_at',
      't.last_used_at',
      't.user_id',
      'u.full_name as user_full_name',
      'u.email as user_email',
    ])
    .where('t.organization_id', '=', filter.organizationId)
    .where('t.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', filter.now)]));
  if (filter.userId !== undefined) query = query.where('t.user_id', '=', filter.userId);
  return query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(500).execute();
}

export async function countWorkingApiTokens(
  db: Db,
  organizationId: string,
  userId: string,
  now: string,
): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Revokes a working token; false when there is none (of that person, when given). */
export async function revokeApiToken(
  db: Db,
  where: { organizationId: string; id: string; userId?: string; now: string },
): Promise<boolean> {
  let query = db
    .updateTable('api_tokens')
    .set({ revoked_at: where.now })
    .where('organization_id', '=', where.organizationId)
    .where('id', '=', where.id)
    .where('revoked_at', 'is', null);
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What a request carrying a token acts as: its person, as they are now. */
export interface ApiTokenHolder {
  id: string;
  organization_id: string;
  scope: ApiTokenScope;
  expires_at: string | null;
  last_used_at: string | null;
  user: {
    id: string;
    email: string;
    full_name: string | null;
    role: Role;
    token_version: number;
  };
}

/**
 * The working token with this hash and its person, if the person is not deactivated: read on
 * every request, so a revocation counts on every instance at once.
 */
export async function findWorkingApiToken(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<ApiTokenHolder | undefined> {
  const row = await db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 't.user_id').onRef('u.organization_id', '=', 't.organization_id'),
    )
    .select([
      't.id',
      't.organization_id',
      't.scope',
      't.expires_at',
      't.last_used_at',
      'u.id as user_id',
      'u.email',
      'u.full_name',
      'u.role',
      'u.token_version',
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', now)]))
    .where('u.status', '!=', 'inactive')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    organization_id: row.organization_id,
    scope: row.scope,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    user: {
      id: row.user_id,
      email: row.email,
      full_name: row.full_name,
      role: row.role,
      token_version: Number(row.token_version),
    },
  };
}

/** Whether this token is still neither revoked nor expired (an open stream asks). */
export async function isApiTokenWorking(
  db: Db,
  organizationId: string,
  id: string,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('api_tokens')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a use, at most once a minute per token (a write per minute, not per request). */
export async function touchApiToken(
  db: Db,
  organizationId: string,
  id: string,
  now: string,
  notAfter: string,
): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: now })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notAfter)]))
    .execute();
}
