// A notice as the panel shows it (loaded with the panel, not with the bell: issue 32).
import { type AppNotification, type NoticeKind } from '@duly/shared/core';
import { formatDate, formatDateTime } from '@duly/shared/dates';

/** What a notice is about, as its heading in the bell. */
export const NOTICE_TITLES: Record<NoticeKind, string> = {
  certificate_reminder: 'Certificate reminder',
  certificate_expired: 'Certificate expired',
  certificate_escalated: 'Certificate escalated',
  task_overdue: 'Task overdue',
  task_escalated: 'Task escalated',
  document_approved: 'Document approved',
  document_rejected: 'Document rejected',
  webhook_disabled: 'Webhook disabled',
  import_done: 'Import finished',
  import_failed: 'Import failed',
};

/**
 * The item's own page: a task's (remote-tasks), a certificate's (remote-certificates), a
 * webhook's, or an import's result on its Import screen.
 */
export function noticeLink(notice: Pick<AppNotification, 'item_type' | 'item_id'>): string {
  const id = encodeURIComponent(notice.item_id);
  if (notice.item_type === 'webhook') return `/settings/webhooks/${id}`;
  if (notice.item_type === 'employees_import') return `/employees/import?import=${id}`;
  if (notice.item_type === 'certificates_import') return `/certificates/import?import=${id}`;
  return notice.item_type === 'task' ? `/tasks/${id}` : `/certificates/${id}`;
}

/** Whether the item's date now differs from the one the notice was about (renewed, moved). */
function changedSince(
  notice: Pick<AppNotification, 'item_type' | 'item_date' | 'item_current_date'>,
): notice is typeof notice & { item_current_date: string } {
  const now = notice.item_current_date;
  if (!now) return false;
  return notice.item_type === 'task'
    ? Date.parse(now) !== Date.parse(notice.item_date)
    : now !== notice.item_date;
}

/**
 * "Due Nov 20, 2026 18:00" for a task, "Expires Dec 01, 2026" for a certificate (Asia/Kolkata).
 * When the item's date changed since, it says so and shows the date now, never the old one as
 * current (issue 33): "Renewed since: now expires Dec 01, 2027 (was Dec 01, 2026)".
 */
export function noticeItemDate(
  notice: Pick<AppNotification, 'item_type' | 'item_date' | 'item_current_date'>,
): string {
  if (notice.item_type === 'webhook') {
    return `Failing for 24 hours; disabled ${formatDateTime(notice.item_date)}`;
  }
  if (notice.item_type === 'employees_import' || notice.item_type === 'certificates_import') {
    return `Ended ${formatDateTime(notice.item_date)}`;
  }
  const task = notice.item_type === 'task';
  const format = task ? formatDateTime : formatDate;
  if (changedSince(notice)) {
    return task
      ? `Due date changed since: now due ${format(notice.item_current_date)} (was ${format(notice.item_date)})`
      : `Renewed since: now expires ${format(notice.item_current_date)} (was ${format(notice.item_date)})`;
  }
  return task ? `Due ${format(notice.item_date)}` : `Expires ${format(notice.item_date)}`;
}

/** When the notice was made, in Asia/Kolkata. */
export function noticeTime(notice: Pick<AppNotification, 'created_at'>): string {
  return formatDateTime(notice.created_at);
}
