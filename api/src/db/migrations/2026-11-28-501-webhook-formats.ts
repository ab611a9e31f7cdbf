/**
 * Webhook formats (issue 30): an endpoint receives the signed Standard Webhooks JSON
 * (`standard`, every existing endpoint), or a text summary shaped for a Slack incoming
 * webhook (`slack`) or a Microsoft Teams Workflows webhook (`teams`, an Adaptive Card).
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('format', 'text', (column) => column.notNull().defaultTo('standard'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('webhook_endpoints').dropColumn('format').execute();
}
