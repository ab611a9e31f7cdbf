// The email switches of the profile page (with the settings screens, not with the bell that
// every signed-in page loads: issue 32).
import { type NotificationKind } from '@duly/shared/core';

/** The switch of each kind of email on the profile page, with what it sends. */
export const EMAIL_KIND_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  certificate_reminder: {
    label: 'Certificate reminders',
    hint: 'When a certificate you look after is about to expire',
  },
  certificate_expired: {
    label: 'Expired certificates',
    hint: 'When a certificate you look after has expired',
  },
  certificate_escalated: {
    label: 'Certificate escalations',
    hint: 'When an expired certificate is escalated (managers and admins)',
  },
  task_overdue: { label: 'Overdue tasks', hint: 'When a task you are assigned or gave is overdue' },
  task_escalated: {
    label: 'Task escalations',
    hint: 'When a task is overdue for 3 days (managers and admins)',
  },
  document_approved: {
    label: 'Approved documents',
    hint: 'When a manager approves a certificate document you sent',
  },
  document_rejected: {
    label: 'Rejected documents',
    hint: 'When a manager rejects a certificate document you sent',
  },
};
