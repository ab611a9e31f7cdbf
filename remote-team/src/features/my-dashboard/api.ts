/**
 * The employee dashboard's endpoints (spec 7, /employee/*): the signed-in user's own tasks and
 * certificates, injected into `baseApi` under this remote's `team` prefix. They provide the
 * `Task` and `Certificate` tags, so a task completed in remote-tasks or a certificate assigned
 * on the team dashboard refreshes these lists.
 */
import {
  baseApi,
  listTags,
  toPage,
  type Certificate,
  type CertificateStatus,
  type EmployeeTaskFilter,
  type ListParams,
  type Page,
  type Task,
} from '@duly/shared';

/** Open tasks first, each by due date, then completed ones (the API's `urgency`). */
export const MY_TASK_SORT = 'urgency';
/** Soonest expiry first. */
export const MY_CERTIFICATE_SORT = 'expiry_date';

export type MyTasksParams = Pick<ListParams, 'limit' | 'offset'> & {
  /** Omitted for All (spec 7). */
  status?: EmployeeTaskFilter;
};

export type MyCertificatesParams = Pick<ListParams, 'limit' | 'offset'> & {
  /** Omitted for All (spec 7). */
  status?: CertificateStatus;
};

export function injectMyEndpoints(api: typeof baseApi) {
  return api.injectEndpoints({
    overrideExisting: 'throw',
    endpoints: (build) => ({
      teamMyTasks: build.query<Page<Task>, MyTasksParams>({
        query: (params) => ({ url: '/employee/tasks', params: { ...params, sort: MY_TASK_SORT } }),
        transformResponse: (items: Task[], meta) => toPage(items, meta),
        providesTags: (page) => listTags('Task', page?.items),
      }),

      teamMyCertificates: build.query<Page<Certificate>, MyCertificatesParams>({
        query: (params) => ({
          url: '/employee/certificates',
          params: { ...params, sort: MY_CERTIFICATE_SORT },
        }),
        transformResponse: (items: Certificate[], meta) => toPage(items, meta),
        providesTags: (page) => listTags('Certificate', page?.items),
      }),
    }),
  });
}

export const myApi = injectMyEndpoints(baseApi);

export const { useTeamMyTasksQuery, useTeamMyCertificatesQuery } = myApi;
