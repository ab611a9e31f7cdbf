/**
 * Tells an organisation's active admins that one of its webhooks was disabled after 24 h of
 * failures (issue 30): a notice in each one's bell, then one mail each, with a stable
 * Message-ID (a second instance that also saw it disabled cannot, since only one disables it;
 * a retried mail is dropped by the receiving side). The screen shows the endpoint as Disabled
 * with the reason.
 *
 * The notice is written here, not through the reminders' outbox: its mail is sent at once
 * below (there is no email switch for it), so its row's email side is `skipped`. Its key names
 * the endpoint and the moment it was disabled: a retried call adds nothing, a webhook enabled
 * and disabled again is a new notice.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/tables';
import { composeMail } from '../mail/compose';
import { publicLink, type Mailer } from '../mail/mailer';

export async function tellAdminsWebhookDisabled(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  endpoint: { organization_id: string; id: string; url: string },
  disabledAt: string,
): Promise<number> {
  const admins = await db
    .selectFrom('users')
    .select(['id', 'email', 'full_name'])
    .where('organization_id', '=', endpoint.organization_id)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .execute();
  if (admins.length > 0) {
    await db
      .insertInto('notifications')
      .values(
        admins.map((admin) => ({
          id: randomUUID(),
          organization_id: endpoint.organization_id,
          recipient_user_id: admin.id,
          key: `webhook_disabled:${endpoint.id}:${disabledAt}:${admin.id}`,
          kind: 'webhook_disabled' as const,
          item_type: 'webhook' as const,
          item_id: endpoint.id,
          item_title: endpoint.url,
          item_date: disabledAt,
          delivery: 'immediate' as const,
          email_status: 'skipped' as const,
          send_after: disabledAt,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          sent_at: null,
          read_at: null,
          created_at: disabledAt,
        })),
      )
      .onConflict((conflict) => conflict.columns(['organization_id', 'key']).doNothing())
      .execute();
  }
  for (const admin of admins) {
    const digest = createHash('sha256').update(`webhook-disabled:${endpoint.id}:${admin.id}`);
    await mailer.send({
      ...composeMail({
        to: admin.email,
        subject: `Webhook disabled: ${endpoint.url}`,
        greeting: `Hello ${admin.full_name ?? admin.email},`,
        paragraphs: [
          `Every delivery to the webhook ${endpoint.url} has failed for 24 hours, so Duly disabled it and stopped sending to it.`,
          'Check the delivery log for the answers it gave, fix the receiver, then enable the webhook again.',
        ],
        action: {
          label: 'Open the webhook',
          url: publicLink(publicUrl, `/settings/webhooks/${endpoint.id}`),
        },
      }),
      messageId: `<${digest.digest('hex')}@duly>`,
    });
  }
  return admins.length;
}
