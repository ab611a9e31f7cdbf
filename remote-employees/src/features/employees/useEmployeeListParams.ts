import {
  DEPARTMENTS,
  EMPLOYEE_STATUSES,
  PAGE_SIZE_DEFAULT,
  ROLES,
  useListParams,
  type ListView,
} from '@duly/shared';

/** People per page of the list. */
export const EMPLOYEES_PAGE_SIZE = PAGE_SIZE_DEFAULT;

/** The columns the list sorts by (the API's EMPLOYEE_SORTS); the API's default is the full name. */
export const EMPLOYEE_SORT_COLUMNS = ['full_name', 'email'] as const;
export const EMPLOYEE_DEFAULT_SORT = 'full_name';

export const EMPLOYEE_LIST = {
  pageSize: EMPLOYEES_PAGE_SIZE,
  filters: { status: EMPLOYEE_STATUSES, role: ROLES, department: DEPARTMENTS },
  sorts: EMPLOYEE_SORT_COLUMNS,
  defaultSort: EMPLOYEE_DEFAULT_SORT,
};

export type EmployeeListView = ListView<typeof EMPLOYEE_LIST.filters>;

/**
 * /employees' page, filters (status, role, department), order and search by name or email,
 * kept in the URL (`/employees?role=manager&department=Sales&q=priya&page=2`) by the shared
 * `useListParams`.
 */
export function useEmployeeListParams(): EmployeeListView {
  return useListParams(EMPLOYEE_LIST);
}
