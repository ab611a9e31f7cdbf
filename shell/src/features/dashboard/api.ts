import {
  baseApi,
  pageQuery,
  toPage,
  type ApiMeta,
  type Certificate,
  type DashboardResponse,
} from '@duly/shared/core';

/**
 * The main dashboard's counts. Cached under the `Dashboard` tag: every
 * mutation that changes a count (in any remote) invalidates it, so the cards
 * are fresh the next time they show.
 */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    dashboardGet: build.query<DashboardResponse, void>({
      query: () => ({ url: '/dashboard/' }),
      providesTags: ['Dashboard'],
    }),
    /** How many certificates are in their reminder window: one row asked, the total read. */
    dashboardReminderWindow: build.query<number, void>({
      ...pageQuery<Certificate>('Certificate', '/certificates/', () => ({
        in_reminder_window: 'true',
        limit: 1,
      })),
      transformResponse: (items: Certificate[], meta: ApiMeta | undefined) =>
        toPage(items, meta).total,
      providesTags: ['Dashboard', { type: 'Certificate', id: 'LIST' }],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useDashboardGetQuery, useDashboardReminderWindowQuery } = dashboardApi;
