/**
 * GET /activity for every remote (issue 29): the History section of a task, certificate or
 * person and the organisation-wide activity screen read it through this one endpoint,
 * injected once by the platform library.
 *
 * An item's history provides the item's own tag, so saving the item (which invalidates it)
 * shows the new entry at once.
 */
import type { ActivityAction, ActivityEntityType, ActivityEntry, Page } from '../contract/types';
import { baseApi, type ApiTagType } from './baseApi';
import { toPage } from './toPage';

export interface ActivityListParams {
  entity_type?: ActivityEntityType;
  entity_id?: string;
  actor_id?: string;
  action?: ActivityAction;
  since?: string;
  until?: string;
  limit?: number;
  offset?: number;
  /** Keyset: entries older than this id. */
  before?: number;
}

const TAG_OF: Record<ActivityEntityType, ApiTagType> = {
  task: 'Task',
  certificate: 'Certificate',
  employee: 'Employee',
  certificate_type: 'CertificateType',
};

export const activityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    activityList: build.query<Page<ActivityEntry>, ActivityListParams>({
      query: (params) => ({ url: '/activity', params }),
      transformResponse: (items: ActivityEntry[], meta) => toPage(items, meta),
      providesTags: (_page, _error, params) =>
        params.entity_type && params.entity_id
          ? [{ type: TAG_OF[params.entity_type], id: params.entity_id }]
          : [],
    }),
  }),
});

export const { useActivityListQuery } = activityApi;
