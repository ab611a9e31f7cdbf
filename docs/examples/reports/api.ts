// src/features/reports/api.ts
import { baseApi, itemUrl, toPage, type Page } from '@duly/shared/core';

export interface Report {
  id: string;
  title: string;
  kind: string;
  summary: string;
  created_at: string;
}

export type ReportListParams = { limit: number; offset: number; q?: string; sort?: string };

// A new resource's tag type: added here, or to API_TAG_TYPES in @duly/shared once others share it.
const reportsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Report'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    reportsList: build.query<Page<Report>, ReportListParams>({
      query: (params) => ({ url: '/reports/', params }),
      transformResponse: (items: Report[], meta) => toPage(items, meta),
      providesTags: [{ type: 'Report', id: 'LIST' }],
    }),
    reportsGet: build.query<Report, string>({
      query: (id) => ({ url: itemUrl('/reports/', id) }),
      providesTags: (_report, _error, id) => [{ type: 'Report', id }],
    }),
  }),
});

export const { useReportsListQuery, useReportsGetQuery } = reportsApi;
