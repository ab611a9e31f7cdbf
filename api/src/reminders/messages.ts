/**
 * The reminder mails: one per immediate notice, one digest per recipient for the day's
 * reminders. Every mail says how many notices it delivers (X-Duly-Notification-Count), names
 * their ledger keys (X-Duly-Notification-Keys) when they are few enough for a header, takes
 * its Message-ID from them, and carries a one-click unsubscribe for its kind (RFC 8058).
 */
import { DateTime } from 'luxon';
import { TIME_ZONE } from '@duly/shared/contract';
import type { NotificationKind, NotificationRow } from '../db/tables';
import { composeMail } from '../mail/compose';
import { publicLink, type MailMessage } from '../mail/mailer';
import {
  isAfterExpiryKey,
  MAX_KEYS_IN_HEADER,
  messageIdFor,
  NOTIFICATION_COUNT_HEADER,
  NOTIFICATION_KEYS_HEADER,
} from './keys';
import { TASK_ESCALATION_DAYS } from './schedule';
import { unsubscribeToken } from './unsubscribe-token';

/** A reminders' notice (the only ones mailed through the outbox). */
export type DeliverableNotice = Pick<
  NotificationRow,
  'key' | 'item_id' | 'item_title' | 'item_date'
> & {
  kind: NotificationKind;
  item_type: 'task' | 'certificate';
};

export interface Recipient {
  id: string;
  email: string;
  full_name: string | null;
}

export interface MessageSettings {
  publicUrl: string;
  jwtSecret: string;
}

/** What each kind of email is called where a person turns it off. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  certificate_reminder: 'certificate reminders',
  certificate_expired: 'certificate expiry notices',
  certificate_escalated: 'certificate escalations',
  task_overdue: 'overdue task notices',
  task_escalated: 'task escalations',
  document_approved: 'approved documents',
  document_rejected: 'rejected documents',
};

/** `2027-01-05` → `5 January 2027`. */
function calendarDate(date: string): string {
  return DateTime.fromISO(date, { zone: 'utc' }).toFormat('d LLLL yyyy');
}

/** An instant as a person in Asia/Kolkata reads it: `5 January 2027, 17:30 IST`. */
function kolkataTime(instant: string): string {
  return `${DateTime.fromISO(instant).setZone(TIME_ZONE).toFormat('d LLLL yyyy, HH:mm')} IST`;
}

function itemLink(settings: MessageSettings, notice: DeliverableNotice): string {
  const folder = notice.item_type === 'task' ? 'tasks' : 'certificates';
  return publicLink(settings.publicUrl, `/${folder}/${notice.item_id}`);
}

/** The one sentence a notice of each kind says. */
function sentence(notice: DeliverableNotice): string {
  const title = notice.item_title;
  switch (notice.kind) {
    case 'certificate_reminder':
      if (isAfterExpiryKey(notice.key)) {
        return `The certificate "${title}" expired on ${calendarDate(notice.item_date)} and has not been renewed yet. Renew it.`;
      }
      return `The certificate "${title}" expires on ${calendarDate(notice.item_date)}. Renew it before then.`;
    case 'certificate_expired':
      return `The certificate "${title}" expired: its expiry date was ${calendarDate(notice.item_date)}.`;
    case 'certificate_escalated':
      return `The certificate "${title}" expired on ${calendarDate(notice.item_date)} and has not been renewed since, so it is now escalated to the organisation's managers and admins.`;
    case 'task_overdue':
      return `The task "${title}" was due on ${kolkataTime(notice.item_date)} and is not completed: it is now overdue.`;
    case 'task_escalated':
      return `The task "${title}" has been overdue for ${TASK_ESCALATION_DAYS} days (it was due on ${kolkataTime(notice.item_date)}), so it is now escalated to the organisation's managers and admins.`;
    case 'document_approved':
      return `The document you sent for the certificate "${title}" was approved; the certificate is now valid until ${calendarDate(notice.item_date)}.`;
    case 'document_rejected':
      return `The document you sent for the certificate "${title}" was rejected. Open the certificate to see the reason, and send a new one.`;
  }
}

const SUBJECTS: Record<NotificationKind, (title: string) => string> = {
  certificate_reminder: (title) => `Reminder: "${title}" expires soon`,
  certificate_expired: (title) => `Certificate expired: "${title}"`,
  certificate_escalated: (title) => `Certificate escalated: "${title}"`,
  task_overdue: (title) => `Task overdue: "${title}"`,
  task_escalated: (title) => `Task escalated: "${title}"`,
  document_approved: (title) => `Document approved: "${title}"`,
  document_rejected: (title) => `Document rejected: "${title}"`,
};

/**
 * The mail that delivers `notices` (one immediate notice, or a recipient's digest of
 * reminders, all of one kind) to `recipient`.
 */
export function reminderMail(
  settings: MessageSettings,
  recipient: Recipient,
  notices: readonly DeliverableNotice[],
): MailMessage {
  const [first] = notices;
  const { kind } = first;
  const keys = notices.map((notice) => notice.key).sort();
  const unsubscribe = publicLink(settings.publicUrl, '/api/v1/unsubscribe', {
    token: unsubscribeToken(settings.jwtSecret, recipient.id, kind),
  });
  const single = notices.length === 1;
  const content = composeMail({
    to: recipient.email,
    subject: single
      ? SUBJECTS[kind](first.item_title)
      : `Reminder: ${notices.length} certificates expire soon`,
    greeting: `Hello ${recipient.full_name?.trim() || recipient.email},`,
    paragraphs: single
      ? [sentence(first)]
      : [
          'These certificates expire soon:',
          ...notices.map((notice) => `${sentence(notice)} ${itemLink(settings, notice)}`),
        ],
    action: single
      ? { label: `Open the ${first.item_type}`, url: itemLink(settings, first) }
      : { label: 'Open the certificates', url: publicLink(settings.publicUrl, '/certificates') },
    footnote: `To stop ${KIND_LABELS[kind]} by email, open ${unsubscribe} (you can turn them back on in your profile).`,
  });
  return {
    ...content,
    messageId: messageIdFor(keys),
    headers: {
      [NOTIFICATION_COUNT_HEADER]: String(keys.length),
      // Comma-separated; long lists are folded after the commas, so split on /,\s*/. Only
      // up to MAX_KEYS_IN_HEADER: beyond, the Message-ID (a hash of the keys) names the mail.
      ...(keys.length <= MAX_KEYS_IN_HEADER ? { [NOTIFICATION_KEYS_HEADER]: keys.join(', ') } : {}),
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
