/**
 * One-time links of the accounts (issue 14): invitations and password resets.
 *
 * A link carries 32 random bytes; only their SHA-256 is stored, so someone who reads the
 * database (a backup, a replica) cannot use a pending link. A row is used at most once
 * (`used_at`), stops working at `expires_at`, and a newer link for the same person and
 * purpose sets the older unused ones' `expires_at` to the moment it was made.
 *
 * The link is looked up by its hash alone (whoever opens it is not signed in, so the
 * organisation is not known yet), through an index of its own. The primary key is
 * (organization_id, token_hash), as Citus wants every key of a tenant table (ARCHITECTURE 7b,
 * api/test/citus-schema.test.ts); under Citus the lookup by hash asks every shard, which is
 * fine for invitations and resets. 32 random bytes make two equal hashes a non-event, so the
 * hash index need not be unique.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('account_tokens')
    // SHA-256 of the link's token, lower-case hex.
    .addColumn('token_hash', 'text', (column) => column.notNull())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // invitation | password_reset
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('account_tokens_pkey', ['organization_id', 'token_hash'])
    .execute();
  await db.schema
    .createIndex('account_tokens_token_hash_idx')
    .on('account_tokens')
    .column('token_hash')
    .execute();
  // A new link ends the person's older ones of the same purpose.
  await db.schema
    .createIndex('account_tokens_organization_id_user_id_purpose_idx')
    .on('account_tokens')
    .columns(['organization_id', 'user_id', 'purpose'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('account_tokens').execute();
}
