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
  listTags,
  PAGE_SIZE_MAX,
  toPage,
  type Certificate,
  type CreateEmployeePayload,
  type Employee,
  type EmployeeListParams,
  type Page,
  type Task,
  type UpdateEmployeePayload,
} from '@duly/shared';

export interface UpdateEmployeeArgs {
  id: string;
  changes: UpdateEmployeePayload;
}

/** Every list of people, whichever remote renders it. */
const EMPLOYEE_LISTS = [{ type: 'Employee', id: 'LIST' }] as const;

/** Injects the people endpoints into `api`; throws when one of the names is already taken. */
export function injectEmployeeEndpoints(api: typeof baseApi) {
  return api.injectEndpoints({
    overrideExisting: 'throw',
    endpoints: (build) => ({
      employeesList: build.query<Page<Employee>, EmployeeListParams>({
        query: (params) => ({ url: '/employees/', params }),
        transformResponse: (items: Employee[], meta) => toPage(items, meta),
        providesTags: (page) => listTags('Employee', page?.items),
      }),

      employeesGet: build.query<Employee, string>({
        query: (id) => ({ url: `/employees/${encodeURIComponent(id)}` }),
        providesTags: (_employee, _error, id) => [{ type: 'Employee', id }],
      }),

      employeesCreate: build.mutation<Employee, CreateEmployeePayload>({
        query: (payload) => ({ url: '/employees/', method: 'POST', data: payload }),
        invalidatesTags: [...EMPLOYEE_LISTS, 'Dashboard'],
      }),

      employeesUpdate: build.mutation<Employee, UpdateEmployeeArgs>({
        query: ({ id, changes }) => ({
          url: `/employees/${encodeURIComponent(id)}`,
          method: 'PUT',
          data: changes,
        }),
        invalidatesTags: (_employee, _error, { id }) => [
          { type: 'Employee', id },
          ...EMPLOYEE_LISTS,
          'Dashboard',
        ],
      }),

      /** Mails the person a new invitation link; their older link stops working. */
      employeesResendInvitation: build.mutation<{ message: string }, string>({
        query: (id) => ({
          url: `/employees/${encodeURIComponent(id)}/invitation`,
          method: 'POST',
        }),
      }),

      /** The tasks assigned to one person, soonest due first (the API's default order). */
      employeesAssignedTasks: build.query<Page<Task>, string>({
        query: (userId) => ({
          url: '/tasks/',
          params: { assigned_to_user_id: userId, limit: PAGE_SIZE_MAX },
        }),
        transformResponse: (items: Task[], meta) => toPage(items, meta),
        providesTags: (page) => listTags('Task', page?.items),
      }),

      /** The certificates one person is in charge of, soonest expiry first. */
      employeesInChargeCertificates: build.query<Page<Certificate>, string>({
        query: (userId) => ({
          url: '/certificates/',
          params: { incharge_person_id: userId, limit: PAGE_SIZE_MAX },
        }),
        transformResponse: (items: Certificate[], meta) => toPage(items, meta),
        providesTags: (page) => listTags('Certificate', page?.items),
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
} = employeesApi;
