/**
 * The events webhooks tell (issue 30) and how a change queues them: `queueWebhookEvents`
 * runs inside the transaction of the change, so a delivery exists if and only if the change
 * committed (the outbox, as for the reminders' mails). Each (endpoint, event key) is queued
 * once: the same change told twice (two instances of the sweep) is one delivery.
 */
import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@duly/shared/contract';
import type { Db } from '../db/tables';

// One list for the API and the screen (@duly/shared).
export { WEBHOOK_EVENTS, type WebhookEvent };

export interface WebhookEventToQueue {
  organizationId: string;
  type: WebhookEvent;
  /**
   * Names the change: the same key is queued once per endpoint. Changes made by a request are
   * keyed by a random id (each request is one change); the sweep's by item and date.
   */
  key: string;
  /** The item as the API returns it; read only when some endpoint listens. */
  data: () => Promise<unknown>;
}

/** A key for a change made by one request. */
export function changeKey(item: string, id: string): string {
  return `${item}:${id}:${randomUUID()}`;
}

/** `msg_` + 32 hex digits: the delivery's id, sent as `webhook-id`. */
export function newDeliveryId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/** The body of a delivery (the Standard Webhooks shape). */
export function webhookPayload(type: string, timestamp: string, data: unknown): string {
  return JSON.stringify({ type, timestamp, data });
}

export function parseEvents(events: string): WebhookEvent[] {
  return JSON.parse(events) as WebhookEvent[];
}

/**
 * Queues each event for every enabled endpoint of its organisation that listens to it. One
 * read of the organisations' endpoints; nothing more when none listens. `db` is the caller's
 * transaction.
 */
export async function queueWebhookEvents(
  db: Db,
  events: readonly WebhookEventToQueue[],
  now: string = new Date().toISOString(),
): Promise<number> {
  if (events.length === 0) return 0;
  const organizations = [...new Set(events.map((event) => event.organizationId))];
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['organization_id', 'id', 'events'])
    .where('organization_id', 'in', organizations)
    .where('enabled', '=', 1)
    .execute();
  if (endpoints.length === 0) return 0;
  let queued = 0;
  for (const event of events) {
    const listening = endpoints.filter(
      (endpoint) =>
        endpoint.organization_id === event.organizationId &&
        parseEvents(endpoint.events).includes(event.type),
    );
    if (listening.length === 0) continue;
    const data = await event.data();
    if (data === undefined) continue;
    const payload = webhookPayload(event.type, now, data);
    const result = await db
      .insertInto('webhook_deliveries')
      .values(
        listening.map((endpoint) => ({
          organization_id: event.organizationId,
          id: newDeliveryId(),
          endpoint_id: endpoint.id,
          event: event.type,
          event_key: event.key,
          payload,
          status: 'pending' as const,
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['organization_id', 'endpoint_id', 'event_key']).doNothing(),
      )
      .executeTakeFirst();
    queued += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return queued;
}
