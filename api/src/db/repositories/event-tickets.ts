/** Used tickets of the live-updates stream (migration 2026-11-27-302; live/tickets.ts). */
import type { Db } from '../tables';

/**
 * Records the ticket as used: true the first time, false when it already was (on any
 * instance). Removes the organisation's tickets that have expired, which no use can find
 * again anyway, so the table holds at most a minute of tickets.
 */
export async function spendEventTicket(
  db: Db,
  ticket: { organizationId: string; nonce: string; expiresAt: string },
  now: string,
): Promise<boolean> {
  await db
    .deleteFrom('event_tickets')
    .where('organization_id', '=', ticket.organizationId)
    .where('expires_at', '<', now)
    .execute();
  const inserted = await db
    .insertInto('event_tickets')
    .values({
      organization_id: ticket.organizationId,
      nonce: ticket.nonce,
      expires_at: ticket.expiresAt,
    })
    .onConflict((conflict) => conflict.columns(['organization_id', 'nonce']).doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return inserted !== undefined;
}
