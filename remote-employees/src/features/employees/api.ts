/**
 * The people endpoints, injected into the app's one `baseApi` (ARCHITECTURE 3).
 *
 * Names start with `employees` (this remote owns that prefix), `overrideExisting: 'throw'` turns
 * a name clash with another remote into an error at start-up. Tags: people provide `Employee`
 * (a save invalidates the person, every list of people, the task form's assignee list included,
 * and `Dashboard` for the employee count). The employee page's work lists are read through
 * endpoints of this remote but tagged `Task` and `Certificate`, so completing a task or saving a
 * certificate in another remote refreshes them without either remote naming the other.
 */
import {
  baseApi,
  createMutation,
  itemQuery,
  itemUrl,
  pageQuery,
  PAGE_SIZE_MAX,
  updateMutation,
  type ActivityVerification,
  type Certificate,
  type CreateEmployeePayload,
  type Employee,
  type EmployeeListParams,
  type Page,
  type Task,
  type UpdateArgs,
  type UpdateEmployeePayload,
} from '@duly/shared/core';

export type UpdateEmployeeArgs = UpdateArgs<UpdateEmployeePayload>;

export function injectEmployeeEndpoints(api: typeof baseApi) {
  return api.injectEndpoints({
    overrideExisting: 'throw',
    endpoints: (build) => ({
      employeesList: build.query<Page<Employee>, EmployeeListParams>(
        pageQuery('Employee', '/employees/'),
      ),
      employeesGet: build.query<Employee, string>(itemQuery('Employee', '/employees/')),
      employeesCreate: build.mutation<Employee, CreateEmployeePayload>(
        createMutation('Employee', '/employees/'),
      ),
      employeesUpdate: build.mutation<Employee, UpdateEmployeeArgs>(
        updateMutation('Employee', '/employees/'),
      ),
      employeesResendInvitation: build.mutation<{ message: string }, string>({
        query: (id) => ({ url: itemUrl('/employees/', id, '/invitation'), method: 'POST' }),
      }),
      employeesAssignedTasks: build.query<Page<Task>, string>(
        pageQuery('Task', '/tasks/', (userId) => ({
          assigned_to_user_id: userId,
          limit: PAGE_SIZE_MAX,
        })),
      ),
      employeesInChargeCertificates: build.query<Page<Certificate>, string>(
        pageQuery('Certificate', '/certificates/', (userId) => ({
          incharge_person_id: userId,
          limit: PAGE_SIZE_MAX,
        })),
      ),
      // The organisation's chain walked by the server (admins); never cached: each click asks.
      employeesActivityVerify: build.query<ActivityVerification, void>({
        query: () => ({ url: '/activity/verify' }),
        keepUnusedDataFor: 0,
      }),
    }),
  });
}

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
