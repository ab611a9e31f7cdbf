/**
 * The employee dashboard's endpoints (spec 7, /employee/*): the signed-in user's own tasks and
 * certificates, injected into `baseApi` under this remote's `team` prefix and tagged `Task` and
 * `Certificate`, so a write in another remote refreshes these lists.
 */
import {
  baseApi,
  createMutation,
  featureEndpoints,
  pageQuery,
  withParams,
  type Certificate,
  type CertificateStatus,
  type CreateCertificatePayload,
  type EmployeeTaskFilter,
  type ListParams,
  type Page,
  type Task,
} from '@duly/shared/core';

/** A page of one of the lists, with its status filter (omitted for All, spec 7). */
type MyParams<S> = Pick<ListParams, 'limit' | 'offset'> & { status?: S };

export const injectMyEndpoints = featureEndpoints((build) => ({
  // The most urgent tasks first, the soonest expiry first.
  teamMyTasks: build.query<Page<Task>, MyParams<EmployeeTaskFilter>>(
    pageQuery('Task', '/employee/tasks', withParams({ sort: 'urgency' })),
  ),
  teamMyCertificates: build.query<Page<Certificate>, MyParams<CertificateStatus>>(
    pageQuery('Certificate', '/employee/certificates', withParams({ sort: 'expiry_date' })),
  ),
  /** An employee's own new certificate (issue 26), which the API puts in their charge. */
  teamMyCertificateCreate: build.mutation<Certificate, CreateCertificatePayload>(
    createMutation('Certificate', '/certificates/'),
  ),
}));

export const myApi = injectMyEndpoints(baseApi);

export const {
  useTeamMyTasksQuery,
  useTeamMyCertificatesQuery,
  useTeamMyCertificateCreateMutation,
} = myApi;
