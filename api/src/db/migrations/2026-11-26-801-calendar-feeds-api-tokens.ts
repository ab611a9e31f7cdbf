/**
 * Calendar feeds and personal API tokens (issue 30, docs/integrations.md).
 *
 * `calendar_feeds`: at most one subscription URL per person. The URL carries 32 random bytes;
 * only their SHA-256 is stored, looked up through an index of its own (whoever fetches a feed
 * is a calendar app, not signed in). Regenerating replaces the row, so the old URL stops at
 * once. `scope` is what the feed shows: `mine` (the person's own items) or `organization`
 * (managers and admins: the team is the organisation, ARCHITECTURE).
 *
 * `api_tokens`: named `duly_pat_…` tokens. Only the SHA-256 of the token is stored; every
 * request that carries one looks it up by that hash (index of its own), so a revoked or expired
 * token fails on its next request on every instance.
 *
 * Both are tenant tables: primary key (organization_id, id / user_id) and a foreign key to
 * users (organization_id, id) on PostgreSQL (Citus, api/test/citus-schema.test.ts); SQLite,
 * whose users key is the id alone, references users (id).
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  let feeds = db.schema
    .createTable('calendar_feeds')
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) =>
      postgres ? column.notNull() : column.notNull().references('users.id').onDelete('cascade'),
    )
    // SHA-256 of the URL's secret, lower-case hex.
    .addColumn('secret_hash', 'text', (column) => column.notNull())
    // mine | organization
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('calendar_feeds_pkey', ['organization_id', 'user_id']);
  if (postgres) {
    feeds = feeds.addForeignKeyConstraint(
      'calendar_feeds_organization_id_user_id_fkey',
      ['organization_id', 'user_id'],
      'users',
      ['organization_id', 'id'],
      (constraint) => constraint.onDelete('cascade'),
    );
  }
  await feeds.execute();
  await db.schema
    .createIndex('calendar_feeds_secret_hash_idx')
    .on('calendar_feeds')
    .column('secret_hash')
    .execute();

  let tokens = db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('organization_id', 'text', (column) =>
      column.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) =>
      postgres ? column.notNull() : column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    // SHA-256 of the whole token (`duly_pat_…`), lower-case hex.
    .addColumn('token_hash', 'text', (column) => column.notNull())
    // read | read-write
    .addColumn('scope', 'text', (column) => column.notNull())
    // Null: never expires (admins only).
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('api_tokens_pkey', ['organization_id', 'id']);
  if (postgres) {
    tokens = tokens.addForeignKeyConstraint(
      'api_tokens_organization_id_user_id_fkey',
      ['organization_id', 'user_id'],
      'users',
      ['organization_id', 'id'],
      (constraint) => constraint.onDelete('cascade'),
    );
  }
  await tokens.execute();
  await db.schema
    .createIndex('api_tokens_token_hash_idx')
    .on('api_tokens')
    .column('token_hash')
    .execute();
  // A person's list, and the organisation's (admins), newest first.
  await db.schema
    .createIndex('api_tokens_organization_id_user_id_created_at_idx')
    .on('api_tokens')
    .columns(['organization_id', 'user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('api_tokens_organization_id_created_at_idx')
    .on('api_tokens')
    .columns(['organization_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
  await db.schema.dropTable('calendar_feeds').execute();
}
