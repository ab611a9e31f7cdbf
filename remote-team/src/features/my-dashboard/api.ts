/**
 * The employee dashboard's endpoints (spec 7, /employee/*): the signed-in user's own tasks and
 * certificates, injected into `baseApi` under this remote's `team` prefix. They provide the
 * `Task` and `Certificate` tags, so a task completed in remote-tasks or a certificate assigned
 * on the team dashboard refreshes these lists.
 */
import {
  baseApi,
  pageQuery,
  type Certificate,
  type CertificateStatus,
  type CreateCertificatePayload,
  type EmployeeTaskFilter,
  type ListParams,
  type Page,
  type Task,
} from '@duly/shared/core';

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
      teamMyTasks: build.query<Page<Task>, MyTasksParams>(
        pageQuery('Task', '/employee/tasks', (params) => ({ ...params, sort: MY_TASK_SORT })),
      ),
      teamMyCertificates: build.query<Page<Certificate>, MyCertificatesParams>(
        pageQuery('Certificate', '/employee/certificates', (params) => ({
          ...params,
          sort: MY_CERTIFICATE_SORT,
        })),
      ),
      /**
       * An employee's own new certificate (issue 26), sent with its document from "Upload
       * certificate": the API puts it in their charge.
       */
      teamMyCertificateCreate: build.mutation<Certificate, CreateCertificatePayload>({
        query: (data) => ({ url: '/certificates/', method: 'POST', data }),
        invalidatesTags: [{ type: 'Certificate', id: 'LIST' }, 'Dashboard'],
      }),
    }),
  });
}

export const myApi = injectMyEndpoints(baseApi);

export const {
  useTeamMyTasksQuery,
  useTeamMyCertificatesQuery,
  useTeamMyCertificateCreateMutation,
} = myApi;
