import {
  baseApi,
  complianceTotalsQuery,
  pageQuery,
  toPage,
  type ApiMeta,
  type Certificate,
  type ComplianceTotals,
  type DashboardResponse,
} from '@duly/shared/core';

/** The organisation's compliance (issue 28): percent compliant and how many gaps. */
export type DashboardCompliance = ComplianceTotals;

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
    /**
     * The organisation's compliance from the matrix's totals (one person asked): admins only
     * (the screen asks nothing for others). Refetched when a certificate or a type changes.
     */
    dashboardCompliance: build.query<DashboardCompliance, void>(complianceTotalsQuery()),
  }),
  overrideExisting: 'throw',
});

export const {
  useDashboardGetQuery,
  useDashboardReminderWindowQuery,
  useDashboardComplianceQuery,
} = dashboardApi;
