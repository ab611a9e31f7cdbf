/**
 * One-time links (invitations, password resets, email changes; migrations 006 and 201). The raw token only ever
 * exists in the mail; the database sees its SHA-256. Every function takes `db` or a
 * transaction first.
 */
import type { AccountTokenPurpose, Db, OrganizationRow, UserRow } from '../tables';
import { recordActivity, SYSTEM, type Actor } from './activity';

export interface NewAccountToken {
  tokenHash: string;
  organizationId: string;
  userId: string;
  purpose: AccountTokenPurpose;
  now: string;
  expiresAt: string;
  /** `email_change`: the address the link goes to, which becomes the person's email. */
  newEmail?: string;
  /** Who sends an invitation: the history records `invited` with them (else Duly). */
  actor?: Actor;
}

/**
 * Stores a new link and ends the person's older unused links of the same purpose (their
 * `expires_at` becomes now), in one transaction: a resend leaves exactly one working link.
 */
export async function insertAccountToken(db: Db, token: NewAccountToken): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('account_tokens')
      .set({ expires_at: token.now })
      .where('organization_id', '=', token.organizationId)
      .where('user_id', '=', token.userId)
      .where('purpose', '=', token.purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', token.now)
      .execute();
    await trx
      .insertInto('account_tokens')
      .values({
        token_hash: token.tokenHash,
        organization_id: token.organizationId,
        user_id: token.userId,
        purpose: token.purpose,
        expires_at: token.expiresAt,
        used_at: null,
        created_at: token.now,
        new_email: token.newEmail ?? null,
      })
      .execute();
    if (token.purpose === 'invitation') {
      await recordActivity(trx, token.actor ?? SYSTEM, [
        {
          organizationId: token.organizationId,
          entityType: 'employee',
          entityId: token.userId,
          action: 'invited',
        },
      ]);
    }
  });
}

/** A link with the person it is for and their organisation. */
export interface AccountTokenDetails {
  organizationId: string;
  purpose: AccountTokenPurpose;
  expiresAt: string;
  usedAt: string | null;
  /** `email_change`: the address it confirms. */
  newEmail: string | null;
  user: Pick<UserRow, 'id' | 'email' | 'full_name' | 'role' | 'status' | 'password_hash'>;
  organizationName: OrganizationRow['name'];
}

/** The link whose token hashes to `tokenHash`, for `purpose`, whatever its state. */
export async function findAccountToken(
  db: Db,
  tokenHash: string,
  purpose: AccountTokenPurpose,
): Promise<AccountTokenDetails | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .innerJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'account_tokens.user_id')
        .onRef('users.organization_id', '=', 'account_tokens.organization_id'),
    )
    .innerJoin('organizations', 'organizations.id', 'account_tokens.organization_id')
    .select([
      'account_tokens.organization_id',
      'account_tokens.purpose',
      'account_tokens.expires_at',
      'account_tokens.used_at',
      'account_tokens.new_email',
      'users.id as user_id',
      'users.email',
      'users.full_name',
      'users.role',
      'users.status',
      'users.password_hash',
      'organizations.name as organization_name',
    ])
    .where('account_tokens.token_hash', '=', tokenHash)
    .where('account_tokens.purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    organizationId: row.organization_id,
    purpose: row.purpose,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
    newEmail: row.new_email,
    user: {
      id: row.user_id,
      email: row.email,
      full_name: row.full_name,
      role: row.role,
      status: row.status,
      password_hash: row.password_hash,
    },
    organizationName: row.organization_name,
  };
}

/**
 * Marks the link used if it still works at `now`. The condition is in the UPDATE itself, so
 * of two requests with the same link at the same moment exactly one gets `true`.
 */
export async function useAccountToken(db: Db, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Ends every unused link of the person: when they set a password (any way), and when their
 * email changes (each link was mailed to the old address, or confirms another new one).
 */
export async function expireAccountTokensOf(
  db: Db,
  organizationId: string,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ expires_at: now })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}
