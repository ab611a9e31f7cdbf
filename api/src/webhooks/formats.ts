/**
 * What an endpoint is sent (issue 30): `standard` is the signed Standard Webhooks JSON as
 * queued; `slack` and `teams` are a one-line text summary in the body a Slack incoming webhook
 * or a Microsoft Teams Workflows webhook ("Post to a channel when a webhook request is
 * received", which replaced the retired Office 365 connectors) accepts. The log keeps the
 * standard body, so a redelivery or a change of format sends the same change.
 */
export const WEBHOOK_FORMATS = ['standard', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

const HEADLINES: Record<string, string> = {
  ping: 'Test message from Duly',
  'task.created': 'Task created',
  'task.updated': 'Task updated',
  'task.overdue': 'Task overdue',
  'certificate.created': 'Certificate added',
  'certificate.expiring': 'Certificate expiring',
  'certificate.expired': 'Certificate expired',
  'certificate.renewed': 'Certificate renewed',
  'employee.created': 'Employee added',
  'employee.deactivated': 'Employee deactivated',
};

type Item = Record<string, unknown>;

function nameOf(data: Item | null): string | undefined {
  if (!data) return undefined;
  for (const field of ['title', 'name', 'full_name', 'email']) {
    const value = data[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

/** "Task overdue: “File the GST return” (due 2026-11-20T12:30:00.000Z)". */
export function summaryOf(payload: string): string {
  const { type, data } = JSON.parse(payload) as { type: string; data: unknown };
  const item = data && typeof data === 'object' ? (data as Item) : null;
  const headline = HEADLINES[type] ?? type;
  const name = nameOf(item);
  const date =
    typeof item?.due_date === 'string'
      ? ` (due ${item.due_date})`
      : typeof item?.expiry_date === 'string'
        ? ` (expires ${item.expiry_date})`
        : '';
  return name ? `${headline}: “${name}”${date}` : headline;
}

/** The body sent to an endpoint of `format` for the queued standard `payload`. */
export function bodyFor(format: WebhookFormat, payload: string): string {
  if (format === 'standard') return payload;
  const text = summaryOf(payload);
  if (format === 'slack') return JSON.stringify({ text });
  return JSON.stringify({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [{ type: 'TextBlock', text, wrap: true }],
        },
      },
    ],
  });
}
