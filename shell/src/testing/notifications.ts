/**
 * An in-memory stand-in of the bell's API for the shell's tests: the signed-in person's
 * notices (newest first, `limit`/`offset`, `X-Total-Count`), the unread count (capped at 100
 * like the API), marking read, and the email switches. Every write is logged.
 */
import { http, HttpResponse } from 'msw';
import {
  NOTIFICATION_KINDS,
  TOTAL_COUNT_HEADER,
  type AppNotification,
  type EmailPreferences,
} from '@duly/shared';
import { apiUrl } from '@duly/shared/test-utils';

let sequence = 0;

/** A notice; a certificate reminder unless `fields` say otherwise. */
export function makeNotice(fields: Partial<AppNotification> = {}): AppNotification {
  sequence += 1;
  const kind = fields.kind ?? 'certificate_reminder';
  return {
    id: `notice-${sequence}`,
    kind,
    item_type: kind.startsWith('task_') ? 'task' : 'certificate',
    item_id: `item-${sequence}`,
    item_title: `Item ${sequence}`,
    item_date: kind.startsWith('task_') ? '2026-11-20T12:30:00.000Z' : '2026-12-01',
    created_at: '2026-11-24T03:30:00.000Z',
    read_at: null,
    ...fields,
  };
}

export function notificationsBackend(
  initial: AppNotification[] = [],
  preferences: Partial<EmailPreferences> = {},
) {
  const notices = initial.map((notice) => ({ ...notice }));
  const settings = {
    ...(Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as EmailPreferences),
    ...preferences,
  };
  const writes: { method: string; path: string; body: unknown }[] = [];
  const unread = () => notices.filter((notice) => notice.read_at === null).length;
  const now = () => new Date().toISOString();

  const handlers = [
    http.get(apiUrl('/notifications/'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const limit = Number(query.get('limit') ?? 50);
      const offset = Number(query.get('offset') ?? 0);
      const sorted = [...notices].sort((a, b) => b.created_at.localeCompare(a.created_at));
      return HttpResponse.json(sorted.slice(offset, offset + limit), {
        headers: { [TOTAL_COUNT_HEADER]: String(notices.length) },
      });
    }),
    http.get(apiUrl('/notifications/unread-count'), () =>
      HttpResponse.json({ count: Math.min(unread(), 100) }),
    ),
    http.patch(apiUrl('/notifications/:id'), async ({ params, request }) => {
      const body = (await request.json()) as { read: boolean };
      writes.push({ method: 'PATCH', path: `/notifications/${params.id}`, body });
      const notice = notices.find((candidate) => candidate.id === params.id);
      if (!notice) {
        return HttpResponse.json(
          { message: 'Notification not found', code: 'not_found' },
          { status: 404 },
        );
      }
      notice.read_at = body.read ? (notice.read_at ?? now()) : null;
      return HttpResponse.json(notice);
    }),
    http.post(apiUrl('/notifications/read-all'), () => {
      writes.push({ method: 'POST', path: '/notifications/read-all', body: undefined });
      const updated = unread();
      for (const notice of notices) notice.read_at ??= now();
      return HttpResponse.json({ updated });
    }),
    http.get(apiUrl('/profile/email-preferences'), () => HttpResponse.json(settings)),
    http.put(apiUrl('/profile/email-preferences'), async ({ request }) => {
      const body = (await request.json()) as Partial<EmailPreferences>;
      writes.push({ method: 'PUT', path: '/profile/email-preferences', body });
      Object.assign(settings, body);
      return HttpResponse.json(settings);
    }),
  ];

  return { handlers, notices, settings, writes };
}

/** For tests about something else: a bell with nothing to show. */
export const noNotifications = () => notificationsBackend().handlers;
