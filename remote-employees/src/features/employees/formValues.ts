/**
 * Employee form values ⇄ API payloads. The form holds strings; the API wants null for an empty
 * name, phone or department, and the email trimmed (it lower-cases it itself).
 */
import type { EmployeeFormValues } from '@duly/shared/forms';
import {
  blankToNull,
  DEFAULT_DEPARTMENT,
  DEFAULT_EMPLOYEE_ROLE,
  type CreateEmployeePayload,
  type Employee,
  type EmployeeStatus,
  type Role,
  type UpdateEmployeePayload,
} from '@duly/shared/core';

export { employeeInitialValues } from '@duly/shared/forms';

/**
 * The edit form's starting values. A person without a department starts on Engineering and one
 * without a role on 'employee' (spec 9).
 */
export function toFormValues(person: Employee): EmployeeFormValues {
  return {
    firstName: person.firstName ?? '',
    lastName: person.lastName ?? '',
    email: person.email,
    phone: person.phone ?? '',
    department: person.department?.trim() || DEFAULT_DEPARTMENT,
    role: person.role || DEFAULT_EMPLOYEE_ROLE,
    status: person.status,
  };
}

/** PUT /employees/{id}: every field of the form (spec 7). */
export function toUpdatePayload(values: EmployeeFormValues): UpdateEmployeePayload {
  return {
    firstName: blankToNull(values.firstName),
    lastName: blankToNull(values.lastName),
    email: values.email.trim(),
    phone: blankToNull(values.phone),
    department: blankToNull(values.department),
    // The schema only lets through a role and a status the API knows.
    role: values.role as Role,
    status: values.status as EmployeeStatus,
  };
}

/** POST /employees/: the form plus the creator's organisation (spec 7; the API checks it). */
export function toCreatePayload(
  values: EmployeeFormValues,
  organizationId: string | undefined,
): CreateEmployeePayload {
  const { email, ...rest } = toUpdatePayload(values);
  return {
    ...rest,
    email: email ?? '',
    ...(organizationId ? { organization_id: organizationId } : {}),
  };
}
