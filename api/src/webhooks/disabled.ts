/**
 * Tells an organisation's active admins that one of its webhooks was disabled after 24 h of
 * failures (issue 30): one mail each, with a stable Message-ID (a second instance that also
 * saw it disabled cannot, since only one disables it; a retried mail is dropped by the
 * receiving side). The screen shows the endpoint as Disabled with the reason.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/tables';
import { composeMail } from '../mail/compose';
import { publicLink, type Mailer } from '../mail/mailer';

export async function tellAdminsWebhookDisabled(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  endpoint: { organization_id: string; id: string; url: string },
): Promise<number> {
  const admins = await db
    .selectFrom('users')
    .select(['id', 'email', 'full_name'])
    .where('organization_id', '=', endpoint.organization_id)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .execute();
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
