/**
 * Tickets of the live-updates stream (issue 31, item 3): a browser's EventSource cannot send
 * an Authorization header, so it opens `GET /api/v1/events?ticket=…` with a signed ticket
 * valid 60 s. Each ticket may open one stream, on whichever instance: its nonce is recorded
 * here when used (a second use finds it). Rows older than a ticket's life are removed as
 * tickets are used.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('event_tickets')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    // When the ticket stops working (ISO 8601 UTC), after which its row is removed.
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('event_tickets_pkey', ['organization_id', 'nonce'])
    .execute();
  await db.schema
    .createIndex('event_tickets_expires_at')
    .on('event_tickets')
    .columns(['organization_id', 'expires_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('event_tickets').execute();
}
