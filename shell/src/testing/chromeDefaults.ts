/**
 * The answers to the requests the chrome and the profile page make on their own (the bell's
 * unread count, the reminder window's and the compliance line's counts, the profile's
 * integrations), for a test file's `setupApiServer(...)`: a test about something else then
 * gets quiet, empty answers instead of MSW's "unhandled request" errors and a failed query.
 * They come last, so the file's own handlers and `server.use` in a test win.
 */
import { http, HttpResponse } from 'msw';
import { TOTAL_COUNT_HEADER } from '@duly/shared';
import { apiUrl } from '@duly/shared/test-utils';
import { complianceHandlers } from './handlers';
import { noNotifications } from './notifications';

export function chromeDefaults() {
  return [
    ...noNotifications(),
    complianceHandlers.ok({ organization_percent: 100, gaps: 0 }),
    http.get(apiUrl('/certificates/'), () =>
      HttpResponse.json([], { headers: { [TOTAL_COUNT_HEADER]: '0' } }),
    ),
    http.get(apiUrl('/profile/api-tokens'), () => HttpResponse.json([])),
    http.get(apiUrl('/profile/calendar-url'), () => HttpResponse.json({ url: null, scope: null })),
  ];
}
