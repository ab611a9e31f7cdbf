/**
 * The people endpoints, injected into the app's one `baseApi` (ARCHITECTURE 3; the tag rules are
 * docs/shared-library.md's). Names start with `employees`, this remote's prefix. The employee
 * page's work lists are tagged `Task` and `Certificate`, so a task completed or a certificate
 * saved in another remote refreshes them without either remote naming the other.
 */
import {
  baseApi,
  featureEndpoints,
  itemUrl,
  pageQuery,
  PAGE_SIZE_MAX,
  resourceEndpoints,
  type ActivityVerification,
  type Certificate,
  type Page,
  type Task,
} from '@duly/shared/core';

/** All of one person's items of a list, by the query parameter that names the person. */
const workOf = (personParam: string) => (userId: string) => ({
  [personParam]: userId,
  limit: PAGE_SIZE_MAX,
});

export const injectEmployeeEndpoints = featureEndpoints((build) => ({
  ...resourceEndpoints(build, 'employees', 'Employee', '/employees/'),
  employeesResendInvitation: build.mutation<{ message: string }, string>({
    query: (id) => ({ url: itemUrl('/employees/', id, '/invitation'), method: 'POST' }),
  }),
  employeesAssignedTasks: build.query<Page<Task>, string>(
    pageQuery('Task', '/tasks/', workOf('assigned_to_user_id')),
  ),
  employeesInChargeCertificates: build.query<Page<Certificate>, string>(
    pageQuery('Certificate', '/certificates/', workOf('incharge_person_id')),
  ),
  // The organisation's chain walked by the server (admins); never cached: each click asks.
  employeesActivityVerify: build.query<ActivityVerification, void>({
    query: () => ({ url: '/activity/verify' }),
    keepUnusedDataFor: 0,
  }),
}));

export const employeesApi = injectEmployeeEndpoints(baseApi);

export const {
  useEmployeesListQuery,
  useEmployeesGetQuery,
  useEmployeesCreateMutation,
  useEmployeesUpdateMutation,
  useEmployeesResendInvitationMutation,
  useEmployeesAssignedTasksQuery,
  useEmployeesInChargeCertificatesQuery,
  useLazyEmployeesActivityVerifyQuery,
} = employeesApi;
