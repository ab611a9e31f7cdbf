import { baseApi, type DashboardResponse } from '@duly/shared/core';

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
  }),
  overrideExisting: 'throw',
});

export const { useDashboardGetQuery } = dashboardApi;
