import type { WebhookFormat } from './api';
/** The webhooks screens' texts (issue 30; not in the spec, written in its voice). */
export const WEBHOOK_TEXTS = {
  title: 'Webhooks',
  subtitle: "Tell your organisation's other systems about every change, signed.",
  adminsOnly: 'Only admins can manage webhooks.',
  add: 'Add webhook',
  loading: 'Loading webhooks...',
  error: 'Error loading webhooks. Please try again.',
  empty: 'No webhooks yet. Add one to tell another system about changes.',
  created: 'Webhook added',
  createFailed: 'Could not add the webhook',
  secretTitle: 'Signing secret',
  secretHint:
    'Copy this secret now: it is not shown again. Your receiver uses it to check the webhook-signature header of every delivery.',
  copied: 'Secret copied',
  itemLoading: 'Loading webhook...',
  notFound: 'Webhook not found',
  itemError: 'Error loading webhook. Please try again.',
  back: 'Back to Webhooks',
  sendTest: 'Send test',
  testSent: 'Test sent',
  logTitle: 'Delivery log',
  logEmpty: 'No deliveries yet. Send a test to see one here.',
  redeliver: 'Redeliver',
  redelivered: 'Delivery sent again',
  deleteTitle: 'Delete webhook',
  deleteMessage: 'Are you sure you want to delete this webhook? Its delivery log goes with it.',
  deleted: 'Webhook deleted',
} as const;

export const EVENT_LABELS: Record<string, string> = {
  'task.created': 'Task created',
  'task.updated': 'Task updated',
  'task.overdue': 'Task overdue',
  'certificate.created': 'Certificate created',
  'certificate.expiring': 'Certificate expiring (each reminder)',
  'certificate.expired': 'Certificate expired',
  'certificate.renewed': 'Certificate renewed',
  'employee.created': 'Employee added',
  'employee.deactivated': 'Employee deactivated',
  ping: 'Ping (tests)',
};

/** The formats an endpoint may receive, as the form and the details name them. */
export const FORMAT_LABELS: Record<WebhookFormat, string> = {
  standard: 'Signed JSON (Standard Webhooks)',
  slack: 'Slack incoming webhook',
  teams: 'Microsoft Teams (Workflows)',
};
