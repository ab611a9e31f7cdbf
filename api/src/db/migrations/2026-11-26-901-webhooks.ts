/**
 * Webhooks (issue 30): the endpoints an organisation's admins register, and the outbox of
 * their deliveries. A delivery row is written in the transaction of the change it tells
 * (webhooks/events.ts) and sent by webhooks/sender.ts with leases and retries, like the
 * reminders' ledger; its id is the `webhook-id` receivers de-duplicate on.
 *
 * Keys follow Citus's rules (api/test/citus-schema.test.ts): every key holds organization_id.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen in time: they take `Kysely<any>`, never today's table types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('description', 'text')
    // A JSON array of event types.
    .addColumn('events', 'text', (column) => column.notNull())
    // `whsec_` + base64: kept as is, since every delivery is signed with it.
    .addColumn('secret', 'text', (column) => column.notNull())
    .addColumn('enabled', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    // The first failure since the last success; 24 h later the endpoint is disabled.
    .addColumn('failing_since', 'text')
    .addColumn('created_by_user_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('webhook_endpoints_pk', ['organization_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('organization_id', 'text', (column) => column.notNull())
    // `msg_` + random: the `webhook-id` header.
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('endpoint_id', 'text', (column) => column.notNull())
    .addColumn('event', 'text', (column) => column.notNull())
    // The change it tells, unique per endpoint: the same change is never queued twice.
    .addColumn('event_key', 'text', (column) => column.notNull())
    // The JSON body, exactly as it is signed and sent on every attempt.
    .addColumn('payload', 'text', (column) => column.notNull())
    // pending | sending | delivered | failed
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('webhook_deliveries_pk', ['organization_id', 'id'])
    .addForeignKeyConstraint(
      'webhook_deliveries_endpoint_fk',
      ['organization_id', 'endpoint_id'],
      'webhook_endpoints',
      ['organization_id', 'id'],
      (constraint) => constraint.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_event_key')
    .on('webhook_deliveries')
    .columns(['organization_id', 'endpoint_id', 'event_key'])
    .unique()
    .execute();
  // The sender's range reads: what is due, and claims whose lease ran out.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_lease')
    .on('webhook_deliveries')
    .columns(['status', 'lease_until'])
    .execute();
  // The log of one endpoint, newest first.
  await db.schema
    .createIndex('webhook_deliveries_log')
    .on('webhook_deliveries')
    .columns(['organization_id', 'endpoint_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
